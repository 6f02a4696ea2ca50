// The suppression checks shared by `lodging suppress` and the console: typed-text rules on value and note, then each kind's form.
import { describe, expect, it } from 'vitest';
import { SuppressionInputError, checkSuppression } from '../../../pipeline/suppression/suppressions.ts';

async function refusal(request: { kind: string; value: string; note?: string }): Promise<{ field: string; message: string } | null> {
  try {
    await checkSuppression(request, true);
    return null;
  } catch (error) {
    if (!(error instanceof SuppressionInputError)) throw error;
    return { field: error.field, message: error.message };
  }
}

describe('checkSuppression', () => {
  it.each([
    ['a value of 10,000 characters', { kind: 'id', value: 'x'.repeat(10_000), note: 'n' }, 'value', /at most 300/],
    ['a value of 301 characters', { kind: 'domain', value: `${'a'.repeat(297)}.com`, note: 'n' }, 'value', /1 to 300/],
    ['a NUL in the value', { kind: 'id', value: 'es-\u0000a', note: 'n' }, 'value', /control or text-direction/],
    ['a C1 control in the value', { kind: 'domain', value: 'exa\u009bmple.com', note: 'n' }, 'value', /control or text-direction/],
    ['a bidi override in the value', { kind: 'domain', value: 'moc.\u202eexample', note: 'n' }, 'value', /control or text-direction/],
    ['a bidi isolate in the value', { kind: 'id', value: 'es-\u2066a', note: 'n' }, 'value', /control or text-direction/],
    ['an escape in the note', { kind: 'id', value: 'es-a', note: 'owner \u001b[31m' }, 'note', /control or text-direction/],
    ['a bidi override in the note', { kind: 'id', value: 'es-a', note: 'owner \u202e' }, 'note', /control or text-direction/],
    ['a note of 501 characters', { kind: 'id', value: 'es-a', note: 'n'.repeat(501) }, 'note', /0 to 500/],
    ['a domain of only a dot', { kind: 'domain', value: '.', note: 'n' }, 'value', /needs a name/],
  ])('refuses %s, naming the field', async (_what, request, field, message) => {
    const refused = await refusal(request);
    expect(refused?.field).toBe(field);
    expect(refused?.message).toMatch(message);
  });

  it('keeps a value of exactly 300 characters, NFC-normalised and trimmed; a note line break becomes a space', async () => {
    const long = `es-${'a'.repeat(297)}`;
    expect((await checkSuppression({ kind: 'id', value: ` ${long} `, note: 'n' }, true)).value).toBe(long);
    expect(await checkSuppression({ kind: 'id', value: 'es-cafe\u0301', note: 'first\r\nsecond\tthird' }, true)).toEqual({
      kind: 'id',
      value: 'es-caf\u00e9',
      note: 'first second third',
    });
  });

  it('still asks for a note when adding, and not when removing', async () => {
    expect(await refusal({ kind: 'id', value: 'es-a', note: '  ' })).toMatchObject({ field: 'note', message: /note is required/ });
    expect(await checkSuppression({ kind: 'id', value: 'es-a' }, false)).toEqual({ kind: 'id', value: 'es-a', note: '' });
  });
});
