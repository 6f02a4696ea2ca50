// The snapshot layer's read side, the API's view of the data: the reader, its queries and what they return.
import type { CountryCode, LodgingType, StoredPlace } from '../../model/place.ts';

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
}

/** The ids that differ between two kept snapshots of a country, in id order. */
export interface ChangeRows {
  changes: { id: string; change: 'added' | 'changed' | 'removed' }[];
  hasMore: boolean;
}

export interface SnapshotReader {
  search(query: SearchQuery): SearchResult;
  /** The same page as stored JSON, without a parse and serialize round trip: what the API sends. */
  searchRows(query: SearchQuery): SearchRows;
  /** Published places only; null for unknown, closed, suppressed, rejected or no longer published ids. */
  getPlace(id: string): StoredPlace | null;
  /** The same as its stored JSON. */
  getPlaceJson(id: string): string | null;
  /** For an id not served because it is the same place as another: the id served for that place; else null. */
  keptIdOf(id: string): string | null;
  /**
   * Ids added, changed or removed from snapshot `from` to snapshot `to` of a country, after `afterId`; null when
   * either is not a kept snapshot of that country (pruned, never existed, or too old to hold content hashes).
   */
  changes(country: CountryCode, from: string, to: string, afterId: string | undefined, limit: number): ChangeRows | null;
  /** The country whose snapshot would hold this id (from its prefix), or null. */
  countryOfId(id: string): CountryCode | null;
  /** Snapshots in use, by country (absent where a country has none yet). */
  current(): Partial<Record<CountryCode, SnapshotInfo>>;
  /** Looks at the pointers and switches to newer snapshots; true when something changed. Cheap: call it often. */
  refresh(): boolean;
  close(): void;
}
