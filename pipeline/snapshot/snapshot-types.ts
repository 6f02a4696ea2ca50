// The snapshot layer's contracts: the builder the runners write through, and the reader the API queries.
import type { NormalisedListing, SourceRef, PublicationStatus } from '../normalise/normalised-listing.ts';
import type { CountryCode, LodgingType, StoredPlace } from './public-place.ts';
import type { ListingRecord } from './listing-record.ts';

/** What a listing contributed to the report, kept in the snapshot so a displaced duplicate can be taken back out. */
export interface ListingSummary {
  status: PublicationStatus;
  reasons: string[];
  lodgingType: LodgingType;
  /** "field/code" of every issue, e.g. "phone/invalid-phone". */
  issueKeys: string[];
  unknownLabels: string[];
  source: SourceRef;
}

export type AddOutcome =
  | { kind: 'added' }
  /** This listing's id was already taken by an earlier line: this one is rejected as a duplicate. */
  | { kind: 'duplicate'; of: SourceRef }
  /** This listing comes earlier than the one holding its id: it takes the id, the other is now the duplicate. */
  | { kind: 'displaced'; loser: ListingSummary };

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

export interface SnapshotBuilder {
  readonly version: string;
  /** Stores one normalised listing; a second listing with the same id resolves to the earliest (fileIndex, line). */
  add(listing: NormalisedListing): AddOutcome;
  /** The same for a listing already turned into its row where it was normalised (see listing-record.ts). */
  addRecord(record: ListingRecord): AddOutcome;
  /** A line that produced no listing (not JSON, not an object, no providerId): kept for the record. */
  addRejectedLine(source: SourceRef, reason: string, excerpt: string): void;
  /** Number of listings stored so far. */
  readonly count: number;
  /** Builds indexes, closes the file, switches the country's pointer to it atomically, prunes old files. */
  publish(): SnapshotInfo;
  /** Discards the partial file; the current snapshot keeps serving. */
  abort(): void;
}

export interface SnapshotBuilderOptions {
  dataDir: string;
  country: CountryCode;
  runId: string;
  /** How many published versions per country to keep on disk (default 3). */
  keep?: number;
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
  /** 1..100 */
  limit: number;
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
}

export interface SnapshotReader {
  search(query: SearchQuery): SearchResult;
  /** The same page as stored JSON, without a parse and serialize round trip: what the API sends. */
  searchRows(query: SearchQuery): SearchRows;
  /** Published places only; null for unknown, closed, suppressed, rejected or no longer published ids. */
  getPlace(id: string): StoredPlace | null;
  /** The same as its stored JSON. */
  getPlaceJson(id: string): string | null;
  /** Snapshots in use, by country (absent where a country has none yet). */
  current(): Partial<Record<CountryCode, SnapshotInfo>>;
  /** Looks at the pointers and switches to newer snapshots; true when something changed. Cheap: call it often. */
  refresh(): boolean;
  close(): void;
}
