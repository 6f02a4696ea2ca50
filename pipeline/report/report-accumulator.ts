// Adds up listing summaries into an ImportReport; order-independent so every runner reports the same.
import type { ListingSummary } from '../snapshot/listing-record.ts';
import { LODGING_TYPES_BY_SPECIFICITY, type CountryCode, type LodgingType } from '../../model/place.ts';
import type { SourceRef } from '../normalise/normalised-listing.ts';
import { isRepair } from '../normalise/issues.ts';
import type { ImportReport, LineSample } from './import-report.ts';
import type { SnapshotInfo } from '../snapshot/reader-types.ts';
import type { SamePlaceRecord } from '../snapshot/snapshot-types.ts';
import type { PortalWebsites } from '../snapshot/portal-websites.ts';
import { SAME_PLACES_LISTED } from '../../model/limits.ts';

const SAMPLES_PER_REASON = 5;
const BAD_LINE_SAMPLES = 20;
const TOP_UNKNOWN_LABELS = 20;

interface Sample extends LineSample {
  fileIndex: number;
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next === 0) counts.delete(key);
  else counts.set(key, next);
}

function earlier(a: Sample, b: Sample): number {
  return a.fileIndex - b.fileIndex || a.line - b.line;
}

/** Keeps the `max` earliest samples, so the selection never depends on arrival order. */
function keepEarliest(samples: Sample[], sample: Sample, max: number): void {
  samples.push(sample);
  samples.sort(earlier);
  if (samples.length > max) samples.length = max;
}

export class ReportAccumulator {
  private lines = 0;
  private badLines = 0;
  private listings = 0;
  private readonly status = new Map<string, number>();
  private readonly reasons = new Map<string, number>();
  private readonly lodgingTypes = new Map<string, number>();
  private readonly issues = new Map<string, number>();
  private readonly issueGroups = new Map<string, number>();
  private readonly unknown = new Map<string, number>();
  private readonly badSamples: Sample[] = [];
  private readonly rejectedSamples = new Map<string, Sample[]>();

  countLines(n: number): void {
    this.lines += n;
  }

  addBadLine(source: SourceRef, reason: string, detail: string): void {
    this.badLines += 1;
    keepEarliest(this.badSamples, { ...sampleOf(source, reason), detail }, BAD_LINE_SAMPLES);
  }

  /** sign -1 takes a listing back out (a duplicate displaced by an earlier line). */
  addListing(summary: ListingSummary, sign: 1 | -1 = 1): void {
    this.listings += sign;
    bump(this.status, summary.status, sign);
    for (const reason of summary.reasons) bump(this.reasons, reason, sign);
    if (summary.status === 'published') bump(this.lodgingTypes, summary.lodgingType, sign);
    for (const key of summary.issueKeys) bump(this.issues, key, sign);
    for (const key of summary.issueGroups ?? []) bump(this.issueGroups, key, sign);
    for (const label of summary.unknownLabels) bump(this.unknown, label, sign);
    const reason = summary.reasons[0];
    if (summary.status === 'rejected' && reason !== undefined) {
      const list = this.rejectedSamples.get(reason) ?? [];
      const sample = sampleOf(summary.source, reason);
      if (sign === 1) keepEarliest(list, sample, SAMPLES_PER_REASON);
      else {
        const at = list.findIndex((s) => earlier(s, sample) === 0);
        if (at !== -1) list.splice(at, 1);
      }
      this.rejectedSamples.set(reason, list);
    }
  }

  /** A later line whose providerId was already taken: rejected, contributing nothing else. */
  addDuplicate(source: SourceRef, of: SourceRef): void {
    this.addListing({
      status: 'rejected',
      reasons: ['duplicate-provider-id'],
      lodgingType: 'lodging',
      issueKeys: [],
      unknownLabels: [],
      source,
    });
    const list = this.rejectedSamples.get('duplicate-provider-id');
    const sample = list?.find((s) => s.fileIndex === source.fileIndex && s.line === source.line);
    if (sample) sample.detail = `same providerId as ${of.file}:${of.line}`;
  }

