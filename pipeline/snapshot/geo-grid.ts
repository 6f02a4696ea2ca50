// A snapshot's located places bucketed in 0.01° cells, in memory: rings around a point and boxes read a few cells.
import { distanceFrom, flatEarthMargin, metresPerDegree, wrapsAround, type LatLng } from './geo-cover.ts';

/** Cell edge in 1e-7 degree units (0.01°: about 1.1 km north-south). */
const CELL = 100_000;
const LNG_CELLS = 36_002;
/** Slack on the latitude bounds a cell is read within (about 0.1 mm), against rounding. */
const EPSILON_DEG = 1e-9;
const cellKey = (latCell: number, lngCell: number): number => (latCell + 9_001) * LNG_CELLS + (lngCell + 18_001);

const keyOf = (lat: number, lng: number): number => cellKey(Math.floor(lat / CELL), Math.floor(lng / CELL));

/** Points sorted by grid cell (a copy), as the snapshot stores them for the grid. */
export function cellOrder<T extends readonly [number, number, number]>(points: readonly T[]): T[] {
  return points
    .map((point) => ({ point, key: keyOf(point[1], point[2]) }))
    .sort((a, b) => a.key - b.key)
    .map(({ point }) => point);
}

/** One cell's entry in memory, about: the map's slot and its [start, end) pair. */
const CELL_ENTRY_BYTES = 80;

/** pointsByRowid's value for a rowid without a point: beyond any latitude in 1e-7 degree. */
export const NO_POINT = 2 ** 31 - 1;

/** [rowid, distance] pairs. */
export type RingHit = [number, number];

/** A box in 1e-7 degree, every bound included: a point is inside when min <= its value <= max on both axes. */
export interface GridBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

export class GeoGrid {
  private readonly rowids: Int32Array;
  /** In 1e-7 degree, as the snapshot stores them (8 bytes a point less than doubles); degrees are int / 1e7 where read. */
  private readonly lats: Int32Array;
  private readonly lngs: Int32Array;
  /** Cell key → [start, end) into the arrays, which are sorted by cell. */
  private readonly cells = new Map<number, [number, number]>();
  /** The cells' keys in ascending order, and each one's [start, end) into the arrays: a box seeks a row of cells. */
  private readonly cellKeys: Int32Array;
  private readonly cellStarts: Int32Array;
  private readonly cellEnds: Int32Array;
  private byRowid: { lats: Int32Array; lngs: Int32Array } | undefined;

  /** Arrays of equal length in cell order (cellOrder): rowids, and latitudes and longitudes in 1e-7 degree. */
  constructor(rowids: Int32Array, lats: Int32Array, lngs: Int32Array) {
    // Within a cell, points go by latitude (in memory only): a ring reads just the latitudes that can reach it.
    const order = Int32Array.from(rowids, (_, i) => i);
    let start = 0;
    let key = rowids.length > 0 ? keyOf(lats[0]!, lngs[0]!) : 0;
    for (let i = 1; i <= rowids.length; i += 1) {
      const next = i < rowids.length ? keyOf(lats[i]!, lngs[i]!) : Number.NaN;
      if (next === key) continue;
      this.cells.set(key, [start, i]);
      order.subarray(start, i).sort((a, b) => lats[a]! - lats[b]!);
      key = next;
      start = i;
    }
    this.rowids = Int32Array.from(order, (i) => rowids[i]!);
    this.lats = Int32Array.from(order, (i) => lats[i]!);
    this.lngs = Int32Array.from(order, (i) => lngs[i]!);
    this.cellKeys = Int32Array.from(this.cells.keys()).sort();
    this.cellStarts = Int32Array.from(this.cellKeys, (key) => this.cells.get(key)![0]);
    this.cellEnds = Int32Array.from(this.cellKeys, (key) => this.cells.get(key)![1]);
  }

