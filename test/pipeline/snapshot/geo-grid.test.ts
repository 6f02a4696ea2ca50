// The in-memory grid's rings and boxes hold exactly the points a brute-force check puts in them, far from and near the hard places.
import { describe, expect, it } from 'vitest';
import { distanceMeters } from '../../../pipeline/snapshot/geo-cover.ts';
import { cellOrder, GeoGrid, type GridBox } from '../../../pipeline/snapshot/geo-grid.ts';
import { gridBlobs } from './support/grid-blobs.ts';
import { createRandom } from '../../../pipeline/generate/prng.ts';

/** Points scattered within about `spread` degrees of a centre, in 1e-7 degree units as places_geo holds them. */
function scatter(seed: number, center: { latitude: number; longitude: number }, spread: number, count: number): [number, number, number][] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const lat = Math.max(-90, Math.min(90, center.latitude + (random.next() - 0.5) * 2 * spread));
    let lng = center.longitude + (random.next() - 0.5) * 2 * spread;
    if (lng > 180) lng -= 360;
    if (lng < -180) lng += 360;
    return [i + 1, Math.round(lat * 1e7), Math.round(lng * 1e7)];
  });
}

describe('GeoGrid.ring', () => {
  it.each([
    ['Madrid, a thin ring', { latitude: 40.4168, longitude: -3.7038 }, 0.3, 3000, 3100],
    ['Madrid, a disc', { latitude: 40.4168, longitude: -3.7038 }, 0.3, 0, 5000],
    ['Tromsø, 50 km', { latitude: 69.65, longitude: 18.96 }, 1.5, 20000, 50000],
    ['the equator', { latitude: 0.001, longitude: 10 }, 0.5, 1000, 40000],
    ['across ±180°', { latitude: -17, longitude: 179.9 }, 0.6, 0, 30000],
    ['by the North Pole', { latitude: 89.7, longitude: 0 }, 0.5, 5000, 45000],
  ])('%s: exactly the brute-force set', (_label, center, spread, inner, outer) => {
    const points = scatter(7, center, spread, 20_000);
    const grid = GeoGrid.fromPoints(points);
    const got = grid.ring(center, inner, outer).map(([rowid]) => rowid).sort((a, b) => a - b);
    const expected = points
      .filter(([, lat, lng]) => {
        const d = distanceMeters(center, { latitude: lat / 1e7, longitude: lng / 1e7 });
        return d >= inner && d <= outer;
      })
      .map(([rowid]) => rowid);
    expect(expected.length).toBeGreaterThan(10);
    expect(got).toEqual(expected);
  });
});

describe('gridBlobsOf', () => {
  it('stores the points in cellOrder, points of one cell as they came', () => {
    const points = scatter(11, { latitude: 40.4168, longitude: -3.7038 }, 0.05, 5000);
    const ordered = cellOrder(points);
    const blob = (column: 0 | 1 | 2) => Buffer.from(Int32Array.from(ordered, (point) => point[column]).buffer);
    expect(gridBlobs(points)).toEqual([blob(0), blob(1), blob(2)]);
    expect(gridBlobs([])).toEqual([Buffer.alloc(0), Buffer.alloc(0), Buffer.alloc(0)]);
  });
});

describe('GeoGrid.box', () => {
  const points = [
    ...scatter(3, { latitude: 40.4168, longitude: -3.7038 }, 0.2, 20_000),
    ...scatter(5, { latitude: -17, longitude: 179.9 }, 0.3, 2_000),
    // Points on cell edges and on the bounds below, so every comparison meets its equal.
    [1, 404_000_000, -37_000_000],
    [2, 404_099_999, -36_900_000],
    [3, 404_100_000, -36_900_001],
    [4, 900_000_000, 1_800_000_000],
    [5, -900_000_000, -1_800_000_000],
  ].map(([, lat, lng], i) => [i + 1, lat, lng] as [number, number, number]);
  const grid = GeoGrid.fromPoints(points);
  const inside = (box: GridBox) =>
    points.filter(([, lat, lng]) => lat >= box.minLat && lat <= box.maxLat && lng >= box.minLng && lng <= box.maxLng).map(([rowid]) => rowid);

  it.each([
    ['a street', { minLat: 404_000_000, maxLat: 404_100_000, minLng: -37_000_000, maxLng: -36_900_000 }],
    ['bounds off the cells', { minLat: 404_012_345, maxLat: 404_367_891, minLng: -37_123_457, maxLng: -36_876_543 }],
    ['one cell, inside it', { minLat: 404_000_001, maxLat: 404_099_998, minLng: -36_999_999, maxLng: -36_900_002 }],
    ['a point wide', { minLat: 404_099_999, maxLat: 404_099_999, minLng: -36_900_000, maxLng: -36_900_000 }],
    ['by ±180°', { minLat: -175_000_000, maxLat: -165_000_000, minLng: 1_795_000_000, maxLng: 1_800_000_000 }],
    ['the world', { minLat: -900_000_000, maxLat: 900_000_000, minLng: -1_800_000_000, maxLng: 1_800_000_000 }],
    ['the sea', { minLat: 100_000_000, maxLat: 200_000_000, minLng: -300_000_000, maxLng: -200_000_000 }],
    ['upside down', { minLat: 404_100_000, maxLat: 404_000_000, minLng: -37_000_000, maxLng: -36_900_000 }],
    ['west past east', { minLat: 404_000_000, maxLat: 404_100_000, minLng: -36_900_000, maxLng: -37_000_000 }],
  ])('%s: exactly the points inside, bounds included', (_label, box) => {
    expect(grid.box(box, Number.POSITIVE_INFINITY).sort((a, b) => a - b)).toEqual(inside(box));
  });

  it('stops at the cap, with points that are all inside', () => {
    const box = { minLat: 402_000_000, maxLat: 406_000_000, minLng: -39_000_000, maxLng: -35_000_000 };
    const all = new Set(inside(box));
    expect(all.size).toBeGreaterThan(3000);
    const capped = grid.box(box, 2001);
    expect(capped).toHaveLength(2001);
    expect(capped.every((rowid) => all.has(rowid))).toBe(true);
    expect(new Set(capped).size).toBe(2001);
  });

  it('finds nothing in an empty grid', () => {
    expect(GeoGrid.fromPoints([]).box({ minLat: -900_000_000, maxLat: 900_000_000, minLng: -1_800_000_000, maxLng: 1_800_000_000 }, 10)).toEqual([]);
  });
});
