// What a published snapshot holds, read straight from its SQLite file, and reports with the per-run fields taken out.
import path from 'node:path';
import type { ImportReport } from '../../../../pipeline/report/import-report.ts';
import { snapshotsDir } from '../../../../pipeline/snapshot/snapshot-paths.ts';
import { openSnapshotRecords } from '../../../../pipeline/snapshot/records-file.ts';

export interface SnapshotContent {
  places: unknown[];
  listings: unknown[];
  rejectedLines: unknown[];
}

/** Every served place row, every stored listing with its status, every line that produced none; run ids left out. */
export function readSnapshotContent(dataDir: string, report: ImportReport): SnapshotContent {
  if (!report.snapshot) throw new Error('the report names no snapshot');
  const db = openSnapshotRecords(path.join(snapshotsDir(dataDir), report.snapshot.file)).db;
  try {
    return {
      places: db.prepare('SELECT id, city_slug, lodging_type, whatsapp, verified, place_json, search_text FROM places ORDER BY id').all(),
      listings: db
        .prepare(
          `SELECT id, provider_id, status, reasons, issues, summary, place, city_slug, lodging_type, whatsapp, verified,
                  search_text, crawled_at, source_file, source_file_index, source_line FROM listings ORDER BY id`,
        )
        .all(),
      rejectedLines: db
        .prepare('SELECT file, file_index, line, reason, excerpt FROM rejected_lines ORDER BY file_index, line, reason, excerpt')
        .all(),
    };
  } finally {
    db.close();
  }
}

/** A report without what differs from run to run by design: ids, runner name, times, the snapshot's file and version. */
export function comparableReport(report: ImportReport): unknown {
  const { runId: _r, runner: _n, startedAt: _s, finishedAt: _f, durationMs: _d, snapshot, ...rest } = report;
  const { version: _v, file: _file, publishedAt: _p, runId: _sr, ...snapshotRest } = snapshot ?? {};
  return { ...rest, snapshot: snapshot ? snapshotRest : null };
}
