// The in-memory grid's rings hold exactly the points a brute-force haversine puts in them, far from and near the hard places.
import { describe, expect, it } from 'vitest';
import { distanceMeters } from '../../../pipeline/snapshot/geo-cover.ts';
import { cellOrder, GeoGrid, gridBlobs } from '../../../pipeline/snapshot/geo-grid.ts';
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

describe('gridBlobs', () => {
  it('stores the points in cellOrder, points of one cell as they came', () => {
    const points = scatter(11, { latitude: 40.4168, longitude: -3.7038 }, 0.05, 5000);
    const ordered = cellOrder(points);
    const blob = (column: 0 | 1 | 2) => Buffer.from(Int32Array.from(ordered, (point) => point[column]).buffer);
    expect(gridBlobs(points)).toEqual([blob(0), blob(1), blob(2)]);
    expect(gridBlobs([])).toEqual([Buffer.alloc(0), Buffer.alloc(0), Buffer.alloc(0)]);
  });
});
