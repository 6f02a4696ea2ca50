// The run history: the RunStore interface every use case reads and writes, and its default, files under $LODGING_DATA_DIR/runs/<runId>/ (run.json, report.json, report.html).
import { AppError } from '../../platform/errors/app-error.ts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CountryCode } from '../../model/place.ts';
import { recordsPath, snapshotsDir } from '../snapshot/snapshot-paths.ts';
import { isAlive } from './process-liveness.ts';
import type { RunRecord } from './run-record.ts';

const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * Where run records, their reports and held candidates' files live: this data directory (the default), or a store
 * every machine shares (NATS JetStream, whenever the snapshot store is NATS), so a candidate held by an import on one
 * machine is reviewed and published from another.
 */
export interface RunStore {
  readonly kind: 'local' | 'nats';
  save(run: RunRecord): Promise<void>;
  /** Throws UnknownRunError. A run whose process died while running is recorded as failed on the first read that notices. */
  read(runId: string): Promise<RunRecord>;
  /** Reads, changes and saves the run; a change made meanwhile by another process is never overwritten. */
  update(runId: string, change: (run: RunRecord) => void): Promise<RunRecord>;
  /** Newest first. */
  list(filter?: { country?: CountryCode }): Promise<RunRecord[]>;
  saveReport(runId: string, json: unknown, html: string): Promise<void>;
  readReport<T>(runId: string): Promise<T | null>;
  /** The report page as a file of this data directory (copied from the shared store when another machine wrote it); null when the run has none. */
  reportFile(runId: string): Promise<string | null>;
  /** Offers a held candidate's file to every machine (nothing to do when the history is local). */
  shareCandidate(run: RunRecord): Promise<void>;
  /** Makes a held candidate's file present in this data directory; false when it is nowhere to be had. */
  fetchCandidate(run: RunRecord): Promise<boolean>;
  /** Forgets the shared copy of a candidate that is no longer held. */
  dropCandidate(run: RunRecord): Promise<void>;
  /**
   * Keeps the records file of the snapshot a run built (`file` as SnapshotInfo.file names it; records-file.ts) with the
   * run for every machine, compressed, as long as the run is kept (nothing to do when the history is local: the file
   * stays beside its snapshot).
   */
  saveRecords(runId: string, file: string): Promise<void>;
  /** Makes that records file present beside its snapshot in this data directory; false when it is nowhere to be had. */
  fetchRecords(runId: string, file: string): Promise<boolean>;
}

export class UnknownRunError extends AppError {
  constructor(readonly runId: string) {
    super(`no run ${JSON.stringify(runId)} in the run history (see \`lodging runs\`)`, { code: 'unknown-run', status: 404 });
    this.name = 'UnknownRunError';
  }
}

export function runsDir(dataDir: string): string {
  return path.join(dataDir, 'runs');
}

export function runDir(dataDir: string, runId: string): string {
  return path.join(runsDir(dataDir), checkRunId(runId));
}

export function reportJsonPath(dataDir: string, runId: string): string {
  return path.join(runDir(dataDir, runId), 'report.json');
}

export function reportHtmlPath(dataDir: string, runId: string): string {
  return path.join(runDir(dataDir, runId), 'report.html');
}

export function writeAtomically(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(temp, text);
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

export function saveRun(dataDir: string, run: RunRecord): void {
  writeAtomically(path.join(runDir(dataDir, run.runId), 'run.json'), `${JSON.stringify(run, null, 2)}\n`);
}

export function updateRun(dataDir: string, runId: string, change: (run: RunRecord) => void): RunRecord {
  const run = readRun(dataDir, runId);
  change(run);
  saveRun(dataDir, run);
  return run;
}

/** A run whose process died while it was running is recorded as failed here, on the first read that notices. */
export function readRun(dataDir: string, runId: string): RunRecord {
  let text: string;
  try {
    text = fs.readFileSync(path.join(runDir(dataDir, runId), 'run.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UnknownRunError(runId);
    throw error;
  }
  return reconcile(dataDir, JSON.parse(text) as RunRecord);
}

export function listRuns(dataDir: string, filter: { country?: CountryCode } = {}): RunRecord[] {
  let names: string[];
  try {
    names = fs.readdirSync(runsDir(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const runs: RunRecord[] = [];
  for (const name of names) {
    if (!RUN_ID.test(name) || name === 'locks') continue;
    try {
      const run = readRun(dataDir, name);
      if (!filter.country || run.country === filter.country) runs.push(run);
    } catch {
      // A directory without a readable run.json is not a run.
    }
  }
  return runs.sort(newestFirst);
}

/** Newest start first; runs started in the same millisecond by run id, descending. */
export function newestFirst(a: RunRecord, b: RunRecord): number {
  return a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : a.runId < b.runId ? 1 : -1;
}

/** The run as failed when it says running but its process (on this machine) is gone; null when it stands as it is. */
export function interruptedRun(run: RunRecord): RunRecord | null {
  if (run.outcome !== 'running' || isAlive(run)) return null;
  const at = new Date().toISOString();
  return {
    ...run,
    outcome: 'failed',
    finishedAt: at,
    error: `interrupted: process ${run.pid} on ${run.host} ended while the run was in progress (crash or kill); nothing was published by it`,
    events: [...run.events, { at, what: 'failed', by: 'system', detail: 'process no longer running' }],
  };
}

export function checkRunId(runId: string): string {
  if (!RUN_ID.test(runId)) throw new UnknownRunError(runId);
  return runId;
}

function reconcile(dataDir: string, found: RunRecord): RunRecord {
  const run = interruptedRun(found);
  if (!run) return found;
  try {
    saveRun(dataDir, run);
  } catch {
    // Read-only data directory: the reconciled view is still what callers see.
  }
  return run;
}

export function saveReportFiles(dataDir: string, runId: string, json: unknown, html: string): void {
  writeAtomically(reportJsonPath(dataDir, runId), `${JSON.stringify(json, null, 2)}\n`);
  writeAtomically(reportHtmlPath(dataDir, runId), html);
}

export function readReportJson<T>(dataDir: string, runId: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(reportJsonPath(dataDir, runId), 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The default: this data directory's files, the candidate where the import left it. */
export function fileRunStore(dataDir: string): RunStore {
  return {
    kind: 'local',
    save: async (run) => saveRun(dataDir, run),
    read: async (runId) => readRun(dataDir, runId),
    update: async (runId, change) => updateRun(dataDir, runId, change),
    list: async (filter) => listRuns(dataDir, filter),
    saveReport: async (runId, json, html) => saveReportFiles(dataDir, runId, json, html),
    readReport: async <T>(runId: string) => readReportJson<T>(dataDir, runId),
    reportFile: async (runId) => {
      const file = reportHtmlPath(dataDir, runId);
      return fs.existsSync(file) ? file : null;
    },
    shareCandidate: async () => undefined,
    fetchCandidate: async (run) => run.candidate !== null && fs.existsSync(path.join(snapshotsDir(dataDir), run.candidate.file)),
    dropCandidate: async () => undefined,
    saveRecords: async () => undefined,
    fetchRecords: async (_runId, file) => fs.existsSync(recordsPath(path.join(snapshotsDir(dataDir), file))),
  };
}
