// Imports started from the console: each one a child `lodging import` process (never in the API's event loop), its progress read live.
import { AppError } from '../../../platform/errors/app-error.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { CountryCode } from '../../../model/place.ts';
import { projectFile } from '../../../platform/project-files.ts';
import { parseProgressLine } from './read-progress-line.ts';
import { IMPORT_CLAIM_RENEW_MS, type ImportJob, type ImportJobState, type ImportJobStore } from './import-job-store.ts';

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

const DEFAULT_BIN = projectFile('bin/lodging.js');
const PROJECT_ROOT = path.dirname(path.dirname(DEFAULT_BIN));
const MAX_MESSAGES = 20;
/** The child's --json report is read only for its outcome: a bound keeps a huge report from growing the server. */
const MAX_STDOUT = 1024 * 1024;

function stateOf(code: number | null, dryRun: boolean): ImportJobState {
  if (code === 0) return dryRun ? 'dry-run' : 'published';
  if (code === 3) return 'refused';
  return 'failed';
}

export function createImportLauncher(options: LauncherOptions): ImportLauncher {
  const { store } = options;
  /** The jobs this process runs: their children, and the latest state (saved to the store at every change). */
  const children = new Map<string, { child: ChildProcess; job: ImportJob; exited: Promise<void> }>();
  const listeners = new Map<string, Set<(job: ImportJob) => void>>();
  const pollMs = options.pollMs ?? 1000;

  // Saves are chained per job, so the store never sees an older state after a newer one.
  const saving = new Map<string, Promise<void>>();
  const changed = (job: ImportJob) => {
    const snapshot = structuredClone(job);
    const previous = saving.get(job.id) ?? Promise.resolve();
    const next = previous.then(() => store.save(snapshot, Date.now())).catch(() => undefined);
    saving.set(job.id, next);
    void next.then(() => {
      if (saving.get(job.id) === next) saving.delete(job.id);
    });
    for (const listener of listeners.get(job.id) ?? []) listener(snapshot);
  };
  const say = (job: ImportJob, line: string) => {
    job.messages.push(line.slice(0, 500));
    if (job.messages.length > MAX_MESSAGES) job.messages.splice(0, job.messages.length - MAX_MESSAGES);
  };
  // A running job's claim on its country is renewed while this process lives; a dead server's claim lapses.
  const renew = setInterval(() => {
    for (const { job } of children.values()) void store.save(structuredClone(job), Date.now()).catch(() => undefined);
  }, IMPORT_CLAIM_RENEW_MS);
  renew.unref();

  return {
    async start(request) {
      const job: ImportJob = {
        id: `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`,
        country: request.country,
        files: request.files.map((f) => path.basename(f)),
        names: request.names ?? request.files.map((f) => path.basename(f)),
        dryRun: request.dryRun,
        queue: options.queue,
        by: request.by,
        startedAt: new Date().toISOString(),
        finishedAt: null,
        state: 'running',
        exitCode: null,
        progress: null,
        runId: null,
        messages: [],
      };
      const busy = await store.claim(job, Date.now());
      if (busy) throw new ImportBusyError(busy);
      const args = [options.lodgingBin ?? DEFAULT_BIN, 'import', '--country', request.country, '--json', '--progress', 'json', '--actor', request.by];
      if (options.queue) args.push('--queue');
      if (request.dryRun) args.push('--dry-run');
      // The run records each file by the name the operator knows (an upload's original), not its stored name.
      for (const name of job.names ?? []) args.push(`--name=${name}`);
      args.push('--', ...request.files);
      const child = spawn(process.execPath, args, {
        cwd: PROJECT_ROOT,
        env: { ...options.env, LODGING_DATA_DIR: options.dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (chunk: string) => {
        if (stdout.length < MAX_STDOUT) stdout += chunk;
      });
      createInterface({ input: child.stderr!, crlfDelay: Infinity }).on('line', (line) => {
        const event = parseProgressLine(line);
        if (event?.event === 'progress') {
          const { event: _event, ...figures } = event;
          job.progress = figures;
        } else if (event?.event === 'started') {
          job.runId = event.runId;
        } else if (event?.event === 'notice') {
          say(job, event.text);
        } else if (line.trim() !== '') {
          say(job, line);
        }
        changed(job);
      });
      const exited = new Promise<void>((resolve) => {
        const finish = (code: number | null, error?: Error) => {
          if (job.state !== 'running') return resolve();
          if (error) say(job, `the import process could not start: ${error.message}`);
          job.exitCode = code;
          job.state = stateOf(code, job.dryRun);
          job.finishedAt = new Date().toISOString();
          if (job.runId === null) job.runId = runIdOf(stdout);
          changed(job);
          children.delete(job.id);
          void (saving.get(job.id) ?? Promise.resolve()).then(resolve);
        };
        child.on('error', (error) => finish(null, error));
        child.on('close', (code) => finish(code));
      });
      children.set(job.id, { child, job, exited });
      changed(job);
      return structuredClone(job);
    },
    async get(id) {
      const local = children.get(id);
      return local ? structuredClone(local.job) : store.get(id);
    },
    list: () => store.list(),
    subscribe(id, listener) {
      let set = listeners.get(id);
      if (!set) listeners.set(id, (set = new Set()));
      set.add(listener);
      // A job another process runs changes in the store only: read it from there until it ends.
      let last = '';
      const poll = setInterval(() => {
        if (children.has(id)) return;
        void store
          .get(id)
          .then((job) => {
            const text = job ? JSON.stringify(job) : '';
            if (job && text !== last) {
              last = text;
              listener(job);
            }
          })
          .catch(() => undefined);
      }, pollMs);
      return () => {
        clearInterval(poll);
        set.delete(listener);
        if (set.size === 0) listeners.delete(id);
      };
    },
    async close() {
      clearInterval(renew);
      const running = [...children.values()];
      for (const { child } of running) child.kill('SIGTERM');
      await Promise.all(running.map((r) => r.exited));
      await Promise.all([...saving.values()]);
    },
  };
}

/** The run id in the child's --json report, when it has one. */
function runIdOf(stdout: string): string | null {
  try {
    const report = JSON.parse(stdout) as { runId?: unknown };
    return typeof report.runId === 'string' ? report.runId : null;
  } catch {
    return null;
  }
}
