// What one listing contributes to the report, small enough to keep beside it in the snapshot.
import type { NormalisedListing } from '../normalise/normalised-listing.ts';
import type { ListingSummary } from '../snapshot/snapshot-types.ts';

export function summariseListing(listing: NormalisedListing): ListingSummary {
  return {
    status: listing.status,
    reasons: listing.reasons,
    lodgingType: listing.place.lodgingType,
    issueKeys: listing.issues.map((issue) => `${issue.field}/${issue.code}`),
    unknownLabels: listing.unknownLabels,
    source: listing.source,
  };
}
