// Finds the listings of one import that are one place: candidate pairs by block (same name near by, shared phone), the matcher, one kept id per place.
import type { PlaceMatchKey } from './place-match-key.ts';
import { MatchKeyTable } from './match-key-table.ts';
import type { MatchKeyBlocks } from './match-key-blocks.ts';
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

/** Where a pair was proposed: name blocks first, then phone blocks, each by its first row (a phone block then by its phone's place), then the visit within the block. */
type PairOrder = [phase: number, first: number, phoneAt: number, visit: number];

const byPairOrder = (x: { order: PairOrder }, y: { order: PairOrder }): number =>
  x.order[0] - y.order[0] || x.order[1] - y.order[1] || x.order[2] - y.order[2] || x.order[3] - y.order[3];

/**
 * Calls propose(i, j, order) for each candidate pair, always with i < j: same name in neighbouring cells or the same
 * city, or a shared phone. A pair may come twice. The blocks come in the source's order; `order` places each pair
 * where a pass over the blocks in the order of their first listing (name blocks first, members in listing order)
 * would meet it.
 */
function proposePairs(source: MatchKeyBlocks, propose: (i: number, j: number, order: PairOrder, keyI: PlaceMatchKey, keyJ: PlaceMatchKey) => void): void {
  for (const block of source.nameBlocks()) {
    if (block.rows.length < 2) continue;
    const { rows, keys } = block;
    let visit = 0;
    pairsInNameBlock(keys, (x, y) => propose(rows[x]!, rows[y]!, [0, rows[0]!, 0, visit++], keys[x]!, keys[y]!));
  }
  for (const block of source.phoneBlocks()) {
    const { rows, keys, phoneAt } = block;
    if (rows.length < 2 || rows.length > MAX_PHONE_SHARERS) continue;
    let visit = 0;
    for (let x = 0; x < rows.length; x++) for (let y = x + 1; y < rows.length; y++) propose(rows[x]!, rows[y]!, [1, rows[0]!, phoneAt, visit++], keys[x]!, keys[y]!);
  }
}

/**
 * Calls visit(i, j) for each candidate pair, always with i < j: same name in neighbouring cells or the same city, or a
 * shared phone. A pair may come twice. The blocks come in the order of their first listing, name blocks first, their
 * members in listing order.
 */
export function forEachCandidatePair(keys: readonly PlaceMatchKey[] | MatchKeyTable, visit: (i: number, j: number) => void): void {
  const pairs: Array<{ i: number; j: number; order: PairOrder }> = [];
  proposePairs(blocksOf(keys), (i, j, order) => pairs.push({ i, j, order }));
  for (const { i, j } of pairs.sort(byPairOrder)) visit(i, j);
}

function blocksOf(keys: readonly PlaceMatchKey[] | MatchKeyTable | MatchKeyBlocks): MatchKeyBlocks {
  if (keys instanceof MatchKeyTable) return keys.blocks();
  return Array.isArray(keys) ? MatchKeyTable.of(keys as readonly PlaceMatchKey[]).blocks() : (keys as MatchKeyBlocks);
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

/** Calls add(x, y) with positions in the block (x < y): the same name in neighbouring cells, or without a point the same city. */
function pairsInNameBlock(keys: readonly PlaceMatchKey[], add: (x: number, y: number) => void): void {
  const cells = new Map<number, number[]>();
  let unlocated = 0;
  for (let at = 0; at < keys.length; at++) {
    const { lat, lng } = keys[at]!;
    if (lat === null || lng === null) {
      unlocated += 1;
      continue;
    }
    const cell = cellOf(lat, lng);
    for (const step of NEIGHBOURS) {
      const others = cells.get(cell + step);
      if (others) for (const other of others) add(other, at);
    }
    push(cells, cell, at);
  }
  if (unlocated === 0) return;
  // Without a point on both sides, the city decides: an unlocated listing meets every other of its city (none without one).
  const byCity = new Map<string, number[]>();
  for (let at = 0; at < keys.length; at++) {
    const city = keys[at]!.citySlug;
    if (city !== null) push(byCity, city, at);
  }
  for (const city of byCity.values()) {
    for (let x = 0; x < city.length; x++) {
      const a = keys[city[x]!]!.lat;
      for (let y = x + 1; y < city.length; y++) {
        if (a === null || keys[city[y]!]!.lat === null) add(city[x]!, city[y]!);
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
export function findSamePlaces(keys: readonly PlaceMatchKey[] | MatchKeyTable | MatchKeyBlocks, options: FindSamePlacesOptions = {}): SamePlaceDuplicate[] {
  // Pairs are judged as the blocks propose them (no list of every pair): only the matches are kept, then put in order, each once.
  const matches: Array<Link & { order: PairOrder }> = [];
  const ids = new Map<number, string>();
  proposePairs(blocksOf(keys), (a, b, order, keyA, keyB) => {
    const verdict = samePlace(keyA, keyB);
    if (!verdict.same) return;
    matches.push({ a, b, signals: verdict.signals, metres: verdict.metres, order });
    ids.set(a, keyA.id).set(b, keyB.id);
  });
  const idOf = (row: number) => ids.get(row)!;
  const links: Link[] = [];
  const linked = new Set<string>();
  for (const match of matches.sort(byPairOrder)) {
    if (linked.has(`${match.a} ${match.b}`)) continue;
    linked.add(`${match.a} ${match.b}`);
    links.push({ a: match.a, b: match.b, signals: match.signals, metres: match.metres });
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
    if (options.distinct && left.some((x) => right.some((y) => options.distinct!.has(distinctPairKey(idOf(x), idOf(y)))))) continue;
    const merged = [...left, ...right];
    for (const index of merged) groupOf.set(index, rootA);
    groups.delete(rootB);
    groups.set(rootA, merged);
    record();
  }
  const duplicates: SamePlaceDuplicate[] = [];
  for (const group of groups.values()) {
    const groupIds = group.map(idOf).sort();
    const served = options.isServed ? groupIds.filter((id) => options.isServed!(id)) : [];
    const keptId = served[0] ?? groupIds[0]!;
    for (const index of group) {
      const id = idOf(index);
      if (id === keptId) continue;
      // The match with the kept listing itself when there is one, else its first match.
      const other = (l: Link) => idOf(l.a === index ? l.b : l.a);
      const own = linksOf.get(index)!;
      const link = own.find((l) => other(l) === keptId) ?? own[0]!;
      const matched = other(link);
      duplicates.push({ id, keptId, matchedId: matched, signals: link.signals, metres: link.metres });
    }
  }
  // Ids are unique: no two compare equal.
  return duplicates.sort((x, y) => (x.id < y.id ? -1 : 1));
}