  /**
   * Rowids of the points inside `box`, at most `cap`, in no particular order. Each row of cells the box spans is
   * one seek among the cells' keys, and within a cell only the latitudes in the box are read (a cell is sorted by latitude).
   */
  box(box: GridBox, cap: number): number[] {
    const found: number[] = [];
    if (box.minLat > box.maxLat || box.minLng > box.maxLng) return found;
    const { lats, lngs, rowids, cellKeys, cellStarts, cellEnds } = this;
    const firstLng = Math.max(-18_001, Math.floor(box.minLng / CELL));
    const lastLng = Math.min(18_000, Math.floor(box.maxLng / CELL));
    const lastLat = Math.min(9_000, Math.floor(box.maxLat / CELL));
    for (let latCell = Math.max(-9_001, Math.floor(box.minLat / CELL)); latCell <= lastLat; latCell += 1) {
      const rowEnd = cellKey(latCell, lastLng);
      // Cells whose latitudes all lie in the box take every point their longitude allows.
      const wholeLat = latCell * CELL >= box.minLat && (latCell + 1) * CELL - 1 <= box.maxLat;
      for (let c = firstKeyAtLeast(cellKeys, cellKey(latCell, firstLng)); c < cellKeys.length && cellKeys[c]! <= rowEnd; c += 1) {
        const lngCell = (cellKeys[c]! % LNG_CELLS) - 18_001;
        const wholeLng = lngCell * CELL >= box.minLng && (lngCell + 1) * CELL - 1 <= box.maxLng;
        const end = cellEnds[c]!;
        let i = wholeLat ? cellStarts[c]! : this.firstAtLeast(cellStarts[c]!, end, box.minLat, 1);
        for (; i < end; i += 1) {
          if (lats[i]! > box.maxLat) break;
          if (!wholeLng && (lngs[i]! < box.minLng || lngs[i]! > box.maxLng)) continue;
          found.push(rowids[i]!);
          if (found.length >= cap) return found;
        }
      }
    }
    return found;
  }

  /**
   * The first index from `start` to `end` whose latitude is at least `lat` (the cell is sorted by latitude): `lat` in
   * degrees by default, or in the stored 1e-7 degree units with `scale` 1 (a division by 1 is exact).
   */
  private firstAtLeast(start: number, end: number, lat: number, scale = 1e7): number {
    let lo = start;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.lats[mid]! / scale < lat) lo = mid + 1;
      else hi = mid;
    }
    return lo;
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

  /** About how many bytes the grid holds: its arrays, its cells' map entries, and the points by rowid once built. */
  get bytes(): number {
    const byRowid = this.byRowid ? this.byRowid.lats.byteLength + this.byRowid.lngs.byteLength : 0;
    const cells = this.cellKeys.byteLength + this.cellStarts.byteLength + this.cellEnds.byteLength + this.cells.size * CELL_ENTRY_BYTES;
    return this.rowids.byteLength + this.lats.byteLength + this.lngs.byteLength + cells + byRowid;
  }

  /** Each place's point by rowid, in 1e-7 degree (the R*Tree's integers); NO_POINT where a place has none. Built on first use. */
  pointsByRowid(): { lats: Int32Array; lngs: Int32Array } {
    if (this.byRowid) return this.byRowid;
    let top = 0;
    for (const rowid of this.rowids) top = Math.max(top, rowid);
    const lats = new Int32Array(top + 1).fill(NO_POINT);
    const lngs = new Int32Array(top + 1).fill(NO_POINT);
    for (let i = 0; i < this.rowids.length; i += 1) {
      lats[this.rowids[i]!] = this.lats[i]!;
      lngs[this.rowids[i]!] = this.lngs[i]!;
    }
    this.byRowid = { lats, lngs };
    return this.byRowid;
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
    const scan: Scan = { hits, lat0, lng0, cosLat0: Math.cos((lat0 * Math.PI) / 180), y: perDegree.y, x: perDegree.x, high2, low2, inner, outer };
    if (wraps) {
      this.take(scan, 0, this.rowids.length, Number.POSITIVE_INFINITY); // near a pole or ±180°: rare enough to read every place
      return hits;
    }
    const latReach = high / perDegree.y;
    const lngReach = high / metresPerDegree(Math.min(89, Math.abs(center.latitude) + latReach)).x;
    const cellDegrees = CELL / 1e7;
    for (let latCell = cellOfDegrees(center.latitude - latReach); latCell <= cellOfDegrees(center.latitude + latReach); latCell += 1) {
      const y0 = (latCell * cellDegrees - center.latitude) * perDegree.y;
      const y1 = y0 + cellDegrees * perDegree.y;
      const nearY = y0 > 0 ? y0 : y1 < 0 ? -y1 : 0;
      const farY = Math.max(Math.abs(y0), Math.abs(y1));
      if (nearY > high) continue;
      // The row's cells that can hold ring points: east-west offsets up to xMax, past the hole's xMin (a cell wider each way).
      const xMax = Math.sqrt(high * high - nearY * nearY) / perDegree.x;
      const first = Math.max(cellOfDegrees(center.longitude - lngReach), cellOfDegrees(center.longitude - xMax) - 1);
      const last = Math.min(cellOfDegrees(center.longitude + lngReach), cellOfDegrees(center.longitude + xMax) + 1);
      const xMin = low > farY ? Math.sqrt(low * low - farY * farY) / perDegree.x : 0;
      const holeFirst = cellOfDegrees(center.longitude - xMin) + 2;
      const holeLast = cellOfDegrees(center.longitude + xMin) - 2;
      for (let lngCell = first; lngCell <= last; lngCell += 1) {
        if (lngCell === holeFirst && holeFirst <= holeLast) lngCell = holeLast + 1;
        // The cell's nearest and farthest flat-earth distances, widened like the reach: skip cells wholly off the ring.
        const x0 = (lngCell * cellDegrees - center.longitude) * perDegree.x;
        const x1 = x0 + cellDegrees * perDegree.x;
        const nearX = x0 > 0 ? x0 : x1 < 0 ? -x1 : 0;
        const farX = Math.max(Math.abs(x0), Math.abs(x1));
        if (nearX * nearX + nearY * nearY > high * high || (low > 0 && farX * farX + farY * farY < low * low)) continue;
        const span = this.cells.get(cellKey(latCell, lngCell));
        if (!span) continue;
        // The latitudes a point of this cell needs to land in the band: |dy| from dyMin to dyMax (a hair wider).
        const dyMax = Math.sqrt(Math.max(0, high * high - nearX * nearX)) / perDegree.y + EPSILON_DEG;
        const dyMin = low > 0 && low > farX ? Math.sqrt(low * low - farX * farX) / perDegree.y - EPSILON_DEG : 0;
        if (dyMin <= 0) {
          this.take(scan, this.firstAtLeast(span[0], span[1], lat0 - dyMax), span[1], lat0 + dyMax);
        } else {
          this.take(scan, this.firstAtLeast(span[0], span[1], lat0 - dyMax), span[1], lat0 - dyMin);
          this.take(scan, this.firstAtLeast(span[0], span[1], lat0 + dyMin), span[1], lat0 + dyMax);
        }
      }
    }
    return hits;
  }

  /** The points from `start` (up to `end`, while their latitude is at most `maxLat`) that fall in the ring. */
  private take(scan: Scan, start: number, end: number, maxLat: number): void {
    const { lats, lngs } = this;
    for (let i = start; i < end; i += 1) {
      // The same doubles as degrees kept as such: int / 1e7.
      const lat = lats[i]! / 1e7;
      if (lat > maxLat) break;
      const lng = lngs[i]! / 1e7;
      const dy = (lat - scan.lat0) * scan.y;
      const dx = (lng - scan.lng0) * scan.x;
      const flat2 = dx * dx + dy * dy;
      if (flat2 > scan.high2 || flat2 < scan.low2) continue;
      const distance = distanceFrom(scan.lat0, scan.lng0, scan.cosLat0, lat, lng);
      if (distance >= scan.inner && distance <= scan.outer) scan.hits.push([this.rowids[i]!, distance]);
    }
  }
}

