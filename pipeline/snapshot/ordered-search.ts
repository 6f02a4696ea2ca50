// Searches in the name, rating and relevance orders and with match=words|typo: the places found, one page in (key, id) order.
import type Database from 'better-sqlite3';
import type { CacheFigures, SearchQuery, SearchRows } from './reader-types.ts';
import { searchWords } from './search-words.ts';
import { NAME_KEY_OF, RATING_KEY_OF, SELECT_PLACES_BY_ROWIDS } from './statements.ts';
import { keyedRowidsSql, literalClause, ROWIDS_CLAUSE, rowidsSql, sortedPageSql } from './ordered-statements.ts';
import type { WordIndex } from './word-index.ts';
import { placesWithEveryWord } from './word-scores.ts';
import { WORD_KINDS } from './word-postings.ts';
import { compareBinary } from './binary-order.ts';
import { relevancePage, type RelevanceSource } from './word-relevance-walk.ts';
import { servedPlaceJson } from '../../model/served-place-text.ts';
import { BoundedCache } from './bounded-cache.ts';
import { READER_SEARCHES_CACHE_BYTES, READER_SEARCHES_CACHED } from '../../model/limits.ts';

export type Params = Record<string, string | number>;
const LITERAL_ROWIDS = 'SELECT rowid FROM places_fts WHERE places_fts MATCH @match';
const LITERAL_ROWIDS_AFTER = 'SELECT rowid FROM places_fts WHERE places_fts MATCH @match AND rowid > @after ORDER BY rowid';
const AFTER_CLAUSE = ' AND p.rowid > @after';

/** What the connection settled before handing over: the filters as SQL and their parameters, the folded q. */
export interface OrderedRequest {
  query: SearchQuery;
  /** Equality filters on `places AS p` (ordered-statements.ts filterClause). */
  where: string;
  params: Params;
  /** Folded q; '' when none. */
  text: string;
  /** The rowid a cursor's id resumes after (ids above it have higher rowids). */
  afterRowid: number;
}

/** A page, and the rowids of the whole result (read only by facet counts). */
export type OrderedRows = SearchRows & { resultRowids: () => ArrayLike<number> };

/** Candidates of a page: rowids with their sort keys. */
export interface Candidates {
  rowids: Int32Array;
  keys: ArrayLike<number> | string[] | null;
}

const TRIGRAM_CHARS = 3;

/** A found set's bytes: 4 a rowid, 8 a numeric key, a string key's characters and V8's header and slot for it. */
export function candidatesBytes(found: Candidates): number {
  let bytes = 64 + found.rowids.length * 4;
  const { keys } = found;
  if (keys === null) return bytes;
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i]!;
    bytes += typeof key === 'string' ? 24 + key.length : 8;
  }
  return bytes;
}

export class OrderedSearch {
  private readonly statements = new Map<string, Database.Statement>();
  /**
   * Found sets, by what they depend on (q, match, order, filters): the pages of a walk and repeated searches read them
   * again instead of scoring every match again. A snapshot never changes, so they never go stale.
   */
  private readonly found = new BoundedCache<string, Candidates>(READER_SEARCHES_CACHED, READER_SEARCHES_CACHE_BYTES, candidatesBytes);
  private readonly keyColumns: { name: string; rating: string };

  constructor(
    private readonly db: Database.Database,
    private readonly words: WordIndex,
    /** One above the highest rowid. */
    private readonly size: number,
    storedKeys: boolean,
  ) {
    this.keyColumns = storedKeys ? { name: 'p.name_key', rating: 'p.rating_key' } : { name: NAME_KEY_OF('p.place_json'), rating: RATING_KEY_OF('p.place_json') };
  }

  caches(): CacheFigures {
    return { searches: { entries: this.found.size, bytes: this.found.weight } };
  }

  close(): void {
    this.found.clear();
    this.statements.clear();
  }

  /** The clause and parameters of a literal q (the facet counts of such a search use it too). */
  static literal(text: string): { clause: string; params: Params } {
    const trigram = [...text].length >= TRIGRAM_CHARS;
    return { clause: literalClause(trigram), params: trigram ? { match: `"${text.replaceAll('"', '""')}"` } : { text } };
  }

