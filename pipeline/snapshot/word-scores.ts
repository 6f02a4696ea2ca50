// Scores places by the words of q: each typed word counts the best way a place holds it (a name beats a city beats a
// label; an exact word beats a prefix beats a corrected word), and a place's score is the sum over the typed words.
import type { Expansion, WordIndex, WordQuality } from './word-index.ts';
import type { WordKind } from './word-postings.ts';

export const LEVELS: Record<WordKind, Record<WordQuality, number>> = {
  name: { exact: 9, prefix: 8, corrected: 7 },
  city: { exact: 6, prefix: 5, corrected: 4 },
  label: { exact: 3, prefix: 2, corrected: 1 },
};
/** The most one typed word adds to a score. */
export const MAX_WORD_LEVEL = LEVELS.name.exact;

interface TokenLevels {
  levels: Uint8Array;
  /** With `rarity`: how many places hold the word that gave each rowid its level (the rarest, among equals). */
  holders: Int32Array | null;
  /** The rowids whose level is above 0, in the order first met. */
  touched: number[];
}

/** Per rowid (below `size`), how well the place holds one typed word through any of its expansions. */
function tokenLevels(index: WordIndex, expansions: readonly Expansion[], kinds: readonly WordKind[], size: number, rarity = false): TokenLevels {
  const levels = new Uint8Array(size);
  const holders = rarity ? new Int32Array(size) : null;
  const touched: number[] = [];
  for (const { word, quality } of expansions) {
    const postings = index.postings(word);
    const count = kinds.reduce((sum, kind) => sum + postings[kind].length, 0);
    for (const kind of kinds) {
      const level = LEVELS[kind][quality];
      for (const rowid of postings[kind]) {
        if (rowid <= 0 || rowid >= size) continue;
        const held = levels[rowid]!;
        if (held > level) continue;
        if (held === level) {
          if (holders && count < holders[rowid]!) holders[rowid] = count;
          continue;
        }
        if (held === 0) touched.push(rowid);
        levels[rowid] = level;
        if (holders) holders[rowid] = count;
      }
    }
  }
  return { levels, holders, touched };
}

export interface Scored {
  /** Ascending. */
  rowids: Int32Array;
  scores: Int32Array;
  /** With `rarity`: per place, the places holding each matched word, summed (lower: the words matched are rarer). */
  holders?: Float64Array;
}

/** The places holding every typed word (through one of its expansions), in rowid order, with their scores. */
export function placesWithEveryWord(index: WordIndex, tokens: readonly Expansion[][], kinds: readonly WordKind[], size: number, rarity = false): Scored {
  if (tokens.length === 0) return { rowids: new Int32Array(0), scores: new Int32Array(0) };
  const all = tokens.map((expansions) => tokenLevels(index, expansions, kinds, size, rarity));
  const driver = all.reduce((a, b) => (b.touched.length < a.touched.length ? b : a));
  const candidates = Int32Array.from(driver.touched).sort();
  const rowids: number[] = [];
  const scores: number[] = [];
  const holders: number[] = [];
  for (const rowid of candidates) {
    let score = 0;
    let held = 0;
    for (const token of all) {
      const level = token.levels[rowid]!;
      if (level === 0) {
        score = -1;
        break;
      }
      score += level;
      if (token.holders) held += token.holders[rowid]!;
    }
    if (score > 0) {
      rowids.push(rowid);
      scores.push(score);
      holders.push(held);
    }
  }
  const scored: Scored = { rowids: Int32Array.from(rowids), scores: Int32Array.from(scores) };
  if (rarity) scored.holders = Float64Array.from(holders);
  return scored;
}

/**
 * One typed word, no distance to weigh: the `limit` best places in the suggestion order (higher level, then the rarer
 * word matched, then rowid), the same as scoring every holder with placesWithEveryWord(…, rarity) and sorting, but
 * reading only the heads of the lists: lists are taken best level first, rarer word first, each in rowid order.
 */
export function bestHoldersOfOneWord(index: WordIndex, expansions: readonly Expansion[], kinds: readonly WordKind[], size: number, limit: number): Scored {
  const groups: { level: number; count: number; list: Int32Array }[] = [];
  for (const { word, quality } of expansions) {
    const postings = index.postings(word);
    const count = kinds.reduce((sum, kind) => sum + postings[kind].length, 0);
    for (const kind of kinds) if (postings[kind].length > 0) groups.push({ level: LEVELS[kind][quality], count, list: postings[kind] });
  }
  groups.sort((a, b) => b.level - a.level || a.count - b.count);
  const rowids: number[] = [];
  const scores: number[] = [];
  const holders: number[] = [];
  // A place first met in a group has that group's level and count as its own: no later group betters either.
  const taken = new Set<number>();
  for (let start = 0; start < groups.length && rowids.length < limit; ) {
    const { level, count } = groups[start]!;
    let end = start;
    while (end < groups.length && groups[end]!.level === level && groups[end]!.count === count) end += 1;
    const need = limit - rowids.length;
    const heads: number[] = [];
    for (let g = start; g < end; g += 1) {
      let got = 0;
      for (const rowid of groups[g]!.list) {
        if (rowid <= 0 || rowid >= size || taken.has(rowid)) continue;
        heads.push(rowid);
        got += 1;
        if (got === need) break;
      }
    }
    heads.sort((a, b) => a - b);
    for (let i = 0; i < heads.length && rowids.length < limit; i += 1) {
      if (i > 0 && heads[i] === heads[i - 1]) continue;
      rowids.push(heads[i]!);
      scores.push(level);
      holders.push(count);
      taken.add(heads[i]!);
    }
    // Fewer than `need` new places: every list of the group was read whole, so all its places are taken.
    start = end;
  }
  return { rowids: Int32Array.from(rowids), scores: Int32Array.from(scores), holders: Float64Array.from(holders) };
}
