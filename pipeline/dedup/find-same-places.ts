// Finds the listings of one import that are one place: candidate pairs by block (same name near by, shared phone), the matcher, one kept id per place.
import type { PlaceMatchKey } from './place-match-key.ts';
import { MatchKeyTable } from './match-key-table.ts';
import { samePlace, type MatchSignal } from './same-place.ts';
import { distinctPairKey, type DistinctPlaces } from './distinct-places.ts';

/** Grid cell of the same-name block, in degrees: with its neighbours it covers more than SAME_NAME_PHONE_METRES up to 61° N. */
const CELL_DEGREES = 0.02;
/** A phone shared by more listings than this is a booking centre's, not a place's: it proposes no pairs. */
export const MAX_PHONE_SHARERS = 20;
/** Match keys made from the table and kept for the pairs of one block (cleared when this many). */
const KEYS_MADE_AT_ONCE = 4096;

export interface SamePlaceDuplicate {
  /** The id no longer published. */
  id: string;
  /** The id published for the place. */
  keptId: string;
  /** The listing this one was matched with, and the signals that agreed. */
  matchedId: string;
  signals: MatchSignal[];
  metres: number | null;
}

export interface FindSamePlacesOptions {
  /** Whether an id is served now (the current snapshot): such an id is kept. */
  isServed?: (id: string) => boolean;
  /** Pairs an operator marked as different places. */
  distinct?: DistinctPlaces;
}

interface Link {
  a: number;
  b: number;
  signals: MatchSignal[];
  metres: number | null;
}

/**
 * Calls visit(i, j) for each candidate pair, always with i < j: same name in neighbouring cells or the same city, or a
 * shared phone. A pair may come twice. The blocks come in the order of their first listing, name blocks first, their
 * members in listing order; they are found by sorting row numbers, not by a map holding every listing's name and phones.
 */
export function forEachCandidatePair(keys: readonly PlaceMatchKey[] | MatchKeyTable, visit: (i: number, j: number) => void): void {
  const table = tableOf(keys);
  const named: number[] = [];
  for (let row = 0; row < table.length; row++) if (table.hasWords(row)) named.push(row);
  const byName = Int32Array.from(named).sort((a, b) => table.compareNames(a, b) || a - b);
  for (const [start, end] of blocksInFirstOrder(byName, (x, y) => table.compareNames(byName[x]!, byName[y]!) === 0, (x) => byName[x]!)) {
    if (end - start > 1) pairsInNameBlock(table, Array.from(byName.subarray(start, end)), visit);
  }
  const phones = table.phoneEntries();
  const byPhone = new Int32Array(phones.values.length).map((_, at) => at).sort((a, b) => phones.values[a]! - phones.values[b]! || a - b);
  for (const [start, end] of blocksInFirstOrder(byPhone, (x, y) => phones.values[byPhone[x]!] === phones.values[byPhone[y]!], (x) => byPhone[x]!)) {
    if (end - start < 2 || end - start > MAX_PHONE_SHARERS) continue;
    const members = Array.from(byPhone.subarray(start, end), (at) => phones.rows[at]!);
    for (let x = 0; x < members.length; x++) for (let y = x + 1; y < members.length; y++) visit(members[x]!, members[y]!);
  }
}

/** The runs of equal neighbours in a sorted array ([start, end) positions), ordered by their first element's `order`. */
function blocksInFirstOrder(sorted: Int32Array, same: (x: number, y: number) => boolean, order: (x: number) => number): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1;
    while (end < sorted.length && same(start, end)) end++;
    if (end - start > 1) runs.push([start, end]);
    start = end;
  }
  return runs.sort((a, b) => order(a[0]) - order(b[0]));
}

function tableOf(keys: readonly PlaceMatchKey[] | MatchKeyTable): MatchKeyTable {
  return keys instanceof MatchKeyTable ? keys : MatchKeyTable.of(keys);
}

/** The candidate pairs (i < j), each once, in the order first met. */
export function candidatePairs(keys: readonly PlaceMatchKey[] | MatchKeyTable): Array<[number, number]> {
  const seen = new Set<string>();
  const pairs: Array<[number, number]> = [];
  forEachCandidatePair(keys, (i, j) => {
    if (seen.has(`${i} ${j}`)) return;
    seen.add(`${i} ${j}`);
    pairs.push([i, j]);
  });
  return pairs;
}

