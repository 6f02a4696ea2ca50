// The run history under $LODGING_DATA_DIR/runs/<runId>/: run.json (RunRecord), report.json and report.html.
import { CommandFailure } from '../../platform/cli-io.ts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CountryCode } from '../../model/place.ts';
import { isAlive } from './process-liveness.ts';
import type { RunRecord } from './run-record.ts';

const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export class UnknownRunError extends CommandFailure {
  constructor(readonly runId: string) {
    super(`no run ${JSON.stringify(runId)} in the run history (see \`lodging runs\`)`, { code: 'unknown-run', status: 404 });
    this.name = 'UnknownRunError';
  }
}

export function runsDir(dataDir: string): string {
  return path.join(dataDir, 'runs');
}

export function runDir(dataDir: string, runId: string): string {
  if (!RUN_ID.test(runId)) throw new UnknownRunError(runId);
  return path.join(runsDir(dataDir), runId);
}

export function reportJsonPath(dataDir: string, runId: string): string {
  return path.join(runDir(dataDir, runId), 'report.json');
}

export function reportHtmlPath(dataDir: string, runId: string): string {
  return path.join(runDir(dataDir, runId), 'report.html');
}

function writeAtomically(file: string, text: string): void {
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
  return runs.sort((a, b) => (a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : a.runId < b.runId ? 1 : -1));
}

function reconcile(dataDir: string, run: RunRecord): RunRecord {
  if (run.outcome !== 'running' || isAlive(run)) return run;
  const at = new Date().toISOString();
  run.outcome = 'failed';
  run.finishedAt = at;
  run.error = `interrupted: process ${run.pid} on ${run.host} ended while the run was in progress (crash or kill); nothing was published by it`;
  run.events.push({ at, what: 'failed', by: 'system', detail: 'process no longer running' });
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
