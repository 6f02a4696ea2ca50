// Imports started from the console: each one a child `lodging import` process (never in the API's event loop), its progress read live.
import { AppError } from '../../../platform/errors/app-error.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { CountryCode } from '../../../model/place.ts';
import { projectFile } from '../../../platform/project-files.ts';
import { parseProgressLine, type ProgressFigures } from './read-progress-line.ts';

/** running; then what the exit code says: 0 published (or dry run passed), 3 refused by a gate, anything else failed. */
export type ImportJobState = 'running' | 'published' | 'dry-run' | 'refused' | 'failed';

export interface ImportJob {
  id: string;
  country: CountryCode;
  /** Export file names in the import directory. */
  files: string[];
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

export interface StartImport {
  country: CountryCode;
  /** Absolute paths inside the import directory (resolved by the caller). */
  files: string[];
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
  start(request: StartImport): ImportJob;
  get(id: string): ImportJob | null;
  /** Newest first. */
  list(): ImportJob[];
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
  /** Jobs kept in memory for the pages (default 50). */
  keep?: number;
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
  const jobs = new Map<string, ImportJob>();
  const children = new Map<string, { child: ChildProcess; exited: Promise<void> }>();
  const listeners = new Map<string, Set<(job: ImportJob) => void>>();
  const keep = options.keep ?? 50;

  const changed = (job: ImportJob) => {
    for (const listener of listeners.get(job.id) ?? []) listener(job);
  };
  const say = (job: ImportJob, line: string) => {
    job.messages.push(line.slice(0, 500));
    if (job.messages.length > MAX_MESSAGES) job.messages.splice(0, job.messages.length - MAX_MESSAGES);
  };
  const forget = () => {
    const finished = [...jobs.values()].filter((j) => j.state !== 'running');
    for (const job of finished.slice(0, Math.max(0, jobs.size - keep))) jobs.delete(job.id);
  };

  return {
    start(request) {
      const busy = [...jobs.values()].find((j) => j.state === 'running' && j.country === request.country);
      if (busy) throw new ImportBusyError(busy);
      const job: ImportJob = {
        id: `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`,
        country: request.country,
        files: request.files.map((f) => path.basename(f)),
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
      const args = [options.lodgingBin ?? DEFAULT_BIN, 'import', '--country', request.country, '--json', '--progress', 'json', '--actor', request.by];
      if (options.queue) args.push('--queue');
      if (request.dryRun) args.push('--dry-run');
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
          forget();
          resolve();
        };
        child.on('error', (error) => finish(null, error));
        child.on('close', (code) => finish(code));
      });
      children.set(job.id, { child, exited });
      jobs.set(job.id, job);
      changed(job);
      return job;
    },
    get: (id) => jobs.get(id) ?? null,
    list: () => [...jobs.values()].sort((a, b) => b.startedAt.localeCompare(a.startedAt)),
    subscribe(id, listener) {
      let set = listeners.get(id);
      if (!set) listeners.set(id, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(id);
      };
    },
    async close() {
      const running = [...children.values()];
      for (const { child } of running) child.kill('SIGTERM');
      await Promise.all(running.map((r) => r.exited));
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
