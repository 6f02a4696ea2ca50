// The unknown labels every import has met, kept across runs in $LODGING_DATA_DIR/review/unknown-labels.json.
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { openSnapshotRecords } from '../snapshot/records-file.ts';
import type { CountryCode } from '../../model/place.ts';
import type { ImportReport } from '../report/import-report.ts';
import { snapshotsDir } from '../snapshot/snapshot-paths.ts';
import { nameSuggestsFromSnapshot, recordNameSuggests } from './name-suggest-review.ts';

/** A listing that carried the label, so a reviewer can look at it (`lodging explain FILE:LINE`). */
export interface LabelExample {
  id: string;
  name: string | null;
  file: string;
  line: number;
}

export interface UnknownLabelEntry {
  label: string;
  country: CountryCode;
  /** Listings that carried it in the country's latest import that saw it. */
  count: number;
  /** Listings that carried it, summed over every import that saw it. */
  totalCount: number;
  /** Imports that saw it. */
  runs: number;
  firstSeen: string;
  lastSeen: string;
  lastRunId: string;
  examples: LabelExample[];
}

interface StoreFile {
  version: 1;
  labels: UnknownLabelEntry[];
}

export const EXAMPLES_PER_LABEL = 5;

export function unknownLabelStorePath(dataDir: string): string {
  return path.join(dataDir, 'review', 'unknown-labels.json');
}

export async function readUnknownLabels(dataDir: string): Promise<UnknownLabelEntry[]> {
  let text: string;
  try {
    text = await fs.readFile(unknownLabelStorePath(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<StoreFile>;
  return Array.isArray(parsed.labels) ? parsed.labels : [];
}

/** Replaces the store in one rename, so a reader never sees half a file. */
export async function writeUnknownLabels(dataDir: string, labels: readonly UnknownLabelEntry[]): Promise<void> {
  const file = unknownLabelStorePath(dataDir);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const body: StoreFile = { version: 1, labels: [...labels] };
  await fs.writeFile(temp, `${JSON.stringify(body, null, 2)}\n`);
  await fs.rename(temp, file);
}

/** What one import saw: each unknown label with its listing count and first examples (file order). */
export interface RunSighting {
  label: string;
  count: number;
  examples: LabelExample[];
}

/**
 * Reads a published snapshot's unknown labels with example listings. The snapshot keeps every listing's
 * summary, so the examples cost nothing during the import itself.
 */
export function sightingsFromSnapshot(databasePath: string): RunSighting[] {
  const { db } = openSnapshotRecords(databasePath);
  try {
    const rows = db
      .prepare(
        `SELECT id, json_extract(place, '$.name') AS name, source_file AS file, source_line AS line,
                json_extract(summary, '$.unknownLabels') AS labels
           FROM listings
          WHERE json_array_length(json_extract(summary, '$.unknownLabels')) > 0
          ORDER BY source_file_index, source_line`,
      )
      .all() as { id: string; name: string | null; file: string; line: number; labels: string }[];
    const byLabel = new Map<string, RunSighting>();
    for (const row of rows) {
      for (const label of JSON.parse(row.labels) as string[]) {
        const sighting = byLabel.get(label) ?? { label, count: 0, examples: [] };
        sighting.count += 1;
        if (sighting.examples.length < EXAMPLES_PER_LABEL) {
          sighting.examples.push({ id: row.id, name: row.name, file: row.file, line: row.line });
        }
        byLabel.set(label, sighting);
      }
    }
    return [...byLabel.values()];
  } finally {
    db.close();
  }
}

/** Adds one run's sightings: counts replaced by the latest run's, totals and runs summed, examples refreshed. */
export function mergeSightings(
  stored: readonly UnknownLabelEntry[],
  country: CountryCode,
  runId: string,
  at: string,
  sightings: readonly RunSighting[],
): UnknownLabelEntry[] {
  const merged = new Map(stored.map((entry) => [`${entry.country}\u0000${entry.label}`, { ...entry }]));
  for (const { label, count, examples } of sightings) {
    const key = `${country}\u0000${label}`;
    const entry = merged.get(key);
    if (entry === undefined) {
      merged.set(key, { label, country, count, totalCount: count, runs: 1, firstSeen: at, lastSeen: at, lastRunId: runId, examples });
    } else if (entry.lastRunId !== runId) {
      Object.assign(entry, { count, totalCount: entry.totalCount + count, runs: entry.runs + 1, lastSeen: at, lastRunId: runId, examples });
    }
  }
  return [...merged.values()].sort((a, b) => a.country.localeCompare(b.country) || b.count - a.count || a.label.localeCompare(b.label));
}

/**
 * Records a finished import's unknown labels and its name-suggests listings. The examples come from the snapshot it
 * published, else from its held candidate (a dry run or a refusal); a run with neither keeps the report's top labels
 * without examples.
 */
export async function recordImportUnknownLabels(dataDir: string, report: ImportReport, candidateFile: string | null = null): Promise<number> {
  const file = report.snapshot?.file ?? candidateFile;
  const database = file ? path.join(snapshotsDir(dataDir), file) : null;
  const sightings = database && existsSync(database)
    ? sightingsFromSnapshot(database)
    : report.unknownLabels.map(({ label, count }) => ({ label, count, examples: [] }));
  if (database && existsSync(database)) {
    await recordNameSuggests(dataDir, { country: report.country, runId: report.runId, at: report.finishedAt, ...nameSuggestsFromSnapshot(database) });
  }
  if (sightings.length === 0) return 0;
  const stored = await readUnknownLabels(dataDir);
  await writeUnknownLabels(dataDir, mergeSightings(stored, report.country, report.runId, report.finishedAt, sightings));
  return sightings.length;
}
