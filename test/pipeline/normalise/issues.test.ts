// Issue edges: the value excerpt's 120-character bound, values that are absent or not JSON, and each repair code.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ISSUE_CODES, isRepair, issue, REPAIR_CODES, type IssueCode } from '../../../pipeline/normalise/issues.ts';

/** A code the excerpt rules never read: any string does for them. */
const code = 'code' as IssueCode;

describe('issue edge cases', () => {
  it.each<[unknown, string | undefined]>([
    ['x'.repeat(120), 'x'.repeat(120)],
    ['x'.repeat(121), `${'x'.repeat(117)}...`],
    ['', ''],
    [0, '0'],
    [false, 'false'],
    [{ a: 1 }, '{"a":1}'],
    [[1, 'b'], '[1,"b"]'],
    [() => 1, '() => 1'],
    [undefined, undefined],
    [null, undefined],
  ])('shows the value %j as %j', (value, shown) => {
    const found = issue('name', code, value);
    expect(found).toEqual(shown === undefined ? { field: 'name', code: 'code' } : { field: 'name', code: 'code', value: shown });
    expect('value' in found).toBe(shown !== undefined);
  });

  it('keeps a detail, even an empty one, and leaves it out when not given', () => {
    expect(issue('name', code, 'v', '')).toEqual({ field: 'name', code: 'code', value: 'v', detail: '' });
    expect('detail' in issue('name', code, 'v')).toBe(false);
  });
});

describe('isRepair', () => {
  it.each(['tracking-removed', 'scheme-repaired', 'extension-dropped', 'extra-email-text', 'duplicate-phone', 'too-many-phones'])(
    'counts %s as a repair',
    (code) => {
      expect(isRepair(code)).toBe(true);
    },
  );
  it.each(['invalid-phone', 'wrong-type', '', 'Tracking-removed'])('does not count %j as a repair', (code) => {
    expect(isRepair(code)).toBe(false);
  });
  it('has exactly the twenty-two repair codes', () => {
    expect([...REPAIR_CODES].sort()).toEqual([
      'article-moved',
      'city-from-full-address',
      'city-from-gazetteer',
      'city-official-name',
      'city-tidied',
      'duplicate-phone',
      'extension-dropped',
      'extra-email-text',
      'postal-code-from-full-address',
      'postal-code-repaired',
      'public-body',
      'scheme-repaired',
      'several-urls',
      'state-from-postal-code',
      'state-tidied',
      'stray-character-dropped',
      'street-from-full-address',
      'street-is-town-and-postal-code',
      'street-label-dropped',
      'street-name-dropped',
      'street-postal-town-dropped',
      'street-prose-dropped',
      'too-many-phones',
      'tracking-removed',
    ]);
  });
});

describe('ISSUE_CODES', () => {
  const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const source = readdirSync(path.join(ROOT, 'pipeline'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && entry.name !== 'issues.ts')
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');

  it('names no code that no rule gives (the table is the one list, and it holds nothing stale)', () => {
    expect(Object.keys(ISSUE_CODES).filter((name) => !source.includes(`'${name}'`))).toEqual([]);
  });

  it('is where REPAIR_CODES comes from', () => {
    expect([...REPAIR_CODES].sort()).toEqual(Object.keys(ISSUE_CODES).filter((name) => ISSUE_CODES[name as IssueCode] === 'repair').sort());
  });
});
