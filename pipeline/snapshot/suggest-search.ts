// Suggestions as one types: names and cities by whole earlier words and the beginning of the last, mistakes tolerated.
import type Database from 'better-sqlite3';
import type { CacheFigures, SuggestQuery, SuggestRows } from './reader-types.ts';
import { typedWords } from './search-words.ts';
import { SELECT_PLACES_BY_ROWIDS } from './statements.ts';
import type { WordIndex } from './word-index.ts';
import { bestHoldersOfOneWord, MAX_WORD_LEVEL, placesWithEveryWord } from './word-scores.ts';
import type { WordKind } from './word-postings.ts';
import { servedPlaceJson } from '../../model/served-place-text.ts';
import { BoundedCache } from './bounded-cache.ts';
import { NO_POINT } from './geo-grid.ts';
import { READER_SUGGESTIONS_CACHE_BYTES, READER_SUGGESTIONS_CACHED } from '../../model/limits.ts';

const SUGGEST_KINDS: readonly WordKind[] = ['name', 'city'];
/** The grid's coordinates are 1e-7 degree. */
const UNIT = 1e-7;

/** Each rowid's point in 1e-7 degree, NO_POINT where none (GeoGrid.pointsByRowid: the geo search's, shared). */
export type PointsByRowid = () => { lats: Int32Array; lngs: Int32Array };
type Answer = Omit<SuggestRows, 'version'>;

/** An answer's bytes: its ids' and JSON's characters, V8's headers, and its scores. */
export function answerBytes(answer: Answer): number {
  let bytes = 64;
  for (const row of answer.rows) bytes += 64 + row.id.length + row.json.length;
  return bytes + answer.scores.length * 8;
}

export class SuggestSearch {
  private readonly selectRows: Database.Statement;
  /** What people type starts alike (a snapshot never changes, so answers never go stale). */
  private readonly answers = new BoundedCache<string, Answer>(READER_SUGGESTIONS_CACHED, READER_SUGGESTIONS_CACHE_BYTES, answerBytes);

  constructor(
    private readonly db: Database.Database,
    private readonly words: WordIndex,
    private readonly size: number,
    /** Read when a suggestion first asks with near: the geo search's points, not a copy of them. */
    private readonly points: PointsByRowid,
  ) {
    this.selectRows = db.prepare(SELECT_PLACES_BY_ROWIDS).raw(true);
  }

  caches(): CacheFigures {
    return {
      suggestions: { entries: this.answers.size, bytes: this.answers.weight },
    };
  }

  close(): void {
    this.answers.clear();
  }

  suggest(query: SuggestQuery): Omit<SuggestRows, 'version'> {
    const key = JSON.stringify([query.q, query.limit, query.near?.latitude, query.near?.longitude]);
    let answer = this.answers.get(key);
    if (!answer) {
      answer = this.answer(query);
      this.answers.set(key, answer);
    }
    return answer;
  }

  private answer(query: SuggestQuery): Omit<SuggestRows, 'version'> {
    const { words, lastIsPrefix } = typedWords(query.q);
    const expansions = words.map((word, i) => this.words.expand(word, { prefix: lastIsPrefix && i === words.length - 1, typo: true }));
    // One word and no point: the best places come from the heads of the lists, without scoring every holder.
    const oneWord = expansions.length === 1 && !query.near;
    const { rowids, scores, holders } = oneWord
      ? bestHoldersOfOneWord(this.words, expansions[0]!, SUGGEST_KINDS, this.size, query.limit)
      : placesWithEveryWord(this.words, expansions, SUGGEST_KINDS, this.size, true);
    const distance = query.near ? this.distancesFrom(query.near) : null;
    const better = (a: number, b: number): boolean => {
      if (scores[a] !== scores[b]) return scores[a]! > scores[b]!;
      if (distance) {
        const da = distance(rowids[a]!);
        const db = distance(rowids[b]!);
        if (da !== db) return da < db;
      }
      // Then the rarer words matched: a beginning that completes to a rare word names fewer places, more likely the one meant.
      if (holders && holders[a] !== holders[b]) return holders[a]! < holders[b]!;
      return rowids[a]! < rowids[b]!;
    };
    const best: number[] = [];
    for (let i = 0; i < rowids.length; i += 1) {
      if (best.length === query.limit && !better(i, best[query.limit - 1]!)) continue;
      let at = best.length;
      while (at > 0 && better(i, best[at - 1]!)) at -= 1;
      best.splice(at, 0, i);
      if (best.length > query.limit) best.pop();
    }
    const wanted = best.map((i) => rowids[i]!);
    const found = wanted.length === 0 ? [] : (this.selectRows.all(JSON.stringify(wanted)) as [number, string, string][]);
    const byRowid = new Map(found.map(([rowid, id, json]) => [rowid, { id, json: servedPlaceJson(json) }]));
    const top = MAX_WORD_LEVEL * Math.max(1, words.length);
    const rows: SuggestRows['rows'] = [];
    const scored: number[] = [];
    for (const i of best) {
      const row = byRowid.get(rowids[i]!);
      if (!row) continue;
      rows.push(row);
      scored.push(Math.round((scores[i]! / top) * 1000) / 1000);
    }
    return { rows, scores: scored };
  }

  /** Squared equirectangular distance, enough to order places near one point; places without a location last. */
  private distancesFrom(near: { latitude: number; longitude: number }): (rowid: number) => number {
    const { lats, lngs } = this.points();
    const scale = Math.cos((near.latitude * Math.PI) / 180);
    return (rowid) => {
      const lat = lats[rowid];
      const lng = lngs[rowid];
      if (lat === undefined || lng === undefined || lat === NO_POINT) return Number.POSITIVE_INFINITY;
      const dLat = lat * UNIT - near.latitude;
      const dLng = (lng * UNIT - near.longitude) * scale;
      return dLat * dLat + dLng * dLng;
    };
  }
}
