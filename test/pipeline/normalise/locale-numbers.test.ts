// pipeline/normalise/locale-numbers.ts: its rules input → output, then the edges mutation testing found.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../model/countries.ts';
import { parseLocaleNumber, parseRating, parseReviewCount } from '../../../pipeline/normalise/locale-numbers.ts';
import type { Language } from '../../../model/countries.ts';

type Code = keyof typeof COUNTRIES;
const languageOf = (code: Code) => COUNTRIES[code].language;
const codes = (result: { issues: { code: string }[] }) => result.issues.map((found) => found.code);

describe('parseLocaleNumber', () => {
  it.each<[Code, unknown, number]>([
    ['es', '4,5', 4.5],
    ['es', '1.234', 1234],
    ['es', '1,234', 1.234],
    ['es', '1.234.567,89', 1234567.89],
    ['gb', '1,234', 1234],
    ['gb', '1.234', 1.234],
    ['gb', '1,234,567.89', 1234567.89],
    ['gb', '4,5', 4.5],
    ['fr', '3,9', 3.9],
    ['fr', '1.234', 1234],
    ['fr', '1 910', 1910],
    ['fr', '1\u00A0910', 1910],
    ['fr', '1\u202F910', 1910],
    ['fr', '12 345,5', 12345.5],
    ['pt', '1.234', 1234],
    ['pt', '4,25', 4.25],
    ['pt', '0.123', 0.123],
    ['es', '-3,2', -3.2],
    ['gb', '.5', 0.5],
    ['gb', 42, 42],
    ['fr', ' 7 ', 7],
  ])('%#: in %s reads %j as %d', (country, raw, expected) => {
    expect(parseLocaleNumber(raw, languageOf(country))).toBe(expected);
  });

  it.each([
    ['not a number', 'abc'],
    ['a trailing separator', '4.'],
    ['broken space groups', '1 23'],
    ['broken dot groups', '1.23.4'],
    ['a separator used both ways twice', '1,234.5,6'],
    ['a boolean', true],
    ['null', null],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('reads %s as null', (_name, raw) => {
    for (const language of ['es', 'en', 'fr', 'pt'] as const) expect(parseLocaleNumber(raw, language)).toBeNull();
  });

  it.each([
    ['decimal', '1.234', 1.234],
    ['count', '1,234', 1234],
    ['language', '1,234', 1.234],
  ] as const)('with the %s reading, in es reads %j as %d', (reading, raw, expected) => {
    expect(parseLocaleNumber(raw, 'es', reading)).toBe(expected);
  });
});

describe('parseRating', () => {
  it.each<[Code, unknown, number]>([
    ['fr', '3,9', 3.9],
    ['fr', '4.5', 4.5],
    ['es', '4,5', 4.5],
    ['es', '4.5', 4.5],
    ['gb', '4.5', 4.5],
    ['gb', '4,5', 4.5],
    ['pt', '4,50', 4.5],
    ['pt', '4.500', 4.5],
    ['es', 5, 5],
    ['gb', 0, 0],
    ['fr', '4,2/5', 4.2],
    ['pt', ' 3 ', 3],
  ])('%#: in %s reads %j as %d', (country, raw, expected) => {
    expect(parseRating(raw, languageOf(country))).toEqual({ value: expected, issues: [] });
  });

  it.each<[Code, unknown, string]>([
    ['es', '5,1', 'out-of-range'],
    ['gb', -1, 'out-of-range'],
    ['fr', '10', 'out-of-range'],
    ['pt', 'cinco', 'unreadable-number'],
    ['es', '4,5 estrellas', 'unreadable-number'],
    ['gb', true, 'wrong-type'],
    ['fr', { value: 4 }, 'wrong-type'],
  ])('%#: in %s reads %j as null and reports %s', (country, raw, code) => {
    const result = parseRating(raw, languageOf(country));
    expect(result.value).toBeNull();
    expect(result.issues).toEqual([expect.objectContaining({ field: 'rating', code })]);
  });

  it.each([undefined, null, ''])('reads missing %j as null without an issue', (raw) => {
    expect(parseRating(raw, 'es')).toEqual({ value: null, issues: [] });
  });
});

describe('parseReviewCount', () => {
  it.each<[Code, unknown, number]>([
    ['fr', '1 910', 1910],
    ['fr', '2\u202F170', 2170],
    ['es', '1.234', 1234],
    ['pt', '1.234', 1234],
    ['fr', '1.234', 1234],
    ['gb', '1,234', 1234],
    ['es', '1,234', 1234],
    ['gb', '1,234,567', 1234567],
    ['es', 87, 87],
    ['gb', 12.0, 12],
    ['pt', '0', 0],
    ['gb', '12k', 12000],
    ['es', '1,2k', 1200],
    ['fr', '(1 910)', 1910],
    ['fr', '1 910 avis', 1910],
    ['es', '35 reseñas', 35],
    ['gb', '35 reviews', 35],
    ['pt', '12 avaliações', 12],
  ])('%#: in %s reads %j as %d', (country, raw, expected) => {
    expect(parseReviewCount(raw, languageOf(country))).toEqual({ value: expected, issues: [] });
  });

  it.each<[Code, unknown, string]>([
    ['es', '1,5', 'not-an-integer'],
    ['gb', 3.5, 'not-an-integer'],
    ['fr', '-3', 'out-of-range'],
    ['pt', -1, 'out-of-range'],
    ['gb', 1e300, 'out-of-range'],
    ['es', 'muchas', 'unreadable-number'],
    ['fr', false, 'wrong-type'],
    ['pt', ['12'], 'wrong-type'],
  ])('%#: in %s reads %j as null and reports %s', (country, raw, code) => {
    const result = parseReviewCount(raw, languageOf(country));
    expect(result.value).toBeNull();
    expect(codes(result)).toEqual([code]);
  });

  it.each([undefined, null, '', ' '])('reads missing %j as null without an issue', (raw) => {
    expect(parseReviewCount(raw, 'fr')).toEqual({ value: null, issues: [] });
  });
});

// Locale-number edges the main tests leave open: signs only in front, exponents and stray characters refused, the
// three-digit thousands rule's bounds, broken space groups, a fraction of several digits, and each issue's text.
describe('edge cases', () => {
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
});
