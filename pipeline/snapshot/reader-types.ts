// The snapshot layer's read side, the API's view of the data: the reader, its queries and what they return.
import type { CountryCode, LodgingType, StoredPlace } from '../../model/place.ts';
import type { RowBudget } from './row-budget.ts';

export { RowBudget, RowBudgetExceeded } from './row-budget.ts';

export interface SnapshotInfo {
  country: CountryCode;
  /** Sortable, unique: e.g. "20261122T101500123Z-ab12cd". */
  version: string;
  /** Path relative to the snapshots directory. */
  file: string;
  publishedAt: string;
  runId: string;
  publishedCount: number;
}

/** Orders of a search (ties by id); `distance` is the order of near searches and needs one. */
export const SEARCH_SORTS = ['id', 'relevance', 'name', 'rating', 'distance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** How q matches: as literal text (the spec), every word in any order, or every word allowing typing mistakes. */
export const SEARCH_MATCHES = ['literal', 'words', 'typo'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];
/** The counts a search can add over its whole result. */
export const FACET_NAMES = ['lodgingType', 'city', 'whatsappEligible', 'verified'] as const;
export type FacetName = (typeof FACET_NAMES)[number];
export type FacetCounts = Partial<Record<FacetName, Record<string, number>>>;
/** The city facet holds the largest cities only. */
export const CITY_FACET_SIZE = 20;

export interface SearchQuery {
  country: CountryCode;
  citySlug?: string;
  /** Literal text, matched case- and accent-insensitively across names, city and labels. */
  q?: string;
  /** Never 'lodging': that value restricts nothing and the caller drops it. */
  lodgingType?: Exclude<LodgingType, 'lodging'>;
  whatsapp?: boolean;
  verified?: boolean;
  /** Keyset: only ids strictly greater than this. */
  afterId?: string;
  /** Places within `radius` metres of a point, nearest first (ties by id); afterId is then ignored. */
  near?: NearQuery;
  /** Places inside a box (degrees, edges included; minLng <= maxLng), in id order. */
  bbox?: { minLng: number; minLat: number; maxLng: number; maxLat: number };
  /** 1..100 */
  limit: number;
  /** near and bbox: the rows the walk may read (RowBudgetExceeded past it); none: unbounded. */
  budget?: RowBudget;
  /** Default id (distance with near). name, rating and relevance are not combined with near or bbox. */
  sort?: SearchSort;
  /** Default literal; words and typo need q and are not combined with near or bbox. */
  match?: SearchMatch;
  /** Keyset of the name, rating and relevance orders: only places after (key, id). */
  sortAfter?: { key: number | string; id: string };
  /** Counts over the whole result (not with near or bbox). */
  facets?: readonly FacetName[];
}

export interface SuggestQuery {
  country: CountryCode;
  q: string;
  limit: number;
  /** Closer places win ties. */
  near?: { latitude: number; longitude: number };
}

export interface SuggestRows {
  rows: ServedRow[];
  /** Parallel to rows: how well each matched, from 0 to 1, best first. */
  scores: number[];
  version?: string;
}

export interface NearQuery {
  latitude: number;
  longitude: number;
  radius: number;
  /** Keyset: only places after (distance, id). `span` (metres) is how far the previous page reached: a hint. */
  after?: { distance: number; id: string; span: number };
}

export interface SearchResult {
  places: StoredPlace[];
  hasMore: boolean;
}

/** A served place as stored: its id and its allowlisted JSON (served-place.ts), ready to send. */
export interface ServedRow {
  id: string;
  json: string;
}

export interface SearchRows {
  rows: ServedRow[];
  hasMore: boolean;
  /** near searches: each row's great-circle distance in metres. */
  distances?: number[];
  /** The snapshot version that answered; absent when the country has none. */
  version?: string;
  /** name, rating and relevance orders: the last row's sort key, for the next page's cursor. */
  sortKey?: number | string;
  facets?: FacetCounts;
}

/** The ids that differ between two kept snapshots of a country, in id order. */
export interface ChangeRows {
  /**
   * With `records`: `place` is the served JSON in `to` (added, changed), `previous` the one in `from` (changed), and
   * `replacedBy` the id `to` serves a removed place under when it was merged into another (same place).
   */
  changes: { id: string; change: 'added' | 'changed' | 'removed'; place?: string; previous?: string; replacedBy?: string }[];
  hasMore: boolean;
}

/** One cache of a served snapshot: what it holds (entries, places or words) and about how many bytes, estimated. */
export interface CacheFigure {
  entries: number;
  bytes: number;
}

/** A served snapshot's caches by name (see SnapshotReader.caches). */
export type CacheFigures = Record<string, CacheFigure>;

export interface SnapshotReader {
  search(query: SearchQuery): SearchResult;
  /** The same page as stored JSON, without a parse and serialize round trip: what the API sends. */
  searchRows(query: SearchQuery): SearchRows;
  /** Suggestions as one types: best first. */
  suggest(query: SuggestQuery): SuggestRows;
  /** Published places only; null for unknown, closed, suppressed, rejected or no longer published ids. */
  getPlace(id: string): StoredPlace | null;
  /** The same as its stored JSON. */
  getPlaceJson(id: string): string | null;
  /** For an id not served because it is the same place as another: the id served for that place; else null. */
  keptIdOf(id: string): string | null;
  /**
   * Ids added, changed or removed from snapshot `from` to snapshot `to` of a country, after `afterId`; null when
   * either is not a kept snapshot of that country (pruned, never existed, or too old to hold content hashes). Walked as
   * far as the page needs, each step counted against `budget` (RowBudgetExceeded past it), and kept for the next pages.
   */
  changes(
    country: CountryCode,
    from: string,
    to: string,
    afterId: string | undefined,
    limit: number,
    options?: { records?: boolean; budget?: RowBudget },
  ): ChangeRows | null;
  /** The country whose snapshot would hold this id (from its prefix), or null. */
  countryOfId(id: string): CountryCode | null;
  /** Snapshots in use, by country (absent where a country has none yet). */
  current(): Partial<Record<CountryCode, SnapshotInfo>>;
  /** The version of the country's snapshot in use (current()'s, without building the whole map), or null. */
  versionOf(country: CountryCode): string | null;
  /** Looks at the pointers and switches to newer snapshots; true when something changed. Cheap: call it often. */
  refresh(): boolean;
  /** What each served snapshot keeps in memory, by country and cache (SQLite's page cache apart: SNAPSHOT_PAGE_CACHE_KIB bounds it). */
  caches(): Partial<Record<CountryCode, CacheFigures>>;
  close(): void;
}
