// A normalised listing turned into its snapshot row where it was normalised (worker thread or process),
// so the single writer only inserts: strings cross threads and Redis far cheaper than nested objects.
import type { NormalisedListing, PublicationStatus, SourceRef } from '../normalise/normalised-listing.ts';
import type { LodgingType } from '../../model/place.ts';
import { searchTextOf } from './search-text.ts';
import { toServedPlace } from '../../model/served-place.ts';
import { filledFieldBits } from './filled-fields.ts';
import { matchKeyColumns, placeMatchKey, type MatchKeyColumns } from '../dedup/place-match-key.ts';
import { NO_SEAL_INPUTS, sealInputsOf } from './seal-inputs.ts';

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
  /** What the same-place matcher compares (pipeline/dedup/), in the columns the build stores it in; published records only. */
  match?: MatchKeyColumns;
}

export function summariseListing(listing: NormalisedListing): ListingSummary {
  // One pass over the issues for both lists; issueGroups goes last, and only onto summaries with a grouped issue, so
  // other summaries keep their earlier shape (and every summary's JSON its key order).
  const issueKeys: string[] = [];
  let issueGroups: string[] | undefined;
  for (const issue of listing.issues) {
    const key = `${issue.field}/${issue.code}`;
    issueKeys.push(key);
    if (issue.group !== undefined) (issueGroups ??= []).push(`${key} ${issue.group}`);
  }
  const summary: ListingSummary = {
    status: listing.status,
    reasons: listing.reasons,
    lodgingType: listing.place.lodgingType,
    issueKeys,
    unknownLabels: listing.unknownLabels,
    source: listing.source,
  };
  if (issueGroups !== undefined) summary.issueGroups = issueGroups;
  return summary;
}

export function toListingRecord(listing: NormalisedListing): ListingRecord {
  const { place, source } = listing;
  const summary = summariseListing(listing);
  const served = toServedPlace(place);
  const servedJson = JSON.stringify(served);
  const published = listing.status === 'published';
  const record: ListingRecord = {
    id: place.id,
    source,
    summary,
    columns: [
      place.id,
      listing.providerId,
      listing.status,
      ...(published ? sealInputsOf(served, servedJson) : NO_SEAL_INPUTS),
      JSON.stringify(listing.reasons),
      JSON.stringify(listing.issues),
      JSON.stringify(summary),
      servedJson,
      listing.citySlug,
      place.lodgingType,
      place.whatsappEligible ? 1 : 0,
      place.verified ? 1 : 0,
      published ? searchTextOf(place) : null,
      listing.crawledAt,
      source.file,
      source.fileIndex,
      source.line,
    ],
  };
  // Only a published record carries these, added in this order (no object spread per listing).
  if (!published) return record;
  record.filledFields = filledFieldBits(served);
  if (listing.citySlugAliases?.length) record.citySlugAliases = listing.citySlugAliases;
  record.match = matchKeyColumns(placeMatchKey(place, listing.citySlug));
  return record;
}
