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

/** Candidate pairs (i < j), each once: same name in neighbouring cells or the same city, and a shared phone. */
export function candidatePairs(keys: readonly PlaceMatchKey[]): Array<[number, number]> {
  const seen = new Set<number>();
  const pairs: Array<[number, number]> = [];
  const add = (i: number, j: number) => {
    const [a, b] = i < j ? [i, j] : [j, i];
    const code = a * keys.length + b;
    if (a === b || seen.has(code)) return;
    seen.add(code);
    pairs.push([a, b]);
  };
  const byName = new Map<string, number[]>();
  const byPhone = new Map<string, number[]>();
  keys.forEach((key, index) => {
    if (key.words.length > 0) push(byName, `${key.words.join(' ')}|${key.numbering.join(' ')}`, index);
    for (const phone of key.phones) push(byPhone, phone, index);
  });
  for (const members of byName.values()) if (members.length > 1) pairsInNameBlock(keys, members, add);
  for (const members of byPhone.values()) {
    if (members.length < 2 || members.length > MAX_PHONE_SHARERS) continue;
    for (let x = 0; x < members.length; x++) for (let y = x + 1; y < members.length; y++) add(members[x]!, members[y]!);
  }
  return pairs;
}

function pairsInNameBlock(keys: readonly PlaceMatchKey[], members: number[], add: (i: number, j: number) => void): void {
  const cells = new Map<string, number[]>();
  const byCity = new Map<string, { located: number[]; unlocated: number[] }>();
  for (const index of members) {
    const key = keys[index]!;
    const city = byCity.get(key.citySlug ?? '') ?? { located: [], unlocated: [] };
    byCity.set(key.citySlug ?? '', city);
    if (key.lat === null || key.lng === null) {
      city.unlocated.push(index);
      continue;
    }
    city.located.push(index);
    const [row, col] = cellOf(key.lat, key.lng);
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) for (const other of cells.get(`${row + dr}:${col + dc}`) ?? []) add(other, index);
    }
    push(cells, `${row}:${col}`, index);
  }
  // Without a point on both sides, the city decides: an unlocated listing meets every other of its city (none without one).
  for (const [city, { located, unlocated }] of byCity) {
    if (city === '') continue;
    for (let x = 0; x < unlocated.length; x++) {
      for (let y = x + 1; y < unlocated.length; y++) add(unlocated[x]!, unlocated[y]!);
      for (const other of located) add(unlocated[x]!, other);
    }
  }
}

function cellOf(lat: number, lng: number): [number, number] {
  return [Math.floor(lat / CELL_DEGREES), Math.floor(lng / CELL_DEGREES)];
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
  const links: Link[] = [];
  for (const [a, b] of candidatePairs(keys)) {
    const verdict = samePlace(keys[a]!, keys[b]!);
    if (verdict.same) links.push({ a, b, signals: verdict.signals, metres: verdict.metres });
  }
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
  return duplicates.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}
