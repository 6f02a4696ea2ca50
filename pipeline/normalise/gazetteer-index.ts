// A country's gazetteer in memory: localities by name slug and by the start of their names, a grid of 0.2° cells and strips of latitude for the ones near a point.
import { leadingArticles, nameKeys, type GazetteerRow } from './gazetteer-rows.ts';

/** 0.2° of latitude is 22 km; of longitude, 11.8 km even at 58° N: a 3×3 block of cells holds every point within 10 km. */
const CELL_DEGREES = 0.2;
/** Names looked up are few and repeat (an export names the same towns again and again): their keys are kept, this many at most. */
const KEY_CACHE_SIZE = 4096;

/** The widest search the 3×3 block answers exactly (km). */
export const GRID_REACH_KM = 11;
/** The widest search `within` answers (km): a block of cells as wide as it needs, up to two cells each way. */
export const WIDE_REACH_KM = 22;
const EARTH_RADIUS_KM = 6371.0088;
const RADIANS = Math.PI / 180;
/** Slightly less than a degree of latitude (111.2 km), so the shortcut below never skips a locality within reach. */
const KM_PER_DEGREE_LAT = 111;

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  return haversineKm(lat1, lng1, Math.cos(lat1 * RADIANS), lat2, lng2, Math.cos(lat2 * RADIANS));
}

/** distanceKm with the cosines of both latitudes given (worked out once per point and per row): the same value, bit for bit. */
function haversineKm(lat1: number, lng1: number, cos1: number, lat2: number, lng2: number, cos2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLng = (lng2 - lng1) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + cos1 * cos2 * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Strips of latitude this high (5.6 km), each's localities in order of longitude: `within` reads, in the few strips
 * within reach, only the stretch of longitude within reach.
 */
const STRIP_DEGREES = 0.05;

/** One strip of latitude: its localities' longitudes, ascending, with their row indexes, latitudes and latitudes' cosines. */
interface Strip {
  lng: Float64Array;
  lat: Float64Array;
  cos: Float64Array;
  index: Int32Array;
}

/** The first position whose value is at least `min` (the length when none is). */
function firstAtLeast(values: Float64Array, min: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < min) low = middle + 1;
    else high = middle;
  }
  return low;
}

const NONE: readonly number[] = [];

const cellKey = (latCell: number, lngCell: number): number => (latCell + 1000) * 4000 + (lngCell + 2000);

export interface Found {
  row: GazetteerRow;
  km: number;
  /** Whether the name looked up is the locality's own name (with or without its article), not one of its other names. */
  ownName: boolean;
}

export class GazetteerIndex {
  readonly rows: readonly GazetteerRow[];
  private readonly byName = new Map<string, number[]>();
  private readonly byOtherName = new Map<string, number[]>();
  private readonly cells = new Map<number, number[]>();
  /** Row indexes by each leading run of words of their own name's slugs ("oropesa" for oropesa-del-mar): the short-form search. */
  private readonly byHead = new Map<string, number[]>();
  private readonly strips = new Map<number, Strip>();
  private readonly articles: RegExp;
  private readonly keyCache = new Map<string, readonly string[]>();
  /** Each map's row indexes by the name looked up (its keys' lists merged once), as many names as keyCache. */
  private readonly found = new Map<Map<string, number[]>, Map<string, readonly number[]>>();

  /** `articles`: the country's articles a name may begin with ("El Masnou" is also found as "Masnou"). */
  constructor(rows: readonly GazetteerRow[], articles: readonly string[]) {
    this.rows = rows;
    this.articles = leadingArticles(articles);
    const byStrip = new Map<number, number[]>();
    rows.forEach((row, index) => {
      for (const key of row.nameSlugs) {
        this.add(this.byName, key, index);
        for (let at = key.indexOf('-'); at !== -1; at = key.indexOf('-', at + 1)) this.add(this.byHead, key.slice(0, at), index);
      }
      for (const key of row.otherSlugs) this.add(this.byOtherName, key, index);
      this.add(this.cells, cellKey(Math.floor(row.lat / CELL_DEGREES), Math.floor(row.lng / CELL_DEGREES)), index);
      this.add(byStrip, Math.floor(row.lat / STRIP_DEGREES), index);
    });
    for (const [strip, indexes] of byStrip) {
      indexes.sort((a, b) => rows[a]!.lng - rows[b]!.lng);
      const count = indexes.length;
      const built: Strip = { lng: new Float64Array(count), lat: new Float64Array(count), cos: new Float64Array(count), index: Int32Array.from(indexes) };
      for (let position = 0; position < count; position += 1) {
        const row = rows[indexes[position]!]!;
        built.lng[position] = row.lng;
        built.lat[position] = row.lat;
        built.cos[position] = Math.cos(row.lat * RADIANS);
      }
      this.strips.set(strip, built);
    }
  }

