// pipeline/normalise/scalars.ts: its rules input → output, then the edges mutation testing found.
import { describe, expect, it } from 'vitest';
import { normaliseProviderId, normaliseText, parseBusinessStatus, parseCrawledAt, parseVerified, describeType } from '../../../pipeline/normalise/scalars.ts';

const codes = (result: { issues: { code: string }[] }) => result.issues.map((found) => found.code);

describe('normaliseText', () => {
  it.each([
    ['trims and keeps a plain name', '  Hotel Aguere  ', 'Hotel Aguere'],
    ['collapses inner whitespace, NBSP and narrow NBSP included', 'Le\u00A0Relais \u202F Saint\t\nMichel', 'Le Relais Saint Michel'],
    ['strips control and zero-width characters', 'Casa\u0000 Rural\u200B Anton\u0007', 'Casa Rural Anton'],
    ['keeps accents and punctuation as published', "L'Hospitalet · Ñandú", "L'Hospitalet · Ñandú"],
    ['accepts a number as text', 12345, '12345'],
  ])('%s', (_behaviour, raw, expected) => {
    expect(normaliseText(raw, 'name')).toEqual({ value: expected, issues: [] });
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
    ['only whitespace', ' \u00A0 '],
    ['only invisible characters', '\u200B\uFEFF'],
  ])('reads %s as missing, without an issue', (_name, raw) => {
    expect(normaliseText(raw, 'name')).toEqual({ value: null, issues: [] });
  });

  it.each([
    ['a boolean', true],
    ['an object', { text: 'x' }],
    ['an array', ['x']],
  ])('reports %s as wrong-type on the given field', (_name, raw) => {
    const result = normaliseText(raw, 'legalName');
    expect(result.value).toBeNull();
    expect(result.issues).toEqual([expect.objectContaining({ field: 'legalName', code: 'wrong-type' })]);
  });
});

describe('normaliseProviderId', () => {
  it.each([
    ['a string, trimmed', ' tfe-0001 ', 'tfe-0001'],
    ['a finite number, as text', 78018, '78018'],
    ['reserved URL characters, kept', 'a/b?c#d', 'a/b?c#d'],
  ])('accepts %s', (_behaviour, raw, expected) => {
    expect(normaliseProviderId(raw)).toEqual({ value: expected, issues: [] });
  });

  it.each([undefined, null, '', '   '])('leaves the missing id %j to the status, without an issue', (raw) => {
    expect(normaliseProviderId(raw)).toEqual({ value: null, issues: [] });
  });

  it.each([[true], [{ id: 1 }], [[1]]])('reports %j as wrong-type', (raw) => {
    const result = normaliseProviderId(raw);
    expect(result.value).toBeNull();
    expect(result.issues).toEqual([expect.objectContaining({ field: 'providerId', code: 'wrong-type' })]);
  });
});

describe('parseVerified', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['FALSE', false],
    ['Yes', true],
    ['no', false],
    ['1', true],
    ['0', false],
    [1, true],
    [0, false],
    [' oui ', true],
    ['sim', true],
    ['sí', true],
    ['non', false],
  ])('reads %j as %s', (raw, expected) => {
    expect(parseVerified(raw)).toEqual({ value: expected, issues: [] });
  });

  it.each([undefined, null, ''])('reads missing %j as false without an issue', (raw) => {
    expect(parseVerified(raw)).toEqual({ value: false, issues: [] });
  });

  it.each([
    ['maybe', 'unreadable-boolean'],
    [2, 'unreadable-boolean'],
    [{ verified: true }, 'wrong-type'],
    [['true'], 'wrong-type'],
  ])('reads %j as false and reports %s', (raw, code) => {
    const result = parseVerified(raw);
    expect(result.value).toBe(false);
    expect(codes(result)).toEqual([code]);
  });
});

describe('parseCrawledAt', () => {
  it.each([
    ['a date (Madrid export)', '2016-04-08', '2016-04-08T00:00:00.000Z'],
    ['a date-time without offset, read as UTC (Tenerife export)', '2015-04-11T16:04:42', '2015-04-11T16:04:42.000Z'],
    ['a UTC date-time', '2015-04-11T16:04:42Z', '2015-04-11T16:04:42.000Z'],
    ['a date-time with an offset', '2015-04-11T16:04:42+02:00', '2015-04-11T14:04:42.000Z'],
    ['a compact offset', '2015-04-11T16:04:42-0130', '2015-04-11T17:34:42.000Z'],
    ['a space instead of T, without seconds', '2015-04-11 16:04', '2015-04-11T16:04:00.000Z'],
    ['fractions beyond milliseconds, truncated', '2015-04-11T16:04:42.123456Z', '2015-04-11T16:04:42.123Z'],
    ['a leap day', '2016-02-29', '2016-02-29T00:00:00.000Z'],
  ])('normalises %s', (_behaviour, raw, expected) => {
    expect(parseCrawledAt(raw)).toEqual({ value: expected, issues: [] });
  });

  it.each(['yesterday', '2015-02-30', '2015-02-29', '2015-13-01', '2015-04-11T25:00', '08/04/2016', '2016-4-8'])(
    'rejects %j as invalid-date',
    (raw) => {
      const result = parseCrawledAt(raw);
      expect(result.value).toBeNull();
      expect(codes(result)).toEqual(['invalid-date']);
    },
  );

  it('reports a number as wrong-type', () => {
    expect(codes(parseCrawledAt(1460073600000))).toEqual(['wrong-type']);
  });

  it.each([undefined, null, ''])('reads missing %j as null without an issue', (raw) => {
    expect(parseCrawledAt(raw)).toEqual({ value: null, issues: [] });
  });
});