/** One ring's figures, shared by the cells it reads. */
interface Scan {
  hits: RingHit[];
  lat0: number;
  lng0: number;
  cosLat0: number;
  /** Metres per degree north and east. */
  y: number;
  x: number;
  high2: number;
  low2: number;
  inner: number;
  outer: number;
}

const cellOfDegrees = (degrees: number): number => Math.floor((degrees * 1e7) / CELL);

/** The first index of ascending `keys` holding at least `key`. */
function firstKeyAtLeast(keys: Int32Array, key: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Located places as int32 columns: the first `count` of each array hold a place's rowid and point in 1e-7 degree. */
export interface GridColumns {
  rowids: Int32Array;
  lats: Int32Array;
  lngs: Int32Array;
  count: number;
}

/**
 * The grid as the snapshot stores it (geo_grid in schema.sql): three little-endian int32 arrays in cell order, from
 * points gathered as columns in the order they came (columns of int32, not an array per point: a 1M snapshot's
 * points took ~150 MB as arrays, 20 MB as columns).
 */
export function gridBlobsOf({ rowids, lats, lngs, count }: GridColumns): [Buffer, Buffer, Buffer] {
  const keys = new Int32Array(count);
  for (let i = 0; i < count; i += 1) keys[i] = keyOf(lats[i]!, lngs[i]!);
  // cellOrder's order: by cell, points of one cell as they came.
  const order = new Int32Array(count).map((_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
  const blob = (column: Int32Array) => {
    const buffer = Buffer.alloc(count * 4);
    for (let i = 0; i < count; i += 1) buffer.writeInt32LE(column[order[i]!]!, i * 4);
    return buffer;
  };
  return [blob(rowids), blob(lats), blob(lngs)];
}

/** The stored grid back (copied into aligned arrays). */
export function gridFromBlobs(rowids: Buffer, lats: Buffer, lngs: Buffer): GeoGrid {
  const ints = (blob: Buffer) => Int32Array.from({ length: blob.length / 4 }, (_, i) => blob.readInt32LE(i * 4));
  return new GeoGrid(ints(rowids), ints(lats), ints(lngs));
}
