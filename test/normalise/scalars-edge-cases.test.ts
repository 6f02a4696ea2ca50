// Scalar rule edges the main tests leave open: each issue's detail, the last second of a day, leap centuries, padding.
import { describe, expect, it } from 'vitest';
import { describeType, normaliseProviderId, normaliseText, parseBusinessStatus, parseCrawledAt, parseVerified } from '../../pipeline/normalise/scalars.ts';

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
