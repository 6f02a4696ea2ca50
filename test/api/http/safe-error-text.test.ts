// How an error text quotes client input: key-shaped values masked, a long run cut, the whole text bounded.
import { describe, expect, it } from 'vitest';
import { MAX_ERROR_TEXT, MAX_QUOTED_RUN, quoteClientValue, safeErrorText } from '../../../api/http/safe-error-text.ts';

describe('quoteClientValue', () => {
  it('masks a key-shaped value and cuts a long one', () => {
    expect(quoteClientValue('lds_live_abc123')).toBe('[REDACTED]');
    expect(quoteClientValue('country')).toBe('country');
    const long = quoteClientValue('x'.repeat(MAX_QUOTED_RUN + 10));
    expect(long).toBe(`${'x'.repeat(MAX_QUOTED_RUN)}…`);
  });
});

describe('safeErrorText', () => {
  it('masks secrets anywhere in the text and cuts each long run of non-space characters', () => {
    const text = safeErrorText(`unknown tool "${'a'.repeat(200)}" called with lds_live_secret1 and more`);
    expect(text).toBe(`unknown tool "${'a'.repeat(MAX_QUOTED_RUN - 1)}… called with [REDACTED] and more`);
  });

  it('bounds the whole text', () => {
    const text = safeErrorText('word '.repeat(1000));
    expect(text.length).toBe(MAX_ERROR_TEXT + 1);
    expect(text.endsWith('…')).toBe(true);
  });

  it('leaves a short text of ours as it is', () => {
    expect(safeErrorText('limit: must be an integer from 1 to 100')).toBe('limit: must be an integer from 1 to 100');
  });
});
