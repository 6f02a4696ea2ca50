// Issue edges: the value excerpt's 120-character bound, values that are absent or not JSON, and each repair code.
import { describe, expect, it } from 'vitest';
import { isRepair, issue, REPAIR_CODES } from '../../../pipeline/normalise/issues.ts';

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
    const found = issue('name', 'code', value);
    expect(found).toEqual(shown === undefined ? { field: 'name', code: 'code' } : { field: 'name', code: 'code', value: shown });
    expect('value' in found).toBe(shown !== undefined);
  });

  it('keeps a detail, even an empty one, and leaves it out when not given', () => {
    expect(issue('name', 'code', 'v', '')).toEqual({ field: 'name', code: 'code', value: 'v', detail: '' });
    expect('detail' in issue('name', 'code', 'v')).toBe(false);
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
  it('has exactly the thirteen repair codes', () => {
    expect([...REPAIR_CODES].sort()).toEqual([
      'city-from-full-address',
      'city-tidied',
      'duplicate-phone',
      'extension-dropped',
      'extra-email-text',
      'postal-code-from-full-address',
      'public-body',
      'scheme-repaired',
      'several-urls',
      'state-tidied',
      'street-from-full-address',
      'too-many-phones',
      'tracking-removed',
    ]);
  });
});
