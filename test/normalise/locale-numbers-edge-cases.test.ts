// Locale-number edges the main tests leave open: signs only in front, exponents and stray characters refused, the
// three-digit thousands rule's bounds, broken space groups, a fraction of several digits, and each issue's text.
import { describe, expect, it } from 'vitest';
import { parseLocaleNumber, parseRating, parseReviewCount } from '../../pipeline/normalise/locale-numbers.ts';
import type { Language } from '../../model/countries.ts';

describe('parseLocaleNumber edge cases', () => {
  it.each<[Language, string, number | null]>([
    // a sign only in front; a minus sign or en dash reads as minus
    ['es', '+4', 4],
    ['es', '4+5', null],
    ['es', '−3,2', -3.2],
    ['es', '–3', -3],
    ['es', '4-5', null],
    // no exponent, no stray letters
    ['es', '1,5e3', null],
    // a leading separator takes a fraction of any length, never thousands
    ['en', '.55', 0.55],
    ['es', '.500', 0.5],
    // both kinds of separator: the last is the decimal one and the other must group thousands
    ['es', '1,234.567,5', null],
    ['es', '12.34,5', null],
    ['es', '1.234.567,5', 1234567.5],
    // one separator and three digits: thousands only after one to three digits not starting with 0
    ['es', '123.456', 123456],
    ['es', '1234.567', 1234.567],
    ['es', '10.500', 10500],
    ['es', '1.2345.678', null],
    // space groups
    ['fr', '1  910', 1910],
    ['fr', '1 234 567', 1234567],
    ['fr', '12 345,55', 12345.55],
    ['fr', '1 2345', null],
    ['fr', '1234 567', null],
    ['fr', '1 2345 678', null],
    ['fr', '1 910,5,5', null],
  ])('in %s reads %j as %j', (language, text, expected) => {
    expect(parseLocaleNumber(text, language)).toBe(expected);
  });
});

describe('parseRating edge cases', () => {
  it.each<[string, number | null]>([
    ['4,2/5 ', 4.2],
    ['4 / 5', 4],
    [' 4,5 ★ ', 4.5],
    ['★4', null],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseRating(raw, 'en').value).toBe(expected);
  });

  it.each<[unknown, string, string | undefined]>([
    [true, 'wrong-type', 'expected a number, got a boolean'],
    ['6', 'out-of-range', 'a rating runs from 0 to 5'],
    ['★4', 'unreadable-number', undefined],
  ])('rejects %j as %s: %j', (raw, code, detail) => {
    const value = typeof raw === 'string' ? raw : JSON.stringify(raw);
    expect(parseRating(raw, 'es')).toEqual({
      value: null,
      issues: [{ field: 'rating', code, value, ...(detail === undefined ? {} : { detail }) }],
    });
  });
});

describe('parseReviewCount edge cases', () => {
  it.each<[Language, string, number | null]>([
    ['fr', '( 12k )', 12000],
    ['fr', ' (1 910) ', 1910],
    ['en', '35 Reviews', 35],
    ['en', '12K', 12000],
    ['en', '12 K', 12000],
    ['es', '1 (234)', null],
    ['es', '(35) reseñas', 35],
    ['es', '(35 reseñas)', 35],
    ['es', '( 35 reseñas )', 35],
    ['es', ' (35 reseñas) ', 35],
    ['es', '(3)5', null],
    ['es', '(3)5 reseñas', null],
    ['en', '1.2.3k', null],
  ])('in %s reads %j as %j', (language, raw, expected) => {
    expect(parseReviewCount(raw, language).value).toBe(expected);
  });

  it.each<[unknown, string, string | undefined]>([
    [true, 'wrong-type', 'expected a number, got a boolean'],
    ['1,5', 'not-an-integer', 'a review count is a whole number'],
    ['-3', 'out-of-range', 'a review count is a non-negative integer'],
    ['1.2.3k', 'unreadable-number', undefined],
  ])('rejects %j as %s: %j', (raw, code, detail) => {
    const value = typeof raw === 'string' ? raw : JSON.stringify(raw);
    expect(parseReviewCount(raw, 'es')).toEqual({
      value: null,
      issues: [{ field: 'reviewCount', code, value, ...(detail === undefined ? {} : { detail }) }],
    });
  });
});
