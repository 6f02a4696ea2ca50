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

  it('refuses a reach the grid cannot answer, and says so', () => {
    expect(() => index.nearest(41, 2, GRID_REACH_KM + 1)).toThrow(`the grid answers up to ${GRID_REACH_KM} km, not ${GRID_REACH_KM + 1}`);
    expect(index.nearest(41, 2, GRID_REACH_KM)?.row.name).toBe('Bergen');
  });

  it('looks into the cells above and to the east', () => {
    // El Masnou is in the cell above (41.4–41.6°) a point at 41.399, and in the cell east (2.2–2.4°) of one at 2.199.
    expect(index.nearest(41.399, 2.31, 10)?.row.name).toBe('El Masnou');
    expect(index.nearest(41.48, 2.199, GRID_REACH_KM)?.row.name).toBe('El Masnou');
  });

  it('finds a locality exactly at the distance, marks it as called so, and none beyond it due east', () => {
    const exact = distanceKm(41.482, 2.319, 41.47978, 2.3188);
    expect(index.nearest(41.482, 2.319, exact)).toMatchObject({ row: { name: 'El Masnou' }, ownName: true });
    expect(index.nearest(41.48, 2.25, 2)).toBeNull();
  });

  it('keeps the first of two localities equally near, and the nearer of two whatever their order', () => {
    // 2.0625 is exactly halfway between 2 and 2.125 (binary fractions).
    const twins = new GazetteerIndex([row('West', 41, 2), row('East', 41, 2.125), row('Far', 41, 2.19)], ARTICLES);
    expect(twins.nearest(41, 2.0625, 10)?.row.name).toBe('West');
    expect(twins.nearest(41, 2.0625, distanceKm(41, 2.0625, 41, 2))?.row.name).toBe('West');
    expect(twins.nearest(41, 2.001, 10)?.row.name).toBe('West');
  });

  it('keeps, of two localities equally near in two cells, the one of the cell read first (south before north, west before east), whatever the file order', () => {
    // 2.1875 is halfway between 2.125 (cell 2.0–2.2°) and 2.25 (cell 2.2–2.4°); 41.1875 between 41.125 and 41.25 (cells
    // 41.0–41.2° and 41.2–41.4°). The cell to the east, or to the north, comes first in the file.
    const eastWest = new GazetteerIndex([row('East', 41, 2.25), row('West', 41, 2.125)], ARTICLES);
    expect(eastWest.nearest(41, 2.1875, 10)?.row.name).toBe('West');
    const northSouth = new GazetteerIndex([row('North', 41.25, 2), row('South', 41.125, 2)], ARTICLES);
    expect(northSouth.nearest(41.1875, 2, 10)?.row.name).toBe('South');
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
    const north = new GazetteerIndex([row('Far east', 58.05, 6.52), row('Beyond', 58.05, 6.6), row('Far west', 58.05, 5.7995)], ARTICLES);
    // 0.33° of longitude at 58° N is 19.4 km: the cell two east of the point's (6.0–6.2°).
    expect(north.within(58.05, 6.19, 20).map((near) => near.row.name)).toEqual(['Far east']);
    // 0.2005° is 11.81 km: two cells west, found within 11.85 km (cells there are 11.6–11.9 km wide).
    expect(north.within(58.05, 6.0, 11.85).map((near) => near.row.name)).toEqual(['Far west']);
  });

  it('includes a locality exactly at the distance', () => {
    const exact = distanceKm(41.482, 2.319, 41.47978, 2.3188);
    expect(index.within(41.482, 2.319, exact).map((near) => near.row.name)).toEqual(['El Masnou']);
  });

  it('includes a locality exactly at the distance due east, west, north or south, where degrees of longitude are short (58° N)', () => {
    const compass = new GazetteerIndex([row('East', 58.05, 6.3), row('West', 58.05, 5.7), row('North', 58.15, 6), row('South', 57.95, 6)], ARTICLES);
    for (const [name, lat, lng] of [['East', 58.05, 6.3], ['West', 58.05, 5.7], ['North', 58.15, 6], ['South', 57.95, 6]] as const) {
      expect(compass.within(58.05, 6, distanceKm(58.05, 6, lat, lng)).map((near) => near.row.name)).toContain(name);
    }
  });

  it('finds exactly the localities a reading of every row finds, in the same order, wherever the point and whatever the distance', () => {
    // A seeded scatter over 1.2° × 1.6° (many cells and strips), some rows on one latitude or longitude, and points
    // anywhere in it: the strips and their stretches of longitude leave out no locality within reach.
    let seed = 1;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const rows = Array.from({ length: 600 }, (_, i) => row(`R${i}`, i % 7 === 0 ? 41.5 : 41 + random() * 1.2, i % 11 === 0 ? 2.4 : 1.6 + random() * 1.6));
    const scatter = new GazetteerIndex(rows, ARTICLES);
    for (let i = 0; i < 300; i += 1) {
      const [lat, lng, maxKm] = [40.9 + random() * 1.4, 1.5 + random() * 1.8, random() * WIDE_REACH_KM];
      const every = rows
        .map((one, index) => ({ index, km: distanceKm(lat, lng, one.lat, one.lng) }))
        .filter((near) => near.km <= maxKm)
        .sort((a, b) => a.km - b.km || a.index - b.index);
      expect(scatter.within(lat, lng, maxKm).map((near) => [near.row.name, near.km])).toEqual(every.map((near) => [`R${near.index}`, near.km]));
    }
  });

  it('refuses a reach it cannot answer, and says so', () => {
    expect(() => index.within(41, 2, WIDE_REACH_KM + 1)).toThrow(`the search answers up to ${WIDE_REACH_KM} km, not ${WIDE_REACH_KM + 1}`);
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

  it('takes the nearest of two localities with one name, whatever their order, and the first of two equally near', () => {
    expect(index.nearestNamed('Bergen', 41.009, 2.009, 10)?.row.lat).toBe(41.01);
    expect(index.nearestNamed('Bergen', 41.001, 2.001, 10)?.row.lat).toBe(41);
    expect(index.named('Bergen')).toHaveLength(2);
    const exact = distanceKm(41.002, 2.0, 41, 2);
    expect(index.nearestNamed('Bergen', 41.002, 2.0, exact)?.row.lat).toBe(41);
    // 2.0625 is exactly halfway between 2 and 2.125 (binary fractions): both twins are equally near.
    const twins = new GazetteerIndex([row('Twin', 41, 2), row('Twin', 41, 2.125)], ARTICLES);
    expect(twins.nearestNamed('Twin', 41, 2.0625, 10)?.row.lng).toBe(2);
  });

  it('finds a short form at the start of a name, with or without its article, as another name', () => {
    const nou = new GazetteerIndex([row('El Masnou Nou', 41.47978, 2.3188)], ARTICLES);
    expect(nou.nearestStartingWith('Masnou', 41.48, 2.32, 10)).toMatchObject({ row: { name: 'El Masnou Nou' }, ownName: false });
    expect(nou.nearestStartingWith('El Masnou', 41.48, 2.32, 10)?.row.name).toBe('El Masnou Nou');
    expect(nou.nearestStartingWith('Nou', 41.48, 2.32, 10)).toBeNull();
  });

  it('finds a short form of every leading run of words, and nothing for a name no locality begins with', () => {
    const oropesa = new GazetteerIndex([row('Oropesa del Mar', 40.1, 0.14), row('Mar Menor', 40.1, 0.15)], ARTICLES);
    expect(oropesa.nearestStartingWith('Oropesa', 40.1, 0.14, 10)?.row.name).toBe('Oropesa del Mar');
    expect(oropesa.nearestStartingWith('Oropesa del', 40.1, 0.14, 10)?.row.name).toBe('Oropesa del Mar');
    expect(oropesa.nearestStartingWith('Mar', 40.1, 0.14, 10)?.row.name).toBe('Mar Menor');
    for (const name of ['Oropesa del Mar', 'Ropesa', 'Del', 'Menor', '']) expect(oropesa.nearestStartingWith(name, 40.1, 0.14, 10)).toBeNull();
    // A name no locality begins with is answered before the grid is read, whatever the reach.
    expect(oropesa.nearestStartingWith('Ropesa', 40.1, 0.14, GRID_REACH_KM + 1)).toBeNull();
    expect(() => oropesa.nearestStartingWith('Oropesa', 40.1, 0.14, GRID_REACH_KM + 1)).toThrow(RangeError);
  });

  it('keeps the keys and rows it looked up, and forgets them past a bound', () => {
    const fresh = new GazetteerIndex([row('El Masnou', 41.47978, 2.3188)], ARTICLES);
    expect(fresh.keysOf('El Masnou')).toBe(fresh.keysOf('El Masnou'));
    const named = (fresh as unknown as { lookUp(map: unknown, name: string): readonly number[]; byName: unknown });
    expect(named.lookUp(named.byName, 'El Masnou')).toBe(named.lookUp(named.byName, 'El Masnou'));
    const caches = fresh as unknown as { keyCache: Map<string, unknown>; found: Map<unknown, Map<string, unknown>> };
    let keys = 0;
    let rows = 0;
    for (let i = 0; i < 4100; i += 1) {
      fresh.named(`Town ${i}`);
      keys = Math.max(keys, caches.keyCache.size);
      rows = Math.max(rows, ...[...caches.found.values()].map((cache) => cache.size));
    }
    expect([keys, rows]).toEqual([4096, 4096]);
  });

  it("hands out a name's only list as it stores it, each row once", () => {
    const internals = index as unknown as { lookUp(map: unknown, name: string): readonly number[]; byName: Map<string, number[]> };
    expect(internals.lookUp(internals.byName, 'Teià')).toBe(internals.byName.get('teia'));
    const twice = new GazetteerIndex([{ ...row('Aa', 41, 2), nameSlugs: ['aa', 'aa'] }], ARTICLES) as unknown as { byName: Map<string, number[]> };
    expect(twice.byName.get('aa')).toEqual([0]);
  });

  it('knows no name it was not given', () => {
    expect(index.named('Nowhere')).toEqual([]);
    expect(index.nearestNamed('', 41, 2, 10)).toBeNull();
  });
});
