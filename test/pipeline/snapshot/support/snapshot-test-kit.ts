// Test helper: temporary data directories and one-call publishing for the snapshot suites.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { NormalisedListing } from '../../../../pipeline/normalise/normalised-listing.ts';
import type { CountryCode } from '../../../../model/place.ts';
import { createSnapshotBuilder } from '../../../../pipeline/snapshot/snapshot-builder.ts';
import type { SnapshotInfo } from '../../../../pipeline/snapshot/reader-types.ts';

const made: string[] = [];

/** A fresh data directory, removed after the test. */
export function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodging-snapshot-'));
  made.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

export function publishListings(
  dataDir: string,
  listings: readonly NormalisedListing[],
  options: { country?: CountryCode; runId?: string; keep?: number } = {},
): SnapshotInfo {
  const builder = createSnapshotBuilder({
    dataDir,
    country: options.country ?? listings[0]?.country ?? 'es',
    runId: options.runId ?? 'run-test',
    keep: options.keep,
  });
  for (const listing of listings) builder.add(listing);
  return builder.publish();
}

/** The snapshot files on disk for a country, oldest version first. */
export function snapshotFiles(dataDir: string, country: CountryCode): string[] {
  const dir = path.join(dataDir, 'snapshots', country);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => name.endsWith('.sqlite') && !name.endsWith('.records.sqlite')).sort();
}

/** Ids in SQLite's order (bytes of UTF-8), which is the API's order. */
export function sortIds(ids: readonly string[]): string[] {
  return [...ids].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}
