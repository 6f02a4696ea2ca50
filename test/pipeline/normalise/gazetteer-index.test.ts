import { describe, expect, it } from 'vitest';
import { distanceKm, GazetteerIndex, GRID_REACH_KM, WIDE_REACH_KM } from '../../../pipeline/normalise/gazetteer-index.ts';
import { leadingArticles, nameKeys, type GazetteerRow } from '../../../pipeline/normalise/gazetteer-rows.ts';

const ARTICLES = ['El', 'La', 'Els', "L'"];
const row = (name: string, lat: number, lng: number, other: string[] = [], feature = 'PPL'): GazetteerRow => ({
  name,
  lat,
  lng,
  feature,
  admin1: '56',
  admin2: 'B',
  municipality: name,
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

describe('GazetteerIndex.within', () => {
  it('lists every locality within the distance, nearest first, each with its distance', () => {
    const found = index.within(41.482, 2.319, 22);
    expect(found.map((near) => near.row.name)).toEqual(['El Masnou', 'Teià', 'Barcelona']);
    expect(found[0]!.km).toBeCloseTo(0.2, 1);
    expect(found[2]!.km).toBeCloseTo(17, 0);
    expect(found.every((near) => near.ownName)).toBe(true);
    expect(index.within(41.482, 2.319, 16).map((near) => near.row.name)).toEqual(['El Masnou', 'Teià']);
  });

  it('keeps only the localities it is asked for', () => {
    expect(index.within(41.482, 2.319, 22, (row) => row.feature === 'PPLA').map((near) => near.row.name)).toEqual(['Barcelona']);
  });

  it('orders localities at one distance as the file does', () => {
    const twins = new GazetteerIndex([row('B', 41.01, 2), row('A', 40.99, 2)], ARTICLES);
    expect(twins.within(41, 2, 5).map((near) => near.row.name)).toEqual(['B', 'A']);
  });

  it('reaches two cells east and west where degrees of longitude are short (58° N)', () => {
    const north = new GazetteerIndex([row('Far east', 58.05, 6.3), row('Beyond', 58.05, 6.5)], ARTICLES);
    // 0.3° of longitude at 58° N is 17.7 km: two cells away.
    expect(north.within(58.05, 6.0, 20).map((near) => near.row.name)).toEqual(['Far east']);
  });

  it('refuses a reach it cannot answer', () => {
    expect(() => index.within(41, 2, WIDE_REACH_KM + 1)).toThrow(RangeError);
    expect(index.within(41, 2, WIDE_REACH_KM)).toBeDefined();
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
