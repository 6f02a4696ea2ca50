// What normalising one provider listing produces: the public place plus the internal metadata kept beside it.
import type { CountryCode, StoredPlace } from '../../model/place.ts';
import type { Issue } from './issues.ts';

export type PublicationStatus = 'published' | 'closed' | 'suppressed' | 'rejected';

/** Where a listing came from: the export file (as given on the command line) and its 1-based line. */
export interface SourceRef {
  file: string;
  /** Position of the file in the import's file list: duplicates resolve to the earliest (fileIndex, line). */
  fileIndex: number;
  line: number;
}

export interface NormalisedListing {
  country: CountryCode;
  providerId: string | null;
  place: StoredPlace;
  /** The `city` filter's slug of place.address.city; null without a city. */
  citySlug: string | null;
  /** Other slugs the `city` filter finds the place by: those its city had under earlier rules (absent when none). */
  citySlugAliases?: string[];
  status: PublicationStatus;
  /** Why the status is not `published` (kebab-case codes), empty when published. */
  reasons: string[];
  /** Everything a normaliser dropped or repaired. */
  issues: Issue[];
  /** Labels no table knows, as published, for the report. */
  unknownLabels: string[];
  crawledAt: string | null;
  source: SourceRef;
}