function pairsInNameBlock(keys: MatchKeyTable, members: number[], add: (i: number, j: number) => void): void {
  const cells = new Map<number, number[]>();
  let unlocated = 0;
  for (const index of members) {
    const lat = keys.latOf(index);
    const lng = keys.lngOf(index);
    if (lat === null || lng === null) {
      unlocated += 1;
      continue;
    }
    const cell = cellOf(lat, lng);
    for (const step of NEIGHBOURS) {
      const others = cells.get(cell + step);
      if (others) for (const other of others) add(other, index);
    }
    push(cells, cell, index);
  }
  if (unlocated === 0) return;
  // Without a point on both sides, the city decides: an unlocated listing meets every other of its city (none without one).
  const byCity = new Map<string, number[]>();
  for (const index of members) {
    const city = keys.citySlugOf(index);
    if (city !== null) push(byCity, city, index);
  }
  for (const city of byCity.values()) {
    for (let x = 0; x < city.length; x++) {
      const a = keys.latOf(city[x]!);
      for (let y = x + 1; y < city.length; y++) {
        if (a === null || keys.latOf(city[y]!) === null) add(city[x]!, city[y]!);
      }
    }
  }
}

/** Cell numbers: rows of CELL_DEGREES latitude times CELL_ROW, plus the column; a neighbour is one of NEIGHBOURS away. */
const CELL_ROW = 100_000;
const NEIGHBOURS = [-CELL_ROW - 1, -CELL_ROW, -CELL_ROW + 1, -1, 0, 1, CELL_ROW - 1, CELL_ROW, CELL_ROW + 1];

function cellOf(lat: number, lng: number): number {
  return Math.floor(lat / CELL_DEGREES) * CELL_ROW + Math.floor(lng / CELL_DEGREES);
}

function push<K>(map: Map<K, number[]>, key: K, index: number): void {
  const list = map.get(key);
  if (list) list.push(index);
  else map.set(key, [index]);
}

/**
 * The duplicates of the import, each pointing to the id kept for its place: an id served now when the place has one
 * (the smallest of them), else the smallest id. Two listings an operator marked as different places never end up in
 * one place, not even through a third.
 */
export function findSamePlaces(keys: readonly PlaceMatchKey[] | MatchKeyTable, options: FindSamePlacesOptions = {}): SamePlaceDuplicate[] {
  // Pairs are judged as the blocks propose them (no list of every pair): only the matches are kept, each once.
  const table = tableOf(keys);
  const links: Link[] = [];
  const linked = new Set<string>();
  // A block's pairs come together: its members' keys are made once while it lasts.
  const made = new Map<number, PlaceMatchKey>();
  const keyOf = (row: number): PlaceMatchKey => {
    let key = made.get(row);
    if (key === undefined) {
      if (made.size >= KEYS_MADE_AT_ONCE) made.clear();
      key = table.key(row);
      made.set(row, key);
    }
    return key;
  };
  forEachCandidatePair(table, (a, b) => {
    const verdict = samePlace(keyOf(a), keyOf(b));
    if (!verdict.same || linked.has(`${a} ${b}`)) return;
    linked.add(`${a} ${b}`);
    links.push({ a, b, signals: verdict.signals, metres: verdict.metres });
  });
  if (links.length === 0) return [];
  const groups = new Map<number, number[]>();
  const groupOf = new Map<number, number>();
  const linksOf = new Map<number, Link[]>();
  for (const link of links) {
    const rootA = groupOf.get(link.a) ?? link.a;
    const rootB = groupOf.get(link.b) ?? link.b;
    const record = () => {
      for (const end of [link.a, link.b]) linksOf.set(end, [...(linksOf.get(end) ?? []), link]);
    };
    if (rootA === rootB) {
      record();
      continue;
    }
    const left = groups.get(rootA) ?? [link.a];
    const right = groups.get(rootB) ?? [link.b];
    if (options.distinct && left.some((x) => right.some((y) => options.distinct!.has(distinctPairKey(table.id(x), table.id(y)))))) continue;
    const merged = [...left, ...right];
    for (const index of merged) groupOf.set(index, rootA);
    groups.delete(rootB);
    groups.set(rootA, merged);
    record();
  }
  const duplicates: SamePlaceDuplicate[] = [];
  for (const group of groups.values()) {
    const ids = group.map((index) => table.id(index)).sort();
    const served = options.isServed ? ids.filter((id) => options.isServed!(id)) : [];
    const keptId = served[0] ?? ids[0]!;
    for (const index of group) {
      const id = table.id(index);
      if (id === keptId) continue;
      // The match with the kept listing itself when there is one, else its first match.
      const other = (l: Link) => table.id(l.a === index ? l.b : l.a);
      const own = linksOf.get(index)!;
      const link = own.find((l) => other(l) === keptId) ?? own[0]!;
      const matched = other(link);
      duplicates.push({ id, keptId, matchedId: matched, signals: link.signals, metres: link.metres });
    }
  }
  // Ids are unique: no two compare equal.
  return duplicates.sort((x, y) => (x.id < y.id ? -1 : 1));
}
