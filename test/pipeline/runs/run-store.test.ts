// Run history and the per-country lock: a killed run shows as failed, a live holder blocks with one line, a dead one is taken over.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireCountryLock, lockPath } from '../../../pipeline/runs/country-lock.ts';
import type { RunRecord } from '../../../pipeline/runs/run-record.ts';
import { readRun, saveRun } from '../../../pipeline/runs/run-store.ts';
import { hotel, lodging, writeLines } from '../../support/publication-kit.ts';
import { runRecord } from '../../support/run-records.ts';

let dir: string;
let dataDir: string;
let file: string;

/** A pid that is certainly dead: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodging-runs-'));
  dataDir = path.join(dir, 'data');
  file = writeLines(dir, 'es.jsonl', Array.from({ length: 12 }, (_, i) => hotel(`h${i}`)));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('run history', () => {
  it('records every run with files (size, SHA-256), runner, outcome, counts and gates; runs and runs show print it', async () => {
    const result = await lodging(dataDir, ['import', '--country', 'es', file]);
    expect(result.code).toBe(0);
    const listed = JSON.parse((await lodging(dataDir, ['runs', '--json'])).stdout) as RunRecord[];
    expect(listed).toHaveLength(1);
    const run = listed[0]!;
    expect(run).toMatchObject({ country: 'es', runner: 'in-process', outcome: 'published', dryRun: false, by: os.userInfo().username, pid: process.pid });
    expect(run.files).toEqual([{ name: 'es.jsonl', path: file, size: fs.statSync(file).size, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(run.counts).toMatchObject({ lines: 12, byStatus: { published: 12 } });
    expect(run.gates!.map((g) => [g.gate, g.status])).toEqual([
      ['zero-published', 'pass'],
      ['rejected-share', 'pass'],
      ['published-drop', 'skipped'],
      ['field-loss', 'skipped'],
    ]);
    const shown = await lodging(dataDir, ['runs', 'show', run.runId]);
    expect(shown.stdout).toContain(`run ${run.runId}  es  published`);
    expect(shown.stdout).toContain(`report: ${path.join(dataDir, 'runs', run.runId, 'report.html')}`);
    expect((await lodging(dataDir, ['runs', '--country', 'gb'])).stdout).toBe('no runs yet\n');
    const unknown = await lodging(dataDir, ['runs', 'show', 'no-such-run']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('lodging runs: no run "no-such-run" in the run history (see `lodging runs`)\n');
  }, 60_000);

  it('a run whose process died shows as failed on the next command, not running forever', async () => {
    const pid = await deadPid();
    const run = runRecord('20260101T000000000Z-dead01', { files: [], startedAt: '2026-01-01T00:00:00.000Z', pid, by: 'someone', outcome: 'running' });
    saveRun(dataDir, run);
    const listed = await lodging(dataDir, ['runs']);
    expect(listed.stdout).toMatch(/20260101T000000000Z-dead01\s+es\s+failed/);
    expect(readRun(dataDir, run.runId).error).toMatch(/^interrupted: process \d+ on .+ ended while the run was in progress/);
  });

  it('one import per country: a live holder makes a second one fail with one line naming its run; a dead holder is taken over', async () => {
    const held = acquireCountryLock(dataDir, 'es', 'run-holding-es', 'import');
    try {
      const second = await lodging(dataDir, ['import', '--country', 'es', file]);
      expect(second.code).toBe(1);
      expect(second.stderr).toBe(
        `lodging import: country es is busy: import run run-holding-es holds it (pid ${process.pid} on ${os.hostname()}, since ${held.holder.since}); try again when it ends\n`,
      );
      const rollback = await lodging(dataDir, ['rollback', '--country', 'es']);
      expect(rollback.stderr).toMatch(/^lodging rollback: country es is busy: import run run-holding-es holds it/);
      // Other countries are not held.
      expect((await lodging(dataDir, ['import', '--country', 'gb', writeLines(dir, 'gb.jsonl', [hotel('g1', { address: { city: 'Belfast' } })])])).code).toBe(0);
    } finally {
      held.release();
    }
    // A holder killed without releasing: its lock file stays, and the next import takes it over.
    fs.writeFileSync(lockPath(dataDir, 'es'), JSON.stringify({ pid: await deadPid(), host: os.hostname(), country: 'es', runId: 'killed-run', action: 'import', since: new Date().toISOString() }));
    const after = await lodging(dataDir, ['import', '--country', 'es', file]);
    expect(after.code, after.stderr).toBe(0);
    expect(fs.existsSync(lockPath(dataDir, 'es'))).toBe(false);
  }, 60_000);

  it('a killed import process: its run shows as failed and its lock does not block the next import', async () => {
    const big = writeLines(dir, 'big.jsonl', Array.from({ length: 30000 }, (_, i) => hotel(`b${i}`)));
    const child = spawn(process.execPath, ['bin/lodging.js', 'import', '--country', 'fr', big], {
      env: { ...process.env, LODGING_DATA_DIR: dataDir, LODGING_THREADS: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // Killed once it is reading (its progress says so), i.e. holding the lock with its run recorded.
    await new Promise<void>((resolve) => {
      let text = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (/import fr: reading/.test(text)) resolve();
      });
      child.once('exit', () => resolve());
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const runs = JSON.parse((await lodging(dataDir, ['runs', '--country', 'fr', '--json'])).stdout) as RunRecord[];
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: 'failed', pid: child.pid });
    const next = await lodging(dataDir, ['import', '--country', 'fr', writeLines(dir, 'fr.jsonl', [hotel('f1', { address: { city: 'Paris' } })])]);
    expect(next.code, next.stderr).toBe(0);
  }, 120_000);
});
