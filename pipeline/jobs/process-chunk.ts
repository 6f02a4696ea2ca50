// Normalises one chunk of export lines into snapshot rows: the unit of work of both runners (worker thread or BullMQ worker).
import { normaliseListing } from '../normalise/normalise-listing.ts';
import type { SourceRef } from '../normalise/normalised-listing.ts';
import { summariseListing, toListingRecord, type ListingRecord } from '../snapshot/listing-record.ts';
import type { ListingSummary } from '../snapshot/listing-record.ts';
import { createSuppressionMatcher, type SuppressionList, type SuppressionMatcher } from '../normalise/suppression.ts';
import type { CountryCode } from '../../model/place.ts';
import { lineExcerpt, parseExportLine } from '../sources/parse-line.ts';
import type { ExportLine } from '../sources/read-export.ts';

export interface ChunkInput {
  country: CountryCode;
  suppression: SuppressionList;
  lines: ExportLine[];
}

export type ChunkItem =
  /** A listing with an id, as its snapshot row: goes into the snapshot whatever its status. */
  | { kind: 'listing'; record: ListingRecord }
  /** A listing without providerId: rejected, kept as a rejected line since it has no id. */
  | { kind: 'no-id'; summary: ListingSummary; excerpt: string }
  /** A line that is not a JSON object. */
  | { kind: 'bad-line'; source: SourceRef; reason: string; detail: string; excerpt: string };

const matchers = new WeakMap<SuppressionList, SuppressionMatcher>();

function matcherFor(list: SuppressionList): SuppressionMatcher {
  let matcher = matchers.get(list);
  if (!matcher) {
    matcher = createSuppressionMatcher(list);
    matchers.set(list, matcher);
  }
  return matcher;
}

export function processChunk(input: ChunkInput, matcher: SuppressionMatcher = matcherFor(input.suppression)): ChunkItem[] {
  const context = { country: input.country, matchSuppression: matcher };
  return input.lines.map(({ source, text, rejected }): ChunkItem => {
    const parsed = rejected ? { ok: false as const, ...rejected } : parseExportLine(text);
    if (!parsed.ok) return { kind: 'bad-line', source, reason: parsed.reason, detail: parsed.detail, excerpt: lineExcerpt(text) };
    try {
      const listing = normaliseListing(parsed.listing, source, context, parsed.issues);
      if (listing.providerId === null) return { kind: 'no-id', summary: summariseListing(listing), excerpt: lineExcerpt(text) };
      return { kind: 'listing', record: toListingRecord(listing) };
    } catch (error) {
      // A rule that throws on some input is a bug to fix, but it costs one line, never the import.
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return { kind: 'bad-line', source, reason: 'normalise-failed', detail, excerpt: lineExcerpt(text) };
    }
  });
}
