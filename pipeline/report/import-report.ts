// The import report: what a run published, and what it rejected or repaired and why. Same for every runner.
import type { PublicationStatus } from '../normalise/normalised-listing.ts';
import type { CountryCode, LodgingType } from '../../model/place.ts';
import type { SnapshotInfo } from '../snapshot/reader-types.ts';
import type { SamePlaceRecord } from '../snapshot/snapshot-types.ts';

export interface LineSample {
  file: string;
  line: number;
  reason: string;
  detail?: string;
}

export interface ImportReport {
  runId: string;
  runner: string;
  country: CountryCode;
  files: string[];
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** Non-blank lines read. */
  lines: number;
  /** Lines that were not a JSON object: never a listing. */
  badLines: number;
  /** Listings normalised (every line that was a JSON object). */
  listings: number;
  byStatus: Record<PublicationStatus, number>;
  /** Every reason found on a non-published listing (a listing may have several). */
  byReason: Record<string, number>;
  /** Published listings per lodgingType. */
  byLodgingType: Record<LodgingType, number>;
  /** Values dropped or repaired, by "field/code" (e.g. "phone/invalid-phone"). */
  issues: Record<string, number>;
  /** Issues counted by what they name, per "field/code": third-party website hosts, public-body hosts, suggested kinds. */
  issueGroups: Record<string, Record<string, number>>;
  /** Contact values dropped (repairs such as removed tracking parameters are not counted here). */
  invalid: { phones: number; websites: number; sourceMapsUrls: number; emails: number };
  /** The 20 most frequent labels no table knows, most frequent first. */
  unknownLabels: { label: string; count: number }[];
  unknownLabelsDistinct: number;
  /** The first lines (by file and line) per rejection reason and for bad lines. */
  samples: { badLines: LineSample[]; rejected: LineSample[] };
  /**
   * Published listings not served because they are the same place as another listing of the import (pipeline/dedup/):
   * how many, and the first SAME_PLACES_LISTED by id, each with the id kept and the signals that matched. Absent when
   * the import merged none, so reports of imports without duplicates keep their earlier shape.
   */
  samePlaces?: { merged: number; listed: SamePlaceRecord[] };
  /**
   * Website hosts several unrelated places of the import share (pipeline/dedup/portal-hosts.ts): the portals found, the
   * websites not published as their pages (also in issues as website/shared-portal-host), and the places kept on such a
   * host because it carries their name. Absent when the pass found nothing.
   */
  portalHosts?: { found: number; websitesDropped: number; ownSitesKept: number };
  /** Things a data team should look at before trusting this run (e.g. an export whose ids look broken). */
  warnings: string[];
  snapshot: SnapshotInfo | null;
}
