// Category edges the main tests leave open: each issue's value and detail, and case folding by lower case
// ("Straße" and "Strasse" stay two labels; upper-casing would merge them).
import { describe, expect, it } from 'vitest';
import { normaliseCategories } from '../../pipeline/normalise/categories.ts';

describe('normaliseCategories edge cases', () => {
  it.each<[unknown, string, string, string]>([
    ['Hotel', 'wrong-type', 'Hotel', 'categories must be an array of strings'],
    [[{ a: 1 }, 'Hotel', 4, null], 'wrong-type', '{"a":1}', '3 category label(s) not a string, dropped'],
    [[null], 'wrong-type', 'null', '1 category label(s) not a string, dropped'],
    [Array.from({ length: 51 }, (_, i) => `Label ${i}`), 'too-many-labels', '51', 'kept the first 50 of 51 distinct labels'],
  ])('reports %j as %s with the value %j: %j', (raw, code, value, detail) => {
    expect(normaliseCategories(raw).issues).toEqual([{ field: 'categories', code, value, detail }]);
  });

  it.each<[string[], string[]]>([
    [['Straße', 'Strasse'], ['Straße', 'Strasse']],
    [['Hotel', 'HOTEL', 'hotel'], ['Hotel']],
  ])('folds %j by lower case to %j', (raw, expected) => {
    expect(normaliseCategories(raw).value).toEqual(expected);
  });
});