  /** The slugs a name is looked up by: its own, and without a leading article. */
  keysOf(name: string): readonly string[] {
    let keys = this.keyCache.get(name);
    if (keys === undefined) {
      if (this.keyCache.size >= KEY_CACHE_SIZE) this.keyCache.clear();
      keys = nameKeys(name, this.articles);
      this.keyCache.set(name, keys);
    }
    return keys;
  }

  private add<K>(map: Map<K, number[]>, key: K, index: number): void {
    const list = map.get(key);
    if (list === undefined) map.set(key, [index]);
    else if (list.at(-1) !== index) list.push(index);
  }

  /** The row indexes under a name's keys (a key's list, as stored, when there is only one: no copy). */
  private lookUp(map: Map<string, number[]>, name: string): readonly number[] {
    let cache = this.found.get(map);
    if (cache === undefined) this.found.set(map, (cache = new Map()));
    let indexes = cache.get(name);
    if (indexes === undefined) {
      if (cache.size >= KEY_CACHE_SIZE) cache.clear();
      indexes = this.merged(map, name);
      cache.set(name, indexes);
    }
    return indexes;
  }

  private merged(map: Map<string, number[]>, name: string): readonly number[] {
    const keys = this.keysOf(name);
    if (keys.length === 1) return map.get(keys[0]!) ?? NONE;
    const found = new Set<number>();
    for (const key of keys) for (const index of map.get(key) ?? NONE) found.add(index);
    return [...found];
  }

  /** Every locality of the country a name may mean (its own name or another of its names). */
  named(name: string): GazetteerRow[] {
    const indexes = new Set([...this.lookUp(this.byName, name), ...this.lookUp(this.byOtherName, name)]);
    return [...indexes].map((index) => this.rows[index]!);
  }

  /**
   * The nearest of the localities a name may mean, within maxKm of the point; null when none is. A locality called so
   * wins over a nearer one that only has it among its other names ("Arico" is Arico, not Lomo de Arico).
   */
  nearestNamed(name: string, lat: number, lng: number, maxKm: number): Found | null {
    return this.nearestIn(this.byName, true, name, lat, lng, maxKm) ?? this.nearestIn(this.byOtherName, false, name, lat, lng, maxKm);
  }

  private nearestIn(map: Map<string, number[]>, ownName: boolean, name: string, lat: number, lng: number, maxKm: number): Found | null {
    let bestIndex = -1;
    let bestKm = 0;
    for (const index of this.lookUp(map, name)) {
      const row = this.rows[index]!;
      const km = distanceKm(lat, lng, row.lat, row.lng);
      if (km <= maxKm && (bestIndex === -1 || km < bestKm)) {
        bestIndex = index;
        bestKm = km;
      }
    }
    return bestIndex === -1 ? null : { row: this.rows[bestIndex]!, km: bestKm, ownName };
  }

  /** The nearest locality of all within maxKm (at most GRID_REACH_KM) of the point; null when none is. */
  nearest(lat: number, lng: number, maxKm: number): Found | null {
    return this.nearestWhere(lat, lng, maxKm, () => true);
  }

