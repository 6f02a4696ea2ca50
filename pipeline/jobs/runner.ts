// The runner interface: how an import's listings get normalised and published, in-process or over BullMQ.
import type { CountryCode } from '../../model/place.ts';
import type { ImportReport } from '../report/import-report.ts';
import type { SnapshotInfo } from '../snapshot/reader-types.ts';

export interface ImportJob {
  country: CountryCode;
  /** Export files (.jsonl or .jsonl.gz), read in this order. */
  files: string[];
  /** LODGING_DATA_DIR: snapshots are published here; the suppression list is read from here. */
  dataDir: string;
  /** Unique per run; the in-process runner makes one when absent. */
  runId?: string;
  /** The suppression list to apply instead of <dataDir>/suppression-list.txt (npm start's demo uses the fixtures' own). */
  suppressionFile?: string;
  /** Seal the new snapshot without serving it (ImportResult.candidate): the publication gates decide. */
  candidateOnly?: boolean;
  /** Lines a person should see while the run waits (e.g. no queue worker connected). */
  onNotice?: (line: string) => void;
  /** --queue: fail the run when no worker is connected for this long (default: the runner's noWorkerTimeoutMs). */
  waitForWorkersMs?: number;
}

export interface ImportProgress {
  /** Lines read from the export files so far. */
  linesRead: number;
  /** Listings normalised and written to the new snapshot so far. */
  listingsWritten: number;
  /** Total bytes of the export files, and bytes read so far (compressed bytes for .gz). */
  bytesTotal: number;
  bytesRead: number;
  phase: 'reading' | 'publishing' | 'done';
}

export interface ImportResult {
  report: ImportReport;
  /** With candidateOnly: the sealed snapshot, not yet served. */
  candidate?: SnapshotInfo;
}

export interface ImportRunner {
  readonly name: string;
  run(job: ImportJob, onProgress?: (progress: ImportProgress) => void): Promise<ImportResult>;
  close(): Promise<void>;
}
