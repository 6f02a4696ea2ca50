// A reading connection's word index: the distinct words in memory (for prefixes and typos), each word's places by key.
import type Database from 'better-sqlite3';
import { allowedEdits } from './typo-distance.ts';
import { typoMatches } from './word-typo-matches.ts';
import { blobRowids, int32BlobRowids, PostingsCollector, type WordKind } from './word-postings.ts';
import { INT32_ROWIDS_SCHEMA_VERSION, READ_SQL } from './statements.ts';
import type { CacheFigures } from './reader-types.ts';
import { BoundedCache } from './bounded-cache.ts';
import {
  READER_EXPANSIONS_CACHE_BYTES,
  READER_EXPANSIONS_CACHED,
  READER_POSTINGS_CACHE_ROWIDS,
  READER_POSTINGS_CACHED,
} from '../../model/limits.ts';

/** How a typed word found a word of the index. */
export type WordQuality = 'exact' | 'prefix' | 'corrected';
export interface Expansion {
  word: string;
  quality: WordQuality;
}
export type Postings = Record<WordKind, Int32Array>;

const EMPTY: Postings = { name: new Int32Array(0), city: new Int32Array(0), label: new Int32Array(0) };
/** What one expansion costs in memory, in bytes (its object and its slot; the word is the vocabulary's string). */
const EXPANSION_BYTES = 48;
const rowidsOf = (lists: Postings): number => lists.name.length + lists.city.length + lists.label.length;

/** Whether a file of this schema version stores its lists as gaps: every version after the last that stored int32 arrays. */
function storesGaps(schemaVersion: unknown): boolean {
  return Number(schemaVersion) > Number(INT32_ROWIDS_SCHEMA_VERSION);
}

export class WordIndex {
  private words: string[] | null = null;
  /** Snapshots built before search_words: the index is made from the places once, in memory. */
  private built: Map<string, Postings> | null = null;
  private readonly selectPostings: Database.Statement | null;
  /** How the file stores a list: as gaps (the versions after INT32_ROWIDS_SCHEMA_VERSION), or as an int32 array (that one and those before). */
  private readonly decode: (blob: unknown) => Int32Array;
  private readonly expansions = new BoundedCache<string, Expansion[]>(
    READER_EXPANSIONS_CACHED,
    READER_EXPANSIONS_CACHE_BYTES,
    (found) => 64 + found.length * EXPANSION_BYTES,
  );
  /**
   * Posting lists read lately, by rowids held (the 200k benchmark's whole index is 1.5 M rowids); reading one again cost
   * up to 1.5 ms.
   */
  private readonly read = new BoundedCache<string, Postings>(READER_POSTINGS_CACHED, READER_POSTINGS_CACHE_ROWIDS, rowidsOf);

  constructor(private readonly db: Database.Database) {
    const stored = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'search_words'").get() !== undefined;
    this.selectPostings = stored
      ? db.prepare('SELECT name_rowids, city_rowids, label_rowids FROM search_words WHERE word = ?').raw(true)
      : null;
    this.decode = stored && storesGaps(db.prepare(READ_SQL.selectMeta).pluck().get('schema_version')) ? blobRowids : int32BlobRowids;
  }

  /** The places holding a word, per kind. */
  postings(word: string): Postings {
    if (!this.selectPostings) return this.inMemory().get(word) ?? EMPTY;
    const cached = this.read.get(word);
    if (cached) return cached;
    const row = this.selectPostings.get(word) as [unknown, unknown, unknown] | undefined;
    const found = row ? { name: this.decode(row[0]), city: this.decode(row[1]), label: this.decode(row[2]) } : EMPTY;
    this.read.set(word, found);
    return found;
  }

  /**
   * The index's words a typed word stands for: itself, with `prefix` the words it begins, with `typo` the words (or
   * with `prefix` the beginnings) within its allowed edits. Each word once, with its best quality.
   */
  expand(typed: string, options: { prefix: boolean; typo: boolean }): Expansion[] {
    const key = `${Number(options.prefix)}${Number(options.typo)}${typed}`;
    const cached = this.expansions.get(key);
    if (cached) return cached;
    const found = this.computeExpansions(typed, options);
    this.expansions.set(key, found);
    return found;
  }

  private computeExpansions(typed: string, options: { prefix: boolean; typo: boolean }): Expansion[] {
    const words = this.vocabulary();
    const found: Expansion[] = [];
    let at = lowerBound(words, typed);
    if (words[at] === typed) {
      found.push({ word: typed, quality: 'exact' });
      at += 1;
    }
    if (options.prefix) {
      for (; at < words.length && words[at]!.startsWith(typed); at += 1) found.push({ word: words[at]!, quality: 'prefix' });
    }
    const edits = options.typo ? allowedEdits(typed.length) : 0;
    if (edits > 0) {
      const seen = new Set(found.map((e) => e.word));
      for (const word of typoMatches(words, typed, edits, options.prefix, seen)) found.push({ word, quality: 'corrected' });
    }
    return found;
  }

  caches(): CacheFigures {
    const figures: CacheFigures = {
      postings: { entries: this.read.size, bytes: this.read.weight * 4 },
      expansions: { entries: this.expansions.size, bytes: this.expansions.weight },
      vocabulary: { entries: this.words?.length ?? 0, bytes: this.words === null ? 0 : stringsBytes(this.words) },
    };
    if (this.built) {
      let bytes = 0;
      for (const [word, lists] of this.built) bytes += 24 + word.length + 64 + rowidsOf(lists) * 4;
      figures.builtIndex = { entries: this.built.size, bytes };
    }
    return figures;
  }

  /** Frees what was read (the snapshot is no longer served). */
  close(): void {
    this.read.clear();
    this.expansions.clear();
    this.words = null;
    this.built = null;
  }

  /** Every word, in code unit order (what lowerBound compares with). */
  private vocabulary(): string[] {
    if (this.words === null) {
      const words = this.selectPostings ? (this.db.prepare('SELECT word FROM search_words').pluck().all() as string[]) : [...this.inMemory().keys()];
      this.words = words.sort();
    }
    return this.words;
  }

  private inMemory(): Map<string, Postings> {
    if (this.built === null) {
      const collector = new PostingsCollector();
      for (const row of this.db.prepare(READ_SQL.selectLegacyPlaceWords).iterate()) collector.add(row as never);
      this.built = new Map();
      for (const [word, lists] of collector.words()) this.built.set(word, lists);
    }
    return this.built;
  }
}

/** Strings in an array, about: each one's slot, V8's header and its characters. */
function stringsBytes(strings: readonly string[]): number {
  let bytes = 0;
  for (const s of strings) bytes += 32 + s.length;
  return bytes;
}

/** The first index whose word is not below `word`. */
function lowerBound(words: readonly string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}