  /**
   * The nearest locality within maxKm whose own name begins with the given one's words ("Oropesa" → Oropesa del Mar,
   * "Villafranca" → Villafranca de Córdoba): a short form the address uses. Null when none is.
   */
  nearestStartingWith(name: string, lat: number, lng: number, maxKm: number): Found | null {
    // Most names begin no locality's name: those need no scan of the cells.
    if (this.lookUp(this.byHead, name).length === 0) return null;
    const heads = this.keysOf(name).map((key) => `${key}-`);
    const found = this.nearestWhere(lat, lng, maxKm, (row) => row.nameSlugs.some((slug) => heads.some((head) => slug.startsWith(head))));
    return found === null ? null : { ...found, ownName: false };
  }

  /**
   * Every locality within maxKm (at most WIDE_REACH_KM) of the point that `accept` takes, nearest first (equal distances
   * in file order): the nearest town's rivals of other municipalities, a far capital. Each found with ownName true.
   */
  within(lat: number, lng: number, maxKm: number, accept: (row: GazetteerRow) => boolean = () => true): Found[] {
    if (maxKm > WIDE_REACH_KM) throw new RangeError(`the search answers up to ${WIDE_REACH_KM} km, not ${maxKm}`);
    // A degree of latitude is 111.2 km everywhere, one of longitude at least 111.2 km times the cosine of the farthest
    // latitude within reach (less a few parts in 100,000 over the degree or so a search spans; 111 leaves 0.2 %): the
    // strips within reach, and in each only the stretch of longitude within reach.
    const latReach = maxKm / KM_PER_DEGREE_LAT;
    const farthest = Math.min(89, Math.abs(lat) + latReach);
    const lngReach = maxKm / (KM_PER_DEGREE_LAT * Math.cos(farthest * RADIANS));
    const cos = Math.cos(lat * RADIANS);
    const found: { index: number; km: number }[] = [];
    const last = Math.floor((lat + latReach) / STRIP_DEGREES);
    for (let at = Math.floor((lat - latReach) / STRIP_DEGREES); at <= last; at += 1) {
      const strip = this.strips.get(at);
      if (strip === undefined) continue;
      const east = lng + lngReach;
      // Past the strip's end a typed array reads undefined, which is never <= east: the loop ends there too.
      for (let position = firstAtLeast(strip.lng, lng - lngReach); strip.lng[position]! <= east; position += 1) {
        const rowLat = strip.lat[position]!;
        if (Math.abs(rowLat - lat) * KM_PER_DEGREE_LAT > maxKm) continue;
        const index = strip.index[position]!;
        if (!accept(this.rows[index]!)) continue;
        const km = haversineKm(lat, lng, cos, rowLat, strip.lng[position]!, strip.cos[position]!);
        if (km <= maxKm) found.push({ index, km });
      }
    }
    found.sort((a, b) => a.km - b.km || a.index - b.index);
    return found.map(({ index, km }) => ({ row: this.rows[index]!, km, ownName: true }));
  }

  private nearestWhere(lat: number, lng: number, maxKm: number, accept: (row: GazetteerRow) => boolean): Found | null {
    if (maxKm > GRID_REACH_KM) throw new RangeError(`the grid answers up to ${GRID_REACH_KM} km, not ${maxKm}`);
    const latCell = Math.floor(lat / CELL_DEGREES);
    const lngCell = Math.floor(lng / CELL_DEGREES);
    let bestIndex = -1;
    let bestKm = maxKm;
    for (let dLat = -1; dLat <= 1; dLat += 1) {
      for (let dLng = -1; dLng <= 1; dLng += 1) {
        for (const index of this.cells.get(cellKey(latCell + dLat, lngCell + dLng)) ?? []) {
          const row = this.rows[index]!;
          // A degree of latitude is 111 km everywhere: farther north or south than the best so far needs no haversine.
          if (Math.abs(row.lat - lat) * KM_PER_DEGREE_LAT > bestKm || !accept(row)) continue;
          const km = distanceKm(lat, lng, row.lat, row.lng);
          if (km < bestKm || (km === bestKm && bestIndex === -1)) {
            bestKm = km;
            bestIndex = index;
          }
        }
      }
    }
    return bestIndex === -1 ? null : { row: this.rows[bestIndex]!, km: bestKm, ownName: true };
  }
}
