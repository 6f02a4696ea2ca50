// The relevance order of a literal q read best first: places holding q's words tier by tier (score descending, each
// tier in rowid order), checked against q and the filters until the page is full, then the other matches by rowid.
import type { Postings } from './word-index.ts';
import { WORD_KINDS, type WordKind } from './word-postings.ts';
import { LEVELS } from './word-scores.ts';

/** What the walk reads from the snapshot. */
export interface RelevanceSource {
  /** Per typed word (in q's order), the places holding it exactly, per kind; an unknown word has empty lists. */
  postings: readonly Postings[];
  /** Of these rowids (ascending), the ones that match q and the filters. */
  keep(rowids: readonly number[]): Set<number>;
  /** The places matching q and the filters with a rowid above `rowid`, ascending; read lazily (the walk stops early). */
  after(rowid: number): Iterable<number>;
}

export interface RelevancePage {
  /** Up to `wanted` rowids in (score descending, rowid ascending) order after the cursor. */
  rowids: number[];
  scores: number[];
}

interface Tier {
  score: number;
  /** Ascending. */
  rowids: Int32Array;
}

/** Kinds from the best level of an exact word down (name, city, label). */
const KINDS_BY_LEVEL: readonly WordKind[] = [...WORD_KINDS].sort((a, b) => LEVELS[b].exact - LEVELS[a].exact);
const FIRST_CHECK = 32;
const LARGEST_CHECK = 4096;

/**
 * The first `wanted` places after the cursor (score, rowid) in the relevance order: a place's score is the sum over
 * the typed words of the best level at which it holds each exactly (a name 9, a city 6, a label 3; word-scores.ts). Tiers above the cursor are skipped unread.
 */
export function relevancePage(source: RelevanceSource, size: number, wanted: number, cursor?: { key: number; rowid: number }): RelevancePage {
  const page: RelevancePage = { rowids: [], scores: [] };
  const walk = source.postings.length === 1 ? singleWordTiers(source.postings[0]!, size) : summedTiers(source.postings, size);
  for (const tier of walk.tiers()) {
    if (cursor && tier.score > cursor.key) continue;
    let start = cursor && tier.score === cursor.key ? upperBound(tier.rowids, cursor.rowid) : 0;
    let chunk = Math.max(FIRST_CHECK, wanted * 2);
    while (start < tier.rowids.length && page.rowids.length < wanted) {
      const part = Array.from(tier.rowids.subarray(start, start + chunk));
      start += part.length;
      chunk = Math.min(chunk * 2, LARGEST_CHECK);
      const kept = source.keep(part);
      for (const rowid of part) {
        if (!kept.has(rowid)) continue;
        page.rowids.push(rowid);
        page.scores.push(tier.score);
        if (page.rowids.length === wanted) return page;
      }
    }
  }
  // The matches holding none of the words: score 0, after every tier.
  if (cursor && cursor.key < 0) return page;
  const scored = walk.scored();
  for (const rowid of source.after(cursor && cursor.key === 0 ? cursor.rowid : 0)) {
    if (rowid > 0 && rowid < size && scored[rowid] === 1) continue;
    page.rowids.push(rowid);
    page.scores.push(0);
    if (page.rowids.length === wanted) break;
  }
  return page;
}

interface TierWalk {
  tiers(): Iterable<Tier>;
  /** 1 for every rowid with a score above 0. */
  scored(): Uint8Array;
}

/** One word: its name places, then its city places not among those, then its label places not among either. */
function singleWordTiers(postings: Postings, size: number): TierWalk {
  let marks: Uint8Array | null = null;
  const mark = (rowids: Int32Array): void => {
    marks ??= new Uint8Array(size);
    for (const rowid of rowids) if (rowid > 0 && rowid < size) marks[rowid] = 1;
  };
  let marked = 0;
  return {
    *tiers() {
      for (let k = 0; k < KINDS_BY_LEVEL.length; k += 1) {
        const kind = KINDS_BY_LEVEL[k]!;
        const current = marks;
        const list = postings[kind];
        // The best tier is its list as stored (ascending): only its ends can fall outside the table.
        const rowids = current === null ? list.subarray(upperBound(list, 0), upperBound(list, size - 1)) : list.filter((rowid) => rowid > 0 && rowid < size && current[rowid] !== 1);
        if (rowids.length > 0) yield { score: LEVELS[kind].exact, rowids };
        mark(postings[kind]);
        marked = k + 1;
      }
    },
    scored() {
      for (; marked < KINDS_BY_LEVEL.length; marked += 1) mark(postings[KINDS_BY_LEVEL[marked]!]);
      return marks ?? new Uint8Array(size);
    },
  };
}

/** Several words: every place holding one is scored, then grouped by score. */
function summedTiers(postings: readonly Postings[], size: number): TierWalk {
  const scores = new Int32Array(size);
  const seenFor = new Int32Array(size);
  const touched: number[] = [];
  postings.forEach((lists, word) => {
    const stamp = word + 1;
    for (const kind of KINDS_BY_LEVEL) {
      const level = LEVELS[kind].exact;
      for (const rowid of lists[kind]) {
        if (rowid <= 0 || rowid >= size || seenFor[rowid] === stamp) continue;
        seenFor[rowid] = stamp;
        if (scores[rowid] === 0) touched.push(rowid);
        scores[rowid] = scores[rowid]! + level;
      }
    }
  });
  return {
    *tiers() {
      const byScore = new Map<number, number[]>();
      for (const rowid of touched) {
        const score = scores[rowid]!;
        let list = byScore.get(score);
        if (!list) byScore.set(score, (list = []));
        list.push(rowid);
      }
      for (const score of [...byScore.keys()].sort((a, b) => b - a)) yield { score, rowids: Int32Array.from(byScore.get(score)!).sort() };
    },
    scored() {
      const marks = new Uint8Array(size);
      for (const rowid of touched) marks[rowid] = 1;
      return marks;
    },
  };
}

/** The first index whose rowid is above `rowid`. */
function upperBound(rowids: Int32Array, rowid: number): number {
  let low = 0;
  let high = rowids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rowids[middle]! <= rowid) low = middle + 1;
    else high = middle;
  }
  return low;
}
