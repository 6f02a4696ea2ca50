// Suppression list edges the main tests leave open: notes and "#" inside values, spacing, canonical forms, error texts.
import { describe, expect, it } from 'vitest';
import {
  canonicalValue,
  createSuppressionMatcher,
  EMPTY_SUPPRESSION_LIST,
  formatSuppressionEntry,
  parseSuppressionList,
} from '../../pipeline/normalise/suppression.ts';

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

describe('the empty suppression list', () => {
  it('holds nothing and suppresses nothing', () => {
    expect(EMPTY_SUPPRESSION_LIST).toEqual({ ids: [], phones: [], domains: [] });
    const matches = createSuppressionMatcher(EMPTY_SUPPRESSION_LIST);
    expect(matches({ id: 'anything', phones: ['anything'], websiteDomain: 'anything' })).toEqual([]);
  });
});
