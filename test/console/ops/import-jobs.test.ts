// Console imports run as child `lodging import` processes; their live progress is the CLI's figures.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createImportLauncher, ImportBusyError, type ImportJob, type ImportLauncher } from '../../../api/console/ops/import-jobs.ts';
import { main } from '../../../bin/commands.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import { readRun } from '../../../pipeline/index.ts';

let dir: string;
let launcher: ImportLauncher;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lodging-jobs-'));
  launcher = createImportLauncher({ env: { ...process.env, REDIS_URL: '' }, dataDir: path.join(dir, 'data'), queue: false });
});
afterEach(async () => {
  await launcher.close();
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
    const job = launcher.start({ country: 'es', files: [file], dryRun: false, by: 'acct-1' });
    launcher.subscribe(job.id, (j) => j.progress && seen.push(j.progress.linesRead));
    expect(() => launcher.start({ country: 'es', files: [file], dryRun: false, by: 'acct-2' })).toThrow(ImportBusyError);
    const done = await finished(job);
    expect(done).toMatchObject({ state: 'published', exitCode: 0, files: ['es.jsonl.gz'], by: 'acct-1' });
    expect(done.progress).toMatchObject({ percent: 100, linesRead: 300 });
    expect(seen.length).toBeGreaterThan(0);
    expect(launcher.list()[0]!.id).toBe(job.id);
    expect(done.runId).toMatch(/\w/);
    expect(readRun(path.join(dir, 'data'), done.runId!).by).toBe('acct-1');
    const reader = openSnapshotReader(path.join(dir, 'data'));
    expect(reader.current().es?.publishedCount).toBeGreaterThan(0);
    reader.close();
  });

  it('reports an import refused by a publication gate (exit 3) as refused, with its run', async () => {
    const file = path.join(dir, 'empty.jsonl');
    await import('node:fs/promises').then((fs) => fs.writeFile(file, ''));
    const done = await finished(launcher.start({ country: 'pt', files: [file], dryRun: false, by: 'acct-1' }));
    expect(done).toMatchObject({ state: 'refused', exitCode: 3, runId: expect.any(String) });
  });

  it('reports a failed import with the child\'s own message', async () => {
    const job = launcher.start({ country: 'es', files: [path.join(dir, 'missing.jsonl')], dryRun: false, by: 'acct-1' });
    const done = await finished(job);
    expect(done.state).toBe('failed');
    expect(done.exitCode).toBe(1);
    expect(done.messages.join('\n')).toMatch(/missing\.jsonl/);
  });
});
