// Held candidates live 7 days or until a newer import publishes; the pruner keeps LODGING_KEEP_SNAPSHOTS published ones and every held one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expireHeld } from '../../../pipeline/runs/held-candidates.ts';
import { listSnapshots } from '../../../pipeline/publish/rollback.ts';
import { fileRunStore, readRun } from '../../../pipeline/runs/run-store.ts';
import { protectedSnapshotVersions } from '../../../pipeline/snapshot/protected-snapshots.ts';
import { countryDir } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { hotel, lodging, writeLines } from '../../support/publication-kit.ts';

let dir: string;
let dataDir: string;
const env = { LODGING_KEEP_SNAPSHOTS: '2' };
const sqliteFiles = () => fs.readdirSync(countryDir(dataDir, 'es')).filter((n) => n.endsWith('.sqlite') && !n.endsWith('.records.sqlite')).sort();
const runIdOf = (stdout: string) => /^Import (\S+) /m.exec(stdout)![1]!;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodging-held-'));
  dataDir = path.join(dir, 'data');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function importOk(n: number): Promise<string> {
  const result = await lodging(dataDir, ['import', '--country', 'es', writeLines(dir, `ok-${n}.jsonl`, Array.from({ length: 10 }, (_, i) => hotel(`h${i}`, { name: `Hotel ${i} v${n}` })))], env);
  expect(result.code, result.stderr).toBe(0);
  return runIdOf(result.stdout);
}

describe('kept snapshots and held candidates', () => {
  it('keeps the last LODGING_KEEP_SNAPSHOTS published snapshots and every held candidate; a newer publish supersedes held ones', async () => {
    await importOk(1);
    const refused = await lodging(dataDir, ['import', '--country', 'es', writeLines(dir, 'empty.jsonl', [])], env);
    expect(refused.code).toBe(3);
    const heldRun = readRun(dataDir, runIdOf(refused.stdout));
    await importOk(2);
    // The refused run was superseded by the newer publish, its file pruned.
    expect(readRun(dataDir, heldRun.runId).outcome).toBe('superseded');
    expect(sqliteFiles()).not.toContain(path.basename(heldRun.candidate!.file));

    const dry = await lodging(dataDir, ['import', '--country', 'es', '--dry-run', writeLines(dir, 'dry.jsonl', [hotel('x')])], env);
    expect(dry.code).toBe(0);
    const dryRun = readRun(dataDir, runIdOf(dry.stdout));
    // Two more publishes would prune beyond 2 kept... but the dry run's candidate is held until one of them publishes.
    expect(protectedSnapshotVersions(dataDir, 'es', { keep: 2 }).has(dryRun.candidate!.version)).toBe(true);
    await importOk(3);
    await importOk(4);
    const kept = listSnapshots(dataDir, 'es');
    expect(kept).toHaveLength(2);
    expect(kept[0]!.current).toBe(true);
    expect(sqliteFiles()).toEqual(kept.map((s) => path.basename(s.file)).sort());
    expect(readRun(dataDir, dryRun.runId).outcome).toBe('superseded');
  }, 60_000);

  it('a held candidate expires after 7 days: expired, its file pruned, publish refuses it', async () => {
    await importOk(1);
    const refused = await lodging(dataDir, ['import', '--country', 'es', writeLines(dir, 'empty.jsonl', [])], env);
    const run = readRun(dataDir, runIdOf(refused.stdout));
    expect(sqliteFiles()).toContain(path.basename(run.candidate!.file));
    expect(await expireHeld(fileRunStore(dataDir), dataDir, 'es', Date.now() + 6 * 24 * 3600 * 1000)).toEqual([]);
    expect((await expireHeld(fileRunStore(dataDir), dataDir, 'es', Date.now() + 7 * 24 * 3600 * 1000 + 1000)).map((r) => r.runId)).toEqual([run.runId]);
    expect(readRun(dataDir, run.runId).outcome).toBe('expired');
    expect(sqliteFiles()).not.toContain(path.basename(run.candidate!.file));
    const publish = await lodging(dataDir, ['publish', run.runId, '--force', '--reason', 'too late']);
    expect(publish.code).toBe(1);
    expect(publish.stderr).toMatch(/has no held candidate \(it is expired\)/);
  }, 60_000);
});
