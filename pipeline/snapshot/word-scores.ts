// Scores places by the words of q: each typed word counts the best way a place holds it (a name beats a city beats a
// label; an exact word beats a prefix beats a corrected word), and a place's score is the sum over the typed words.
import type { Expansion, WordIndex, WordQuality } from './word-index.ts';
import type { WordKind } from './word-postings.ts';

const LEVELS: Record<WordKind, Record<WordQuality, number>> = {
  name: { exact: 9, prefix: 8, corrected: 7 },
  city: { exact: 6, prefix: 5, corrected: 4 },
  label: { exact: 3, prefix: 2, corrected: 1 },
};
/** The most one typed word adds to a score. */
export const MAX_WORD_LEVEL = LEVELS.name.exact;

interface TokenLevels {
  levels: Uint8Array;
  /** The rowids whose level is above 0, in the order first met. */
  touched: number[];
}

/** Per rowid (below `size`), how well the place holds one typed word through any of its expansions. */
function tokenLevels(index: WordIndex, expansions: readonly Expansion[], kinds: readonly WordKind[], size: number): TokenLevels {
  const levels = new Uint8Array(size);
  const touched: number[] = [];
  for (const { word, quality } of expansions) {
    const postings = index.postings(word);
    for (const kind of kinds) {
      const level = LEVELS[kind][quality];
      for (const rowid of postings[kind]) {
        if (rowid <= 0 || rowid >= size) continue;
        const held = levels[rowid]!;
        if (held >= level) continue;
        if (held === 0) touched.push(rowid);
        levels[rowid] = level;
      }
    }
  }
  return { levels, touched };
}

export interface Scored {
  /** Ascending. */
  rowids: Int32Array;
  scores: Int32Array;
}

/** The places holding every typed word (through one of its expansions), in rowid order, with their scores. */
export function placesWithEveryWord(index: WordIndex, tokens: readonly Expansion[][], kinds: readonly WordKind[], size: number): Scored {
  if (tokens.length === 0) return { rowids: new Int32Array(0), scores: new Int32Array(0) };
  const all = tokens.map((expansions) => tokenLevels(index, expansions, kinds, size));
  const driver = all.reduce((a, b) => (b.touched.length < a.touched.length ? b : a));
  const candidates = Int32Array.from(driver.touched).sort();
  const rowids: number[] = [];
  const scores: number[] = [];
  for (const rowid of candidates) {
    let score = 0;
    for (const { levels } of all) {
      const level = levels[rowid]!;
      if (level === 0) {
        score = -1;
        break;
      }
      score += level;
    }
    if (score > 0) {
      rowids.push(rowid);
      scores.push(score);
    }
  }
  return { rowids: Int32Array.from(rowids), scores: Int32Array.from(scores) };
}

/** Scores of given places (matched otherwise, e.g. literally): typed words they do not hold add nothing. */
export function scoresOf(index: WordIndex, tokens: readonly Expansion[][], kinds: readonly WordKind[], size: number, rowids: Int32Array): Int32Array {
  const scores = new Int32Array(rowids.length);
  for (const expansions of tokens) {
    const { levels } = tokenLevels(index, expansions, kinds, size);
    for (let i = 0; i < rowids.length; i += 1) scores[i]! += levels[rowids[i]!] ?? 0;
  }
  return scores;
}
