// A country's gazetteer in memory: localities by name slug, and a grid of 0.2° cells for the nearest one to a point.
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
  const dLat = (lat2 - lat1) * RADIANS;
  const dLng = (lng2 - lng1) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
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
  private readonly articles: RegExp;
  private readonly keyCache = new Map<string, readonly string[]>();
  /** Each map's row indexes by the name looked up (its keys' lists merged once), as many names as keyCache. */
  private readonly found = new Map<Map<string, number[]>, Map<string, readonly number[]>>();

  /** `articles`: the country's articles a name may begin with ("El Masnou" is also found as "Masnou"). */
  constructor(rows: readonly GazetteerRow[], articles: readonly string[]) {
    this.rows = rows;
    this.articles = leadingArticles(articles);
    rows.forEach((row, index) => {
      for (const key of row.nameSlugs) this.add(this.byName, key, index);
      for (const key of row.otherSlugs) this.add(this.byOtherName, key, index);
      this.add(this.cells, cellKey(Math.floor(row.lat / CELL_DEGREES), Math.floor(row.lng / CELL_DEGREES)), index);
    });
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
    const heads = this.keysOf(name).map((key) => `${key}-`);
    if (heads.length === 0) return null;
    const found = this.nearestWhere(lat, lng, maxKm, (row) => row.nameSlugs.some((slug) => heads.some((head) => slug.startsWith(head))));
    return found === null ? null : { ...found, ownName: false };
  }

  /**
   * Every locality within maxKm (at most WIDE_REACH_KM) of the point that `accept` takes, nearest first (equal distances
   * in file order): the nearest town's rivals of other municipalities, a far capital. Each found with ownName true.
   */
  within(lat: number, lng: number, maxKm: number, accept: (row: GazetteerRow) => boolean = () => true): Found[] {
    if (maxKm > WIDE_REACH_KM) throw new RangeError(`the search answers up to ${WIDE_REACH_KM} km, not ${maxKm}`);
    const latCell = Math.floor(lat / CELL_DEGREES);
    const lngCell = Math.floor(lng / CELL_DEGREES);
    // A cell is 0.2° of latitude (22.2 km) high, and 0.2° of longitude wide: narrower towards the poles, so as many
    // cells each way as the distance needs at the farthest latitude the block reaches.
    const latSpan = Math.ceil(maxKm / (CELL_DEGREES * KM_PER_DEGREE_LAT));
    const farthest = Math.min(89, Math.abs(lat) + (latSpan + 1) * CELL_DEGREES);
    const lngSpan = Math.ceil(maxKm / (CELL_DEGREES * KM_PER_DEGREE_LAT * Math.cos(farthest * RADIANS)));
    const found: { index: number; km: number }[] = [];
    for (let dLat = -latSpan; dLat <= latSpan; dLat += 1) {
      for (let dLng = -lngSpan; dLng <= lngSpan; dLng += 1) {
        for (const index of this.cells.get(cellKey(latCell + dLat, lngCell + dLng)) ?? NONE) {
          const row = this.rows[index]!;
          if (Math.abs(row.lat - lat) * KM_PER_DEGREE_LAT > maxKm || !accept(row)) continue;
          const km = distanceKm(lat, lng, row.lat, row.lng);
          if (km <= maxKm) found.push({ index, km });
        }
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
