// A normalised listing turned into its snapshot row where it was normalised (worker thread or process),
// so the single writer only inserts: strings cross threads and Redis far cheaper than nested objects.
import type { NormalisedListing, PublicationStatus, SourceRef } from '../normalise/normalised-listing.ts';
import type { LodgingType } from '../../model/place.ts';
import { searchTextOf } from './search-text.ts';
import { toServedPlace } from '../../model/served-place.ts';
import { filledFieldBits } from './filled-fields.ts';
import { placeMatchKey } from '../dedup/place-match-key.ts';

/** What a listing contributed to the report, kept in the snapshot so a displaced duplicate can be taken back out. */
export interface ListingSummary {
  status: PublicationStatus;
  reasons: string[];
  lodgingType: LodgingType;
  /** "field/code" of every issue, e.g. "phone/invalid-phone". */
  issueKeys: string[];
  /** "field/code group" of every issue the report counts by group (a third-party host, a suggested kind). */
  issueGroups?: string[];
  unknownLabels: string[];
  source: SourceRef;
}

export type ColumnValue = string | number | null;

export interface ListingRecord {
  id: string;
  source: SourceRef;
  /** What the listing adds to the import report. */
  summary: ListingSummary;
  /** The listings table's columns in LISTING_COLUMNS order, all but import_run (the builder's own). */
  columns: ColumnValue[];
  /** A published place's filled measured fields as bits (filled-fields.ts), for the sealed field fill; absent otherwise. */
  filledFields?: number;
  /** The other city slugs a published place is found by (NormalisedListing.citySlugAliases); absent when none. */
  citySlugAliases?: string[];
  /** What the same-place matcher compares (pipeline/dedup/), as JSON text (cheap to pass between threads); published records only. */
  match?: string;
}

export function summariseListing(listing: NormalisedListing): ListingSummary {
  return {
    status: listing.status,
    reasons: listing.reasons,
    lodgingType: listing.place.lodgingType,
    issueKeys: listing.issues.map((issue) => `${issue.field}/${issue.code}`),
    unknownLabels: listing.unknownLabels,
    source: listing.source,
    ...groupsOf(listing),
  };
}

/** Only listings with a grouped issue carry issueGroups, so other summaries keep their earlier shape. */
function groupsOf(listing: NormalisedListing): { issueGroups?: string[] } {
  const groups = listing.issues.flatMap((issue) => (issue.group === undefined ? [] : [`${issue.field}/${issue.code} ${issue.group}`]));
  return groups.length === 0 ? {} : { issueGroups: groups };
}

export function toListingRecord(listing: NormalisedListing): ListingRecord {
  const { place, source } = listing;
  const summary = summariseListing(listing);
  const served = toServedPlace(place);
  return {
    id: place.id,
    source,
    summary,
    columns: [
      place.id,
      listing.providerId,
      listing.status,
      JSON.stringify(listing.reasons),
      JSON.stringify(listing.issues),
      JSON.stringify(summary),
      JSON.stringify(served),
      listing.citySlug,
      place.lodgingType,
      place.whatsappEligible ? 1 : 0,
      place.verified ? 1 : 0,
      listing.status === 'published' ? searchTextOf(place) : null,
      listing.crawledAt,
      source.file,
      source.fileIndex,
      source.line,
    ],
    ...(listing.status === 'published' ? { filledFields: filledFieldBits(served) } : {}),
    ...(listing.status === 'published' && listing.citySlugAliases?.length ? { citySlugAliases: listing.citySlugAliases } : {}),
    ...(listing.status === 'published' ? { match: JSON.stringify(placeMatchKey(place, listing.citySlug)) } : {}),
  };
}