  search(request: OrderedRequest): OrderedRows {
    const { query } = request;
    const sort = query.sort ?? 'id';
    if (request.text === '' && (sort === 'name' || sort === 'rating')) return this.sortedPage(request, sort);
    if (sort === 'relevance' && (query.match ?? 'literal') === 'literal') return this.relevancePage(request);
    const found = this.cachedCandidates(request, sort);
    const page = this.pickPage(found, sort, request);
    const rows = this.rowsOf(page.map((i) => found.rowids[i]!));
    const hasMore = rows.length > query.limit;
    if (hasMore) rows.length = query.limit;
    const last = page[rows.length - 1];
    const result: OrderedRows = { rows, hasMore, resultRowids: () => found.rowids };
    if (sort !== 'id' && last !== undefined && found.keys) result.sortKey = found.keys[last]!;
    return result;
  }

  /** name or rating without q: the key's index walks in order. */
  private sortedPage(request: OrderedRequest, sort: 'name' | 'rating'): OrderedRows {
    const { query } = request;
    const key = this.keyColumns[sort];
    const resume = query.sortAfter !== undefined;
    const params: Params = { ...request.params, limit: query.limit + 1 };
    if (query.sortAfter) {
      params.key = query.sortAfter.key;
      params.after = request.afterRowid;
    }
    const found = this.statement(sortedPageSql(request.where, key, resume)).all(params) as [string, string, number | string][];
    const hasMore = found.length > query.limit;
    if (hasMore) found.length = query.limit;
    const result: OrderedRows = {
      rows: found.map(([id, json]) => ({ id, json: servedPlaceJson(json) })),
      hasMore,
      resultRowids: () => this.matchingRowids(request.where, request.params, ''),
    };
    if (found.length > 0) result.sortKey = found.at(-1)![2];
    return result;
  }

  /** The rowids the filters (`where`, `params`) and a literal q select, ascending. */
  matchingRowids(where: string, params: Params, text: string): Int32Array {
    const literal = text === '' ? { clause: '', params: {} } : OrderedSearch.literal(text);
    // Without filters the trigram index alone answers, already in rowid order.
    const sql = where === '' && 'match' in literal.params ? LITERAL_ROWIDS : rowidsSql(where + literal.clause);
    return Int32Array.from(this.statement(sql).pluck().all({ ...params, ...literal.params }) as number[]);
  }

  /** Literal q by relevance: the best tiers of the word index first, checked against q and the filters, until the page is full. */
  private relevancePage(request: OrderedRequest): OrderedRows {
    const { query, text } = request;
    const literal = text === '' ? { clause: '', params: {} } : OrderedSearch.literal(text);
    // Given rows are checked by substring: the trigram index's matches, without reading its posting lists.
    const checkClause = text === '' ? '' : literalClause(false);
    const source: RelevanceSource = {
      postings: searchWords(text).map((word) => this.words.postings(word)),
      keep: (rowids) => {
        const params = { ...request.params, ...(text === '' ? {} : { text }), rowids: JSON.stringify(rowids) };
        return new Set(this.statement(rowidsSql(request.where + checkClause + ROWIDS_CLAUSE)).pluck().all(params) as number[]);
      },
      after: (rowid) => {
        const sql = request.where === '' && 'match' in literal.params ? LITERAL_ROWIDS_AFTER : rowidsSql(`${request.where}${literal.clause}${AFTER_CLAUSE}`);
        return this.statement(sql).pluck().iterate({ ...request.params, ...literal.params, after: rowid }) as Iterable<number>;
      },
    };
    const cursor = query.sortAfter ? { key: Number(query.sortAfter.key), rowid: request.afterRowid } : undefined;
    const page = relevancePage(source, this.size, query.limit + 1, cursor);
    const rows = this.rowsOf(page.rowids);
    const hasMore = rows.length > query.limit;
    if (hasMore) rows.length = query.limit;
    const result: OrderedRows = { rows, hasMore, resultRowids: () => this.matchingRowids(request.where, request.params, text) };
    if (rows.length > 0) result.sortKey = page.scores[rows.length - 1]!;
    return result;
  }

