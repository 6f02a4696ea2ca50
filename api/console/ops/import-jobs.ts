// Imports started from the console: each one a child `lodging import` process (never in the API's event loop), its progress read live.
import { AppError } from '../../../platform/errors/app-error.ts';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { CountryCode } from '../../../model/place.ts';
import { followStoredJob } from './follow-stored-job.ts';
import { createJobChanges } from './import-job-changes.ts';
import { applyChildLine, finishJob } from './import-job-lines.ts';
import { IMPORT_CLAIM_RENEW_MS, type ImportJob, type ImportJobStore } from './import-job-store.ts';
import { spawnImport } from './spawn-import.ts';

export type { ImportJob, ImportJobState } from './import-job-store.ts';

export interface StartImport {
  country: CountryCode;
  /** Absolute paths inside the import directory (resolved by the caller). */
  files: string[];
  /** The names pages show, one per file (an upload's original name); default the stored names. */
  names?: string[];
  dryRun: boolean;
  by: string;
}

export class ImportBusyError extends AppError {
  constructor(readonly job: ImportJob) {
    super(`an import of ${job.country} started from the console is still running (started ${job.startedAt} by ${job.by})`, { code: 'import-busy', status: 409 });
    this.name = 'ImportBusyError';
  }
}

export interface ImportLauncher {
  /** Starts the import unless a live console import of that country runs (ImportBusyError), in any process. */
  start(request: StartImport): Promise<ImportJob>;
  get(id: string): Promise<ImportJob | null>;
  /** Running first, then newest first. */
  list(): Promise<ImportJob[]>;
  /** Called at every change of the job (progress, message, end); returns the unsubscribe function. */
  subscribe(id: string, listener: (job: ImportJob) => void): () => void;
  /** Stops the children still running (their runs show as failed) and waits for them. */
  close(): Promise<void>;
}

export interface LauncherOptions {
  /** The environment of the children: the server's own (LODGING_DATA_DIR, REDIS_URL, …). */
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** With REDIS_URL the child runs `lodging import --queue`: the work goes to BullMQ workers. */
  queue: boolean;
  /** The `lodging` executable (default: this checkout's bin/lodging.js). */
  lodgingBin?: string;
  /** Where jobs are kept: shared by every process serving the console (SQLite on one machine, Redis on several). */
  store: ImportJobStore;
  /** How often a job started by another process is re-read for a page's event stream (default 1 s). */
  pollMs?: number;
}

/** A new running job of the request, its id unique across processes. */
function newJob(request: StartImport, queue: boolean): ImportJob {
  return {
    id: `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`,
    country: request.country,
    files: request.files.map((f) => path.basename(f)),
    names: request.names ?? request.files.map((f) => path.basename(f)),
    dryRun: request.dryRun,
    queue,
    by: request.by,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    state: 'running',
    exitCode: null,
    progress: null,
    runId: null,
    messages: [],
  };
}

/**
 * The steps of an import: a new job claims its country in the store, its child is spawned, each line of the child
 * changes the job (saved in order, told to listeners), and its exit finishes it.
 */
export function createImportLauncher(options: LauncherOptions): ImportLauncher {
  const { store } = options;
  /** The jobs this process runs: their children, and the latest state (saved to the store at every change). */
  const children = new Map<string, { child: ChildProcess; job: ImportJob; exited: Promise<void> }>();
  const changes = createJobChanges(store);
  const pollMs = options.pollMs ?? 1000;

  // A running job's claim on its country is renewed while this process lives; a dead server's claim lapses.
  const renew = setInterval(() => {
    for (const { job } of children.values()) void store.save(structuredClone(job), Date.now()).catch(() => undefined);
  }, IMPORT_CLAIM_RENEW_MS);
  renew.unref();

  return {
    async start(request) {
      const job = newJob(request, options.queue);
      const busy = await store.claim(job, Date.now());
      if (busy) throw new ImportBusyError(busy);
      let exit: () => void = () => undefined;
      const exited = new Promise<void>((resolve) => (exit = resolve));
      const command = { country: request.country, files: request.files, names: job.names ?? [], dryRun: request.dryRun, by: request.by, queue: options.queue };
      const child = spawnImport(command, options, {
        onLine(line) {
          applyChildLine(job, line);
          changes.changed(job);
        },
        onExit(code, stdout, error) {
          if (job.state !== 'running') return exit();
          finishJob(job, code, stdout, error);
          changes.changed(job);
          children.delete(job.id);
          void changes.saved(job.id).then(exit);
        },
      });
      children.set(job.id, { child, job, exited });
      changes.changed(job);
      return structuredClone(job);
    },
    async get(id) {
      const local = children.get(id);
      return local ? structuredClone(local.job) : store.get(id);
    },
    list: () => store.list(),
    subscribe(id, listener) {
      const unlisten = changes.listen(id, listener);
      // A job another process runs changes in the store only: read it from there until it ends.
      const unfollow = followStoredJob(store, id, () => children.has(id), listener, pollMs);
      return () => {
        unfollow();
        unlisten();
      };
    },
    async close() {
      clearInterval(renew);
      const running = [...children.values()];
      for (const { child } of running) child.kill('SIGTERM');
      await Promise.all(running.map((r) => r.exited));
      await changes.allSaved();
    },
  };
}
