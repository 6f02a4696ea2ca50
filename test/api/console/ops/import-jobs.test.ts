// Console imports run as child `lodging import` processes; their live progress is the CLI's figures.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createImportLauncher, ImportBusyError, type ImportJob, type ImportLauncher } from '../../../../api/console/ops/import-jobs.ts';
import { main } from '../../../../bin/commands.ts';
import { openSnapshotReader } from '../../../../pipeline/snapshot/snapshot-reader.ts';
import { readRun } from '../../../../pipeline/runs/run-store.ts';
import { consoleImportsPath, openSqliteImportJobStore } from '../../../../api/console/ops/sqlite-import-job-store.ts';
import type { ImportJobStore } from '../../../../api/console/ops/import-job-store.ts';

let dir: string;
let launcher: ImportLauncher;
let store: ImportJobStore;
const launch = (s: ImportJobStore) =>
  createImportLauncher({ env: { ...process.env, REDIS_URL: '' }, dataDir: path.join(dir, 'data'), queue: false, store: s, pollMs: 100 });

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lodging-jobs-'));
  store = openSqliteImportJobStore(path.join(dir, 'console-imports.sqlite'));
  launcher = launch(store);
});
afterEach(async () => {
  await launcher.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

function finished(job: ImportJob): Promise<ImportJob> {
  return new Promise((resolve) => {
    if (job.state !== 'running') return resolve(job);
    const stop = launcher.subscribe(job.id, (j) => {
      if (j.state !== 'running') {
        stop();
        resolve(j);
      }
    });
  });
}

describe('the import launcher', () => {
  it('imports in a child process, with live progress, and publishes', async () => {
    const file = path.join(dir, 'es.jsonl.gz');
    const io = { stdout: () => undefined, stderr: () => undefined, env: {}, interactive: false };
    expect(await main(['generate', '--country', 'es', '--count', '300', file], io)).toBe(0);
    const seen: number[] = [];
    const job = await launcher.start({ country: 'es', files: [file], dryRun: false, by: 'acct-1' });
    launcher.subscribe(job.id, (j) => j.progress && seen.push(j.progress.linesRead));
    await expect(launcher.start({ country: 'es', files: [file], dryRun: false, by: 'acct-2' })).rejects.toThrow(ImportBusyError);
    const done = await finished(job);
    expect(done).toMatchObject({ state: 'published', exitCode: 0, files: ['es.jsonl.gz'], by: 'acct-1' });
    expect(done.progress).toMatchObject({ percent: 100, linesRead: 300 });
    expect(seen.length).toBeGreaterThan(0);
    expect((await launcher.list())[0]!.id).toBe(job.id);
    expect(done.runId).toMatch(/\w/);
    expect(readRun(path.join(dir, 'data'), done.runId!).by).toBe('acct-1');
    const reader = openSnapshotReader(path.join(dir, 'data'));
    expect(reader.current().es?.publishedCount).toBeGreaterThan(0);
    reader.close();
  });

  it('reports an import refused by a publication gate (exit 3) as refused, with its run', async () => {
    const file = path.join(dir, 'empty.jsonl');
    await import('node:fs/promises').then((fs) => fs.writeFile(file, ''));
    const done = await finished(await launcher.start({ country: 'pt', files: [file], dryRun: false, by: 'acct-1' }));
    expect(done).toMatchObject({ state: 'refused', exitCode: 3, runId: expect.any(String) });
  });

  it('reports a failed import with the child\'s own message', async () => {
    const job = await launcher.start({ country: 'es', files: [path.join(dir, 'missing.jsonl')], dryRun: false, by: 'acct-1' });
    const done = await finished(job);
    expect(done.state).toBe('failed');
    expect(done.exitCode).toBe(1);
    expect(done.messages.join('\n')).toMatch(/missing\.jsonl/);
  });

  it('shares its jobs with another server process on the same store: list, progress, end and the per-country claim', async () => {
    const file = path.join(dir, 'es.jsonl.gz');
    const io = { stdout: () => undefined, stderr: () => undefined, env: {}, interactive: false };
    expect(await main(['generate', '--country', 'es', '--count', '300', file], io)).toBe(0);
    // A second process of the same machine: its own connection to the same SQLite file.
    const otherStore = openSqliteImportJobStore(path.join(dir, 'console-imports.sqlite'));
    const other = launch(otherStore);
    try {
      const job = await launcher.start({ country: 'es', files: [file], dryRun: false, by: 'acct-1' });
      await expect(other.start({ country: 'es', files: [file], dryRun: false, by: 'acct-2' })).rejects.toThrow(ImportBusyError);
      expect((await other.list()).map((j) => j.id)).toContain(job.id);
      const seenThere = await new Promise<ImportJob>((resolve) => {
        const stop = other.subscribe(job.id, (j) => {
          if (j.state !== 'running') {
            stop();
            resolve(j);
          }
        });
      });
      expect(seenThere).toMatchObject({ id: job.id, state: 'published', exitCode: 0 });
      expect(await other.get(job.id)).toMatchObject({ state: 'published' });
      // The country is free again, from either process.
      const next = await other.start({ country: 'es', files: [file], dryRun: true, by: 'acct-2' });
      expect((await finished(next)).state).toBe('dry-run');
    } finally {
      await other.close();
      await otherStore.close();
    }
  });

  it('keeps the console database beside the data', () => {
    expect(consoleImportsPath('/srv/data')).toBe('/srv/data/console-imports.sqlite');
  });
});
