// Where console imports live (progress, events, the list, the one-import-per-country claim): shared by every process that serves the console.
import type { CountryCode } from '../../../model/place.ts';
import type { ProgressFigures } from './read-progress-line.ts';

/** running; then what the exit code says: 0 published (or dry run passed), 3 refused by a gate, anything else failed. */
export type ImportJobState = 'running' | 'published' | 'dry-run' | 'refused' | 'failed';

export interface ImportJob {
  id: string;
  country: CountryCode;
  /** Export file names in the import directory. */
  files: string[];
  /** The names pages show, one per file: an upload's original name (absent in jobs saved before names were kept). */
  names?: string[];
  dryRun: boolean;
  queue: boolean;
  /** The console account that started it. */
  by: string;
  startedAt: string;
  finishedAt: string | null;
  state: ImportJobState;
  exitCode: number | null;
  progress: ProgressFigures | null;
  /** The run id in the run history, once the child has recorded it. */
  runId: string | null;
  /** Lines for a person: notices and the child's own messages (never progress lines), the last few. */
  messages: string[];
}

/**
 * A running job's claim on its country lasts this long unless its process renews it: a server that died mid-import
 * does not block the country for good.
 */
export const IMPORT_CLAIM_TTL_MS = 60_000;
/** How often the process running a job renews its claim. */
export const IMPORT_CLAIM_RENEW_MS = 15_000;
/** Finished jobs kept for the pages. */
export const IMPORT_JOBS_KEPT = 50;

export interface ImportJobStore {
  /**
   * Records a new running job if no other live job holds its country (atomically, across processes);
   * returns the job that holds the country instead, or null when this one now does.
   */
  claim(job: ImportJob, now: number): Promise<ImportJob | null>;
  /** Saves the job's current state; a running job's claim is renewed, a finished one's released. */
  save(job: ImportJob, now: number): Promise<void>;
  get(id: string): Promise<ImportJob | null>;
  /** Newest first, at most IMPORT_JOBS_KEPT finished ones besides the running ones. */
  list(): Promise<ImportJob[]>;
  close(): Promise<void>;
}
