// Scalar rule edges the main tests leave open: each issue's detail, the last second of a day, leap centuries, padding.
import { describe, expect, it } from 'vitest';
import { normaliseProviderId, parseBusinessStatus, parseCrawledAt, parseVerified } from '../../pipeline/normalise/scalars.ts';

describe('scalar issue details', () => {
  it.each([
    [normaliseProviderId([]), 'providerId', 'wrong-type', '[]', 'expected text, got an array'],
    [parseVerified('maybe'), 'verified', 'unreadable-boolean', 'maybe', 'not a yes/no value; read as false'],
    [parseCrawledAt(5), 'crawledAt', 'wrong-type', '5', 'expected an ISO 8601 string, got a number'],
    [parseCrawledAt('nope'), 'crawledAt', 'invalid-date', 'nope', 'not an ISO 8601 date or date-time'],
    [parseBusinessStatus(5), 'businessStatus', 'wrong-type', '5', 'expected text, got a number'],
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
