// Finds the listings of one import that are one place: candidate pairs by block (same name near by, shared phone), the matcher, one kept id per place.
import type { PlaceMatchKey } from './place-match-key.ts';
import { samePlace, type MatchSignal } from './same-place.ts';
import { distinctPairKey, type DistinctPlaces } from './distinct-places.ts';

/** Grid cell of the same-name block, in degrees: with its neighbours it covers more than SAME_NAME_PHONE_METRES up to 61° N. */
const CELL_DEGREES = 0.02;
/** A phone shared by more listings than this is a booking centre's, not a place's: it proposes no pairs. */
export const MAX_PHONE_SHARERS = 20;

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
 * shared phone. A pair may come twice.
 */
export function forEachCandidatePair(keys: readonly PlaceMatchKey[], visit: (i: number, j: number) => void): void {
  const byName = new Map<string, number[]>();
  const byPhone = new Map<string, number[]>();
  keys.forEach((key, index) => {
    if (key.words.length > 0) push(byName, `${key.words.join(' ')}|${key.numbering.join(' ')}`, index);
    for (const phone of key.phones) push(byPhone, phone, index);
  });
  for (const members of byName.values()) if (members.length > 1) pairsInNameBlock(keys, members, visit);
  for (const members of byPhone.values()) {
    if (members.length < 2 || members.length > MAX_PHONE_SHARERS) continue;
    for (let x = 0; x < members.length; x++) for (let y = x + 1; y < members.length; y++) visit(members[x]!, members[y]!);
  }
}

/** The candidate pairs (i < j), each once, in the order first met. */
export function candidatePairs(keys: readonly PlaceMatchKey[]): Array<[number, number]> {
  const seen = new Set<string>();
  const pairs: Array<[number, number]> = [];
  forEachCandidatePair(keys, (i, j) => {
    if (seen.has(`${i} ${j}`)) return;
    seen.add(`${i} ${j}`);
    pairs.push([i, j]);
  });
  return pairs;
}

function pairsInNameBlock(keys: readonly PlaceMatchKey[], members: number[], add: (i: number, j: number) => void): void {
  const cells = new Map<number, number[]>();
  let unlocated = 0;
  for (const index of members) {
    const key = keys[index]!;
    if (key.lat === null || key.lng === null) {
      unlocated += 1;
      continue;
    }
    const cell = cellOf(key.lat, key.lng);
    for (const step of NEIGHBOURS) {
      const others = cells.get(cell + step);
      if (others) for (const other of others) add(other, index);
    }
    push(cells, cell, index);
  }
  if (unlocated === 0) return;
  // Without a point on both sides, the city decides: an unlocated listing meets every other of its city (none without one).
  const byCity = new Map<string, number[]>();
  for (const index of members) if (keys[index]!.citySlug !== null) push(byCity, keys[index]!.citySlug!, index);
  for (const city of byCity.values()) {
    for (let x = 0; x < city.length; x++) {
      const a = keys[city[x]!]!;
      for (let y = x + 1; y < city.length; y++) {
        if (a.lat === null || keys[city[y]!]!.lat === null) add(city[x]!, city[y]!);
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
export function findSamePlaces(keys: readonly PlaceMatchKey[], options: FindSamePlacesOptions = {}): SamePlaceDuplicate[] {
  // Pairs are judged as the blocks propose them (no list of every pair): only the matches are kept, each once.
  const links: Link[] = [];
  const linked = new Set<string>();
  forEachCandidatePair(keys, (a, b) => {
    const verdict = samePlace(keys[a]!, keys[b]!);
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
    if (options.distinct && left.some((x) => right.some((y) => options.distinct!.has(distinctPairKey(keys[x]!.id, keys[y]!.id))))) continue;
    const merged = [...left, ...right];
    for (const index of merged) groupOf.set(index, rootA);
    groups.delete(rootB);
    groups.set(rootA, merged);
    record();
  }
  const duplicates: SamePlaceDuplicate[] = [];
  for (const group of groups.values()) {
    const ids = group.map((index) => keys[index]!.id).sort();
    const served = options.isServed ? ids.filter((id) => options.isServed!(id)) : [];
    const keptId = served[0] ?? ids[0]!;
    for (const index of group) {
      const id = keys[index]!.id;
      if (id === keptId) continue;
      // The match with the kept listing itself when there is one, else its first match.
      const other = (l: Link) => keys[l.a === index ? l.b : l.a]!.id;
      const own = linksOf.get(index)!;
      const link = own.find((l) => other(l) === keptId) ?? own[0]!;
      const matched = other(link);
      duplicates.push({ id, keptId, matchedId: matched, signals: link.signals, metres: link.metres });
    }
  }
  // Ids are unique: no two compare equal.
  return duplicates.sort((x, y) => (x.id < y.id ? -1 : 1));
}
