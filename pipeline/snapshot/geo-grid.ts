// A snapshot's located places bucketed in 0.01° cells, in memory: rings around a point read a few cells, not the tree.
import { distanceMeters, flatEarthMargin, metresPerDegree, wrapsAround, type LatLng } from './geo-cover.ts';

/** Cell edge in 1e-7 degree units (0.01°: about 1.1 km north-south). */
const CELL = 100_000;
const LNG_CELLS = 36_002;
const cellKey = (latCell: number, lngCell: number): number => (latCell + 9_001) * LNG_CELLS + (lngCell + 18_001);

const keyOf = (lat: number, lng: number): number => cellKey(Math.floor(lat / CELL), Math.floor(lng / CELL));

/** Points sorted by grid cell (a copy), as the snapshot stores them for the grid. */
export function cellOrder<T extends readonly [number, number, number]>(points: readonly T[]): T[] {
  return points
    .map((point) => ({ point, key: keyOf(point[1], point[2]) }))
    .sort((a, b) => a.key - b.key)
    .map(({ point }) => point);
}

/** [rowid, distance] pairs. */
export type RingHit = [number, number];

export class GeoGrid {
  private readonly rowids: Int32Array;
  private readonly lats: Float64Array;
  private readonly lngs: Float64Array;
  /** Cell key → [start, end) into the arrays, which are sorted by cell. */
  private readonly cells = new Map<number, [number, number]>();

  /** Arrays of equal length in cell order (cellOrder): rowids, and latitudes and longitudes in 1e-7 degree. */
  constructor(rowids: Int32Array, lats: Int32Array, lngs: Int32Array) {
    this.rowids = rowids;
    this.lats = Float64Array.from(lats, (value) => value / 1e7);
    this.lngs = Float64Array.from(lngs, (value) => value / 1e7);
    let start = 0;
    let key = rowids.length > 0 ? keyOf(lats[0]!, lngs[0]!) : 0;
    for (let i = 1; i <= rowids.length; i += 1) {
      const next = i < rowids.length ? keyOf(lats[i]!, lngs[i]!) : Number.NaN;
      if (next === key) continue;
      this.cells.set(key, [start, i]);
      key = next;
      start = i;
    }
  }

  /** From [rowid, latitude, longitude] rows in 1e-7 degree, in any order. */
  static fromPoints(points: readonly [number, number, number][]): GeoGrid {
    const ordered = cellOrder(points);
    return new GeoGrid(
      Int32Array.from(ordered, (p) => p[0]),
      Int32Array.from(ordered, (p) => p[1]),
      Int32Array.from(ordered, (p) => p[2]),
    );
  }

  get size(): number {
    return this.rowids.length;
  }

  /** Places whose distance from `center` is from `inner` to `outer` metres (both included), unordered. */
  ring(center: LatLng, inner: number, outer: number): RingHit[] {
    const hits: RingHit[] = [];
    const wraps = wrapsAround(center, outer);
    const margin = flatEarthMargin(center.latitude, outer);
    const perDegree = metresPerDegree(center.latitude);
    const high = outer * margin + 1;
    const low = inner / margin - 1;
    // The flat-earth distance, widened by the margin, turns most points away before the exact (costlier) haversine.
    const high2 = wraps ? Number.POSITIVE_INFINITY : high * high;
    const low2 = wraps || low <= 0 ? -1 : low * low;
    const { latitude: lat0, longitude: lng0 } = center;
    const take = (start: number, end: number) => {
      for (let i = start; i < end; i += 1) {
        const dy = (this.lats[i]! - lat0) * perDegree.y;
        const dx = (this.lngs[i]! - lng0) * perDegree.x;
        const flat2 = dx * dx + dy * dy;
        if (flat2 > high2 || flat2 < low2) continue;
        const distance = distanceMeters(center, { latitude: this.lats[i]!, longitude: this.lngs[i]! });
        if (distance >= inner && distance <= outer) hits.push([this.rowids[i]!, distance]);
      }
    };
    if (wraps) {
      take(0, this.rowids.length); // near a pole or ±180°: rare enough to read every place
      return hits;
    }
    const latReach = high / perDegree.y;
    const lngReach = high / metresPerDegree(Math.min(89, Math.abs(center.latitude) + latReach)).x;
    const cellOf = (degrees: number) => Math.floor((degrees * 1e7) / CELL);
    const cellDegrees = CELL / 1e7;
    for (let latCell = cellOf(center.latitude - latReach); latCell <= cellOf(center.latitude + latReach); latCell += 1) {
      const y0 = (latCell * cellDegrees - center.latitude) * perDegree.y;
      const y1 = y0 + cellDegrees * perDegree.y;
      const nearY = y0 > 0 ? y0 : y1 < 0 ? -y1 : 0;
      const farY = Math.max(Math.abs(y0), Math.abs(y1));
      for (let lngCell = cellOf(center.longitude - lngReach); lngCell <= cellOf(center.longitude + lngReach); lngCell += 1) {
        // The cell's nearest and farthest flat-earth distances, widened like the reach: skip cells wholly off the ring.
        const x0 = (lngCell * cellDegrees - center.longitude) * perDegree.x;
        const x1 = x0 + cellDegrees * perDegree.x;
        const nearX = x0 > 0 ? x0 : x1 < 0 ? -x1 : 0;
        const farX = Math.max(Math.abs(x0), Math.abs(x1));
        if (nearX * nearX + nearY * nearY > high * high || (low > 0 && farX * farX + farY * farY < low * low)) continue;
        const span = this.cells.get(cellKey(latCell, lngCell));
        if (span) take(span[0], span[1]);
      }
    }
    return hits;
  }
}

/** The grid as the snapshot stores it (geo_grid in schema.sql): three little-endian int32 arrays in cell order. */
export function gridBlobs(points: readonly [number, number, number][]): [Buffer, Buffer, Buffer] {
  const ordered = cellOrder(points);
  const blob = (column: 0 | 1 | 2) => {
    const buffer = Buffer.alloc(ordered.length * 4);
    ordered.forEach((point, i) => buffer.writeInt32LE(point[column], i * 4));
    return buffer;
  };
  return [blob(0), blob(1), blob(2)];
}

/** The stored grid back (copied into aligned arrays). */
export function gridFromBlobs(rowids: Buffer, lats: Buffer, lngs: Buffer): GeoGrid {
  const ints = (blob: Buffer) => Int32Array.from({ length: blob.length / 4 }, (_, i) => blob.readInt32LE(i * 4));
  return new GeoGrid(ints(rowids), ints(lats), ints(lngs));
}