  private cachedCandidates(request: OrderedRequest, sort: string): Candidates {
    const { query } = request;
    const key = JSON.stringify([request.text, query.match ?? 'literal', sort, request.where, request.params]);
    let found = this.found.get(key);
    if (!found) {
      found = this.candidates(request);
      if ((sort === 'name' || sort === 'rating') && found.rowids.length > 0) {
        const rowidParams = { rowids: JSON.stringify(Array.from(found.rowids)) };
        const keyed = this.statement(keyedRowidsSql(ROWIDS_CLAUSE, this.keyColumns[sort])).all(rowidParams) as [number, number | string][];
        const keyOf = new Map(keyed);
        found.keys = sort === 'name' ? Array.from(found.rowids, (r) => String(keyOf.get(r) ?? '')) : Array.from(found.rowids, (r) => Number(keyOf.get(r) ?? 1));
      }
      this.found.set(key, found);
    }
    return found;
  }

  /** Every place the search finds, filters applied, in rowid order; relevance keys are scores. */
  private candidates(request: OrderedRequest): Candidates {
    const { query, text } = request;
    const match = query.match ?? 'literal';
    const tokens = searchWords(text);
    const relevance = query.sort === 'relevance';
    // A literal q by relevance walks its tiers instead (relevancePage): here it is sorted by name or rating.
    if (match === 'literal') return { rowids: this.matchingRowids(request.where, request.params, text), keys: null };
    const expansions = tokens.map((token) => this.words.expand(token, { prefix: false, typo: match === 'typo' }));
    let { rowids, scores } = placesWithEveryWord(this.words, expansions, WORD_KINDS, this.size);
    if (request.where !== '' && rowids.length > 0) {
      const kept = new Set(
        this.statement(rowidsSql(request.where + ROWIDS_CLAUSE)).pluck().all({ ...request.params, rowids: JSON.stringify(Array.from(rowids)) }) as number[],
      );
      const keep = Array.from(rowids, (rowid) => kept.has(rowid));
      rowids = rowids.filter((_, i) => keep[i]);
      scores = scores.filter((_, i) => keep[i]);
    }
    return { rowids, keys: relevance ? scores : null };
  }

  /** The indexes of the first limit + 1 candidates after the cursor in the order: one pass keeping a short sorted list. */
  private pickPage(found: Candidates, sort: string, request: OrderedRequest): number[] {
    const { rowids, keys } = found;
    const order = comparerOf(sort, keys);
    const wanted = request.query.limit + 1;
    const cursor = request.query.sortAfter;
    const best: number[] = [];
    for (let i = 0; i < rowids.length; i += 1) {
      const rowid = rowids[i]!;
      if (sort === 'id' || !keys) {
        if (rowid <= request.afterRowid) continue;
      } else if (cursor && order.against(i, cursor.key, request.afterRowid, rowids) <= 0) continue;
      if (best.length === wanted && order.compare(i, best[wanted - 1]!, rowids) >= 0) continue;
      let low = 0;
      let high = best.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (order.compare(best[middle]!, i, rowids) < 0) low = middle + 1;
        else high = middle;
      }
      best.splice(low, 0, i);
      if (best.length > wanted) best.pop();
    }
    return best;
  }

  private rowsOf(rowids: number[]): { id: string; json: string }[] {
    if (rowids.length === 0) return [];
    const found = this.statement(SELECT_PLACES_BY_ROWIDS).all(JSON.stringify(rowids)) as [number, string, string][];
    const byRowid = new Map(found.map(([rowid, id, json]) => [rowid, { id, json: servedPlaceJson(json) }]));
    return rowids.flatMap((rowid) => byRowid.get(rowid) ?? []);
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql).raw(true);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

interface Order {
  compare(a: number, b: number, rowids: Int32Array): number;
  /** A candidate against a cursor's (key, rowid). */
  against(a: number, key: number | string, rowid: number, rowids: Int32Array): number;
}

/** relevance: higher scores first; name: folded names in SQLite's binary order; rating: smaller keys first; ties by rowid. */
function comparerOf(sort: string, keys: Candidates['keys']): Order {
  const byKey = (ka: number | string, kb: number | string): number => {
    if (sort === 'relevance') return (kb as number) - (ka as number);
    if (sort === 'name') return compareBinary(String(ka), String(kb));
    return (ka as number) - (kb as number);
  };
  if (!keys || sort === 'id') {
    return { compare: (a, b, rowids) => rowids[a]! - rowids[b]!, against: (a, _key, rowid, rowids) => rowids[a]! - rowid };
  }
  return {
    compare: (a, b, rowids) => byKey(keys[a]!, keys[b]!) || rowids[a]! - rowids[b]!,
    against: (a, key, rowid, rowids) => byKey(keys[a]!, key) || rowids[a]! - rowid,
  };
}