  finish(meta: {
    runId: string;
    runner: string;
    country: CountryCode;
    files: string[];
    startedAt: Date;
    finishedAt: Date;
    snapshot: SnapshotInfo | null;
    samePlaces?: readonly SamePlaceRecord[];
    portalWebsites?: PortalWebsites;
  }): ImportReport {
    // Websites taken off at seal as portal pages (snapshot/portal-websites.ts): counted with the listings' own issues.
    for (const { host } of meta.portalWebsites?.dropped ?? []) {
      bump(this.issues, 'website/shared-portal-host', 1);
      bump(this.issueGroups, `website/shared-portal-host ${host}`, 1);
    }
    const issues = Object.fromEntries([...this.issues].sort(([a], [b]) => a.localeCompare(b)));
    const dropped = (field: string) =>
      [...this.issues]
        .filter(([key]) => key.startsWith(`${field}/`) && !isRepair(key.slice(field.length + 1)))
        .reduce((n, [, v]) => n + v, 0);
    const unknown = [...this.unknown].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
    const byLodgingType = Object.fromEntries(
      LODGING_TYPES_BY_SPECIFICITY.map((key) => [key, this.lodgingTypes.get(key) ?? 0]),
    ) as Record<LodgingType, number>;
    return {
      runId: meta.runId,
      runner: meta.runner,
      country: meta.country,
      files: meta.files,
      startedAt: meta.startedAt.toISOString(),
      finishedAt: meta.finishedAt.toISOString(),
      durationMs: meta.finishedAt.getTime() - meta.startedAt.getTime(),
      lines: this.lines,
      badLines: this.badLines,
      listings: this.listings,
      byStatus: {
        published: this.status.get('published') ?? 0,
        closed: this.status.get('closed') ?? 0,
        suppressed: this.status.get('suppressed') ?? 0,
        rejected: this.status.get('rejected') ?? 0,
      },
      byReason: Object.fromEntries([...this.reasons].sort(([, a], [, b]) => b - a)),
      byLodgingType,
      issues,
      issueGroups: groupIssues(this.issueGroups),
      invalid: {
        phones: this.issues.get('phone/invalid-phone') ?? 0,
        websites: dropped('website'),
        sourceMapsUrls: dropped('sourceMapsUrl'),
        emails: dropped('email'),
      },
      unknownLabels: unknown.slice(0, TOP_UNKNOWN_LABELS).map(([label, count]) => ({ label, count })),
      unknownLabelsDistinct: unknown.length,
      samples: {
        badLines: this.badSamples.map(stripIndex),
        rejected: [...this.rejectedSamples.values()].flat().sort(earlier).map(stripIndex),
      },
      ...portalHostsOf(meta.portalWebsites),
      ...(meta.samePlaces?.length ? { samePlaces: { merged: meta.samePlaces.length, listed: meta.samePlaces.slice(0, SAME_PLACES_LISTED) } } : {}),
      warnings: this.warnings(),
      snapshot: meta.snapshot,
    };
  }

  private warnings(): string[] {
    const warnings: string[] = [];
    const share = (n: number) => (this.listings === 0 ? 0 : n / this.listings);
    const duplicates = this.reasons.get('duplicate-provider-id') ?? 0;
    if (share(duplicates) >= 0.1) {
      warnings.push(
        `${duplicates} of ${this.listings} listings repeat a providerId of an earlier line: the export's ids look broken; ask the provider for a corrected export rather than publishing it as is.`,
      );
    }
    if (this.listings > 0 && (this.status.get('published') ?? 0) === 0) {
      warnings.push('no listing is publishable: publishing this would leave the country with an empty dataset.');
    }
    if (this.lines > 0 && this.badLines / this.lines >= 0.1) warnings.push(`${this.badLines} lines were not JSON objects: is this the right file format?`);
    return warnings;
  }
}

function portalHostsOf(portal: PortalWebsites | undefined): Pick<ImportReport, 'portalHosts'> {
  if (portal === undefined || (portal.portals.length === 0 && portal.ownKept === 0)) return {};
  return { portalHosts: { found: portal.portals.length, websitesDropped: portal.dropped.length, ownSitesKept: portal.ownKept } };
}

/** "website/third-party esmadrid.com" → { "website/third-party": { "esmadrid.com": n } }, most frequent first. */
function groupIssues(counts: Map<string, number>): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  const sorted = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, count] of sorted) {
    const space = key.indexOf(' ');
    const issueKey = key.slice(0, space);
    (out[issueKey] ??= {})[key.slice(space + 1)] = count;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

function sampleOf(source: SourceRef, reason: string): Sample {
  return { file: source.file, fileIndex: source.fileIndex, line: source.line, reason };
}

function stripIndex({ fileIndex: _fileIndex, ...sample }: Sample): LineSample {
  return sample;
}
