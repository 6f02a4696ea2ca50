// normaliseCategories: the provider's labels become tidy, distinct strings, at most 50, with issues for bad input.
import { describe, expect, it } from 'vitest';
import { MAX_LODGING_LABELS as MAX_LABELS } from '../../../model/limits.ts';
import { normaliseCategories } from '../../../pipeline/normalise/categories.ts';

describe('normaliseCategories', () => {
  const cases: [string, unknown, string[], string[]][] = [
    ['keeps labels in order', ['Hoteles', '4 estrellas'], ['Hoteles', '4 estrellas'], []],
    ['trims and collapses inner whitespace', ['  Casas \t Rurales  ', 'Hotel\n rural'], ['Casas Rurales', 'Hotel rural'], []],
    ['drops empty labels silently', ['', '   ', 'Camping'], ['Camping'], []],
    ['keeps the first spelling of labels equal but for case', ['Hotel', 'HOTEL', 'hotel', 'Hôtel'], ['Hotel', 'Hôtel'], []],
    ['treats composed and decomposed accents as one label', ['Pensión', 'Pensio\u0301n'], ['Pensión'], []],
    ['drops non-strings with one wrong-type issue', ['Hotel', 4, null, { a: 1 }], ['Hotel'], ['wrong-type']],
    ['treats a missing field as no labels', undefined, [], []],
    ['treats null as no labels', null, [], []],
    ['rejects a string in place of an array', 'Hotel', [], ['wrong-type']],
    ['rejects an object in place of an array', { 0: 'Hotel' }, [], ['wrong-type']],
    ['accepts an empty array', [], [], []],
  ];
  it.each(cases)('%s', (_name, raw, value, codes) => {
    const result = normaliseCategories(raw);
    expect(result.value).toEqual(value);
    expect(result.issues.map((found) => found.code)).toEqual(codes);
    for (const found of result.issues) expect(found.field).toBe('categories');
  });

  it('keeps the first 50 distinct labels and reports too-many-labels', () => {
    const labels = Array.from({ length: 60 }, (_, index) => `Label ${index}`);
    const result = normaliseCategories([...labels, 'label 0']);
    expect(MAX_LABELS).toBe(50);
    expect(result.value).toEqual(labels.slice(0, 50));
    expect(result.issues).toEqual([expect.objectContaining({ field: 'categories', code: 'too-many-labels', value: '60' })]);
  });

  it('counts duplicates once toward the limit', () => {
    const labels = Array.from({ length: 50 }, (_, index) => `Label ${index}`);
    const result = normaliseCategories([...labels, ...labels.map((label) => label.toUpperCase())]);
    expect(result.value).toHaveLength(50);
    expect(result.issues).toEqual([]);
  });

  it('names the first offending value in the wrong-type issue', () => {
    expect(normaliseCategories(['Hotel', 42, true]).issues[0]).toMatchObject({ code: 'wrong-type', value: '42' });
  });
});

// Category edges the main tests leave open: each issue's value and detail, and case folding by lower case
// ("Straße" and "Strasse" stay two labels; upper-casing would merge them).
describe('edge cases', () => {
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
});
