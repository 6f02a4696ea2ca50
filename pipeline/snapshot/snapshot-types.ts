// The snapshot layer's write side: the builder the runners write through.
import type { NormalisedListing, SourceRef } from '../normalise/normalised-listing.ts';
import type { CountryCode } from '../../model/place.ts';
import type { ListingRecord, ListingSummary } from './listing-record.ts';
import type { SnapshotInfo } from './reader-types.ts';
import type { SamePlaceDuplicate } from '../dedup/find-same-places.ts';
import type { DistinctPlaces } from '../dedup/distinct-places.ts';
import type { PortalWebsites } from './portal-websites.ts';

/** A listing not served because it is the same place as another, with both names for the report. */
export interface SamePlaceRecord extends SamePlaceDuplicate {
  name: string | null;
  keptName: string | null;
}


export type AddOutcome =
  | { kind: 'added' }
  /** This listing's id was already taken by an earlier line: this one is rejected as a duplicate. */
  | { kind: 'duplicate'; of: SourceRef }
  /** This listing comes earlier than the one holding its id: it takes the id, the other is now the duplicate. */
  | { kind: 'displaced'; loser: ListingSummary };

export interface SnapshotBuilder {
  readonly version: string;
  /** Stores one normalised listing; a second listing with the same id resolves to the earliest (fileIndex, line). */
  add(listing: NormalisedListing): AddOutcome;
  /** The same for a listing already turned into its row where it was normalised (see listing-record.ts). */
  addRecord(record: ListingRecord): AddOutcome;
  /** A line that produced no listing (not JSON, not an object, no providerId): kept for the record. */
  addRejectedLine(source: SourceRef, reason: string, excerpt: string): void;
  /** After seal(): the published listings not served because they are the same place as a kept one, by id. */
  readonly samePlaces: readonly SamePlaceRecord[];
  /** After seal(): the portal hosts the import's listings share, and the websites taken off as their pages. */
  readonly portalWebsites: PortalWebsites;
  /** Number of listings stored so far. */
  readonly count: number;
  /** Builds indexes and closes the file without serving it: a candidate the publication gates look at first. */
  seal(): SnapshotInfo;
  /** seal(), then switches the country's pointer to it atomically and prunes old files (activate-snapshot.ts). */
  publish(): SnapshotInfo;
  /** Discards the partial file; the current snapshot keeps serving. */
  abort(): void;
}

export interface SnapshotBuilderOptions {
  dataDir: string;
  country: CountryCode;
  runId: string;
  /** How many published versions per country to keep on disk (default 5, LODGING_KEEP_SNAPSHOTS). */
  keep?: number;
  /** Pairs of ids an operator marked as different places (distinct-places.txt): never merged. */
  distinct?: DistinctPlaces;
}