describe('parseBusinessStatus', () => {
  it.each([
    ['OPERATIONAL', 'OPERATIONAL'],
    ['operational', 'OPERATIONAL'],
    [' Closed_Temporarily ', 'CLOSED_TEMPORARILY'],
    ['closed permanently', 'CLOSED_PERMANENTLY'],
    ['CLOSED-PERMANENTLY', 'CLOSED_PERMANENTLY'],
  ])('reads %j case-insensitively as %s', (raw, expected) => {
    expect(parseBusinessStatus(raw)).toEqual({ value: expected, issues: [] });
  });

  it.each([
    ['OPEN', 'unknown-business-status'],
    ['cerrado', 'unknown-business-status'],
    [3, 'wrong-type'],
  ])('reads %j as null and reports %s', (raw, code) => {
    const result = parseBusinessStatus(raw);
    expect(result.value).toBeNull();
    expect(result.issues).toEqual([expect.objectContaining({ field: 'businessStatus', code })]);
  });

  it.each([undefined, null, ''])('reads missing %j as null without an issue', (raw) => {
    expect(parseBusinessStatus(raw)).toEqual({ value: null, issues: [] });
  });
});

// Scalar rule edges the main tests leave open: each issue's detail, the last second of a day, leap centuries, padding.
describe('edge cases', () => {
  describe('scalar issue details', () => {
    it.each([
      [normaliseProviderId([]), 'providerId', 'wrong-type', '[]', 'expected text, got an array'],
      [parseVerified('maybe'), 'verified', 'unreadable-boolean', 'maybe', 'not a yes/no value; read as false'],
      [parseCrawledAt(5), 'crawledAt', 'wrong-type', '5', 'expected an ISO 8601 string, got a number'],
      [parseCrawledAt('nope'), 'crawledAt', 'invalid-date', 'nope', 'not an ISO 8601 date or date-time'],
      [parseBusinessStatus(5), 'businessStatus', 'wrong-type', '5', 'expected text, got a number'],
      [parseVerified({ verified: true }), 'verified', 'wrong-type', '{"verified":true}', 'expected a boolean, got an object'],
      [normaliseText(Number.NaN, 'name'), 'name', 'wrong-type', 'null', 'expected text, got a number'],
      [normaliseProviderId(Number.NaN), 'providerId', 'wrong-type', 'null', 'expected text, got a number'],
    ])('%j reports %s %s', (result, field, code, value, detail) => {
      expect(result.issues).toEqual([{ field, code, value, detail }]);
    });
  });

  describe('parseCrawledAt bounds', () => {
    it.each([
      ['2026-01-02T23:59:59Z', '2026-01-02T23:59:59.000Z'],
      [' 2026-01-02T10:00:00Z ', '2026-01-02T10:00:00.000Z'],
      ['2000-02-29T00:00:00Z', '2000-02-29T00:00:00.000Z'], // a leap century
      ['1000-01-01T00:00:00Z', '1000-01-01T00:00:00.000Z'],
    ])('reads %j as %s', (raw, value) => {
      expect(parseCrawledAt(raw)).toEqual({ value, issues: [] });
    });

    it.each(['2026-01-02T24:00:00Z', '2026-01-02T23:60:00Z', '2026-01-02T23:59:60Z', '1900-02-29T00:00:00Z'])('rejects %j', (raw) => {
      expect(parseCrawledAt(raw).value).toBeNull();
    });
  });

  describe('scalar edges found by mutation testing', () => {
    it.each([
      ['0999-03-01T10:00:00Z', '0999-03-01T10:00:00.000Z'], // a year below 1000 keeps its four digits
      ['2024-01-31', '2024-01-31T00:00:00.000Z'], // a leap year's 29-day February bound is February's only
      ['2024-03-31T10:00:00+05', '2024-03-31T05:00:00.000Z'], // an hour-only offset
    ])('reads %j as %s', (raw, value) => {
      expect(parseCrawledAt(raw)).toEqual({ value, issues: [] });
    });

    it.each([
      '2024-01-00', // day zero
      '2024-00-10', // month zero
      '2024-01-01T10:00:00Zjunk', // trailing text
      'on 2024-01-01', // leading text
      '2024-01-01T10:00:00+99:00', // an offset no clock has
    ])('rejects %j as invalid-date', (raw) => {
      expect(parseCrawledAt(raw)).toMatchObject({ value: null, issues: [{ code: 'invalid-date' }] });
    });

    it('reads a business status whose words are joined by " - " or runs of hyphens', () => {
      expect(parseBusinessStatus('closed - temporarily').value).toBe('CLOSED_TEMPORARILY');
      expect(parseBusinessStatus('CLOSED--PERMANENTLY').value).toBe('CLOSED_PERMANENTLY');
    });

    it('names the type of null', () => {
      expect(describeType(null)).toBe('null');
    });
  });
});
