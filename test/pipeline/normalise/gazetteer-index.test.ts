import { describe, expect, it } from 'vitest';
import { distanceKm, GazetteerIndex, GRID_REACH_KM } from '../../../pipeline/normalise/gazetteer-index.ts';
import { leadingArticles, nameKeys, type GazetteerRow } from '../../../pipeline/normalise/gazetteer-rows.ts';

const ARTICLES = ['El', 'La', 'Els', "L'"];
const row = (name: string, lat: number, lng: number, other: string[] = [], feature = 'PPL'): GazetteerRow => ({
  name,
  lat,
  lng,
  feature,
  admin1: '56',
  admin2: 'B',
  population: 1000,
  nameSlugs: nameKeys(name, leadingArticles(ARTICLES)),
  otherSlugs: other,
});

const index = new GazetteerIndex(
  [
    row('Barcelona', 41.38879, 2.15899, ['barcelone'], 'PPLA'),
    row('El Masnou', 41.47978, 2.3188),
    row('Teià', 41.49804, 2.32206),
    row('Arico', 28.16667, -16.5),
    row('Lomo de Arico', 28.17, -16.48, ['arico']),
    row('Bergen', 41.0, 2.0),
    row('Bergen', 41.01, 2.01),
  ],
  ARTICLES,
);

describe('distanceKm', () => {
  it('measures great-circle distance', () => {
    expect(distanceKm(41.38879, 2.15899, 41.47978, 2.3188)).toBeCloseTo(16.8, 0);
    expect(distanceKm(0, 0, 1, 0)).toBeCloseTo(111.2, 1);
    expect(distanceKm(40, -3, 40, -3)).toBe(0);
  });
});

describe('GazetteerIndex.nearest', () => {
  it('finds the nearest locality within the distance', () => {
    expect(index.nearest(41.482, 2.319, 10)?.row.name).toBe('El Masnou');
    expect(index.nearest(41.495, 2.322, 10)?.row.name).toBe('Teià');
  });

  it('finds none beyond the distance', () => {
    expect(index.nearest(41.43, 2.24, 2)).toBeNull();
    expect(index.nearest(45, 5, 10)).toBeNull();
  });

  it('looks into neighbouring cells (a point just across a cell border)', () => {
    // 41.4 is a cell border: El Masnou (41.48) is in the cell above a point at 41.399.
    expect(index.nearest(41.399, 2.2, 10)?.row.name).toBe('Barcelona');
    expect(index.nearest(41.41, 2.3, 10)?.row.name).toBe('El Masnou');
  });

  it('refuses a reach the grid cannot answer', () => {
    expect(() => index.nearest(41, 2, GRID_REACH_KM + 1)).toThrow(RangeError);
  });
});

describe('GazetteerIndex.nearestNamed', () => {
  it('finds a locality by its name, with or without its article', () => {
    expect(index.nearestNamed('Masnou', 41.48, 2.32, 10)?.row.name).toBe('El Masnou');
    expect(index.nearestNamed('el masnou', 41.48, 2.32, 10)?.ownName).toBe(true);
  });

  it('finds a locality by another of its names, marked as such', () => {
    const found = index.nearestNamed('Barcelone', 41.39, 2.16, 10);
    expect(found?.row.name).toBe('Barcelona');
    expect(found?.ownName).toBe(false);
  });

  it('never finds a named locality beyond the distance', () => {
    expect(index.nearestNamed('Barcelona', 41.47978, 2.3188, 10)).toBeNull();
  });

  it('prefers the locality called so over a nearer one that only has the name among its others', () => {
    expect(index.nearestNamed('Arico', 28.17, -16.481, 10)?.row.name).toBe('Arico');
  });

  it('takes the nearest of two localities with one name', () => {
    expect(index.nearestNamed('Bergen', 41.009, 2.009, 10)?.row.lat).toBe(41.01);
    expect(index.named('Bergen')).toHaveLength(2);
  });

  it('knows no name it was not given', () => {
    expect(index.named('Nowhere')).toEqual([]);
    expect(index.nearestNamed('', 41, 2, 10)).toBeNull();
  });
});
