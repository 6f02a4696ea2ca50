// pipeline/normalise/suppression.ts: its rules input → output, then the edges mutation testing found.
import { describe, expect, it } from 'vitest';
import { createSuppressionMatcher, formatSuppressionEntry, parseSuppressionList, canonicalValue, EMPTY_SUPPRESSION_LIST } from '../../../pipeline/normalise/suppression.ts';

describe('parseSuppressionList', () => {
  it('reads ids, phones and domains with notes, skipping comments and blank lines', () => {
    const parsed = parseSuppressionList(
      ['# header', '', 'id es-mad-1  # owner asked 2026-01-02', 'phone +34 912 345 678', 'domain Example.COM.', '#id es-x'].join('\n'),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.list).toEqual({ ids: ['es-mad-1'], phones: ['+34912345678'], domains: ['example.com'] });
    expect(parsed.entries[0]).toMatchObject({ kind: 'id', note: 'owner asked 2026-01-02', line: 3 });
  });

  it('reports malformed lines with their line number instead of skipping them', () => {
    const parsed = parseSuppressionList('id es-1\nbanana split\nphone\nid a b');
    expect(parsed.errors.map((e) => e.line)).toEqual([2, 3, 4]);
  });

  it('formats an entry that parses back to itself', () => {
    const line = formatSuppressionEntry('domain', 'Spam.ES', 'ticket 12\nsecond line');
    expect(line).toBe('domain spam.es  # ticket 12 second line');
    expect(parseSuppressionList(line).list.domains).toEqual(['spam.es']);
  });
});

describe('createSuppressionMatcher', () => {
  const match = createSuppressionMatcher({ ids: ['es-1'], phones: ['+34912345678'], domains: ['spam.es'] });
  it.each([
    ['by id', { id: 'es-1', phones: [], websiteDomain: null }, ['suppressed-id']],
    ['by any phone', { id: 'es-2', phones: ['+34600000000', '+34912345678'], websiteDomain: null }, ['suppressed-phone']],
    ['by website domain', { id: 'es-2', phones: [], websiteDomain: 'spam.es' }, ['suppressed-domain']],
    ['not at all', { id: 'es-2', phones: ['+34600000000'], websiteDomain: 'ham.es' }, []],
    ['without an id', { id: null, phones: [], websiteDomain: null }, []],
  ])('matches %s', (_name, candidate, reasons) => {
    expect(match(candidate)).toEqual(reasons);
  });
});

// Suppression list edges the main tests leave open: notes and "#" inside values, spacing, canonical forms, error texts.
describe('edge cases', () => {
  describe('parseSuppressionList lines', () => {
    const entries: [string, { kind: string; value: string; note: string }][] = [
      ['id ChIJ1  # opted out  ', { kind: 'id', value: 'ChIJ1', note: 'opted out' }],
      ['id ChIJ1', { kind: 'id', value: 'ChIJ1', note: '' }], // no note
      ['id a#b', { kind: 'id', value: 'a#b', note: '' }], // "#" inside a value is not a comment
      ['id x #why', { kind: 'id', value: 'x', note: 'why' }],
      ['id  two-spaces', { kind: 'id', value: 'two-spaces', note: '' }],
      ['id ABC', { kind: 'id', value: 'ABC', note: '' }], // ids keep their case
      ['phone +34-612-345-678 # call', { kind: 'phone', value: '+34612345678', note: 'call' }],
      ['phone +34 612 345 678', { kind: 'phone', value: '+34612345678', note: '' }],
      ['domain ..Hotel.ES..', { kind: 'domain', value: 'hotel.es', note: '' }],
    ];
    it.each(entries)('reads %j as %j', (line, entry) => {
      expect(parseSuppressionList(line)).toMatchObject({ entries: [{ ...entry, line: 1 }], errors: [] });
    });

    it.each(['bogus line', 'id', 'id a b'])('rejects %j, quoting it', (line) => {
      expect(parseSuppressionList(`# header\n${line}`)).toEqual({
        list: EMPTY_SUPPRESSION_LIST,
        entries: [],
        errors: [{ line: 2, message: `expected "<id|phone|domain> <value>  # note", got "${line}"` }],
      });
    });
  });

  describe('canonicalValue and formatSuppressionEntry', () => {
    it.each([
      ['id', '  ChIJ  ', 'ChIJ'],
      ['domain', ' ..Hotel.ES.. ', 'hotel.es'],
      ['phone', ' +34 (612) 345-678 ', '+34612345678'],
    ] as const)('%s %j is %j', (kind, value, canonical) => {
      expect(canonicalValue(kind, value)).toBe(canonical);
    });

    it.each([
      ['id', 'abc', '', 'id abc'],
      ['domain', 'Hotel.ES', ' asked\r\n\r\nby mail ', 'domain hotel.es  # asked by mail'],
    ] as const)('writes %s %j with note %j as %j', (kind, value, note, line) => {
      expect(formatSuppressionEntry(kind, value, note)).toBe(line);
    });
  });

  describe('who added an entry and when: the [added … by …] stamp at the end of its note', () => {
    const AT = '2026-11-25T10:00:00.123Z';
    it.each<[string, Record<string, unknown>]>([
      [`id x  # opted out  [added ${AT} by ops@example.test]`, { note: 'opted out', addedAt: AT, addedBy: 'ops@example.test' }],
      ['id x  # [added 2026-11-25T10:00:00Z by console:Ana Ruiz ]', { note: '', addedAt: '2026-11-25T10:00:00Z', addedBy: 'console:Ana Ruiz' }],
      // No space is needed before the stamp; the note keeps what comes before it.
      [`id x  # asked by mail[added ${AT} by ops]`, { note: 'asked by mail', addedAt: AT, addedBy: 'ops' }],
    ])('reads %j', (line, expected) => {
      const entry = parseSuppressionList(line).entries[0]!;
      expect(entry).toEqual({ kind: 'id', value: 'x', line: 1, ...expected });
    });

    it.each([
      `id x  # [added ${AT} by ops] and more`, // not at the end
      'id x  # [added 26-11-25T10:00:00Z by ops]', // a year of two digits
      'id x  # [added 2026-11-25 by ops]', // no time
      'id x  # [added 2026-11-25T10:00:00Z by ]', // nobody
    ])('leaves %j a plain note', (line) => {
      const entry = parseSuppressionList(line).entries[0]!;
      expect(entry).toEqual({ kind: 'id', value: 'x', line: 1, note: line.slice(line.indexOf('#') + 2) });
    });

    it('writes the stamp after the note, two spaces apart, with a name that cannot close or break it, and reads it back', () => {
      const line = formatSuppressionEntry('domain', 'Hotel.ES', 'asked', { at: AT, by: ' Ana ]\r\nRuiz ' });
      expect(line).toBe(`domain hotel.es  # asked  [added ${AT} by Ana  Ruiz]`);
      expect(parseSuppressionList(line).entries[0]).toEqual({ kind: 'domain', value: 'hotel.es', line: 1, note: 'asked', addedAt: AT, addedBy: 'Ana  Ruiz' });
      expect(formatSuppressionEntry('id', 'x', '', { at: AT, by: 'ops' })).toBe(`id x  # [added ${AT} by ops]`);
    });
  });

  describe('the empty suppression list', () => {
    it('holds nothing and suppresses nothing', () => {
      expect(EMPTY_SUPPRESSION_LIST).toEqual({ ids: [], phones: [], domains: [] });
      const matches = createSuppressionMatcher(EMPTY_SUPPRESSION_LIST);
      expect(matches({ id: 'anything', phones: ['anything'], websiteDomain: 'anything' })).toEqual([]);
    });
  });
});
