// The first rejected or unreadable lines of a sealed snapshot's import (its records file), with file, line number and reasons, for the report.
import { openSnapshotRecords } from './records-file.ts';

export const REJECTED_LINES_SHOWN = 100;

export interface RejectedLine {
  file: string;
  line: number;
  reasons: string[];
  /** For unreadable lines and duplicates: what was read, or which line it repeats. */
  detail: string | null;
}

export function readRejectedLines(candidateFile: string, limit = REJECTED_LINES_SHOWN): { lines: RejectedLine[]; total: number } {
  const { db } = openSnapshotRecords(candidateFile);
  try {
    const union = `SELECT source_file AS file, source_file_index AS fi, source_line AS line, reasons, NULL AS detail
        FROM listings WHERE status = 'rejected'
      UNION ALL
      SELECT file, file_index, line, json_array(reason), excerpt FROM rejected_lines`;
    const total = db.prepare(`SELECT count(*) FROM (${union})`).pluck().get() as number;
    const rows = db.prepare(`SELECT file, line, reasons, detail FROM (${union}) ORDER BY fi, line LIMIT ?`).all(limit) as {
      file: string;
      line: number;
      reasons: string;
      detail: string | null;
    }[];
    return { total, lines: rows.map((r) => ({ file: r.file, line: r.line, reasons: JSON.parse(r.reasons) as string[], detail: r.detail })) };
  } finally {
    db.close();
  }
}
