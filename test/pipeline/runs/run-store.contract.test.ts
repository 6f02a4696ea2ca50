// One contract for the run history: files in the data directory and NATS JetStream (shared by every machine) save, read, update, list and keep reports alike.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openNatsSnapshotStore, type NatsSnapshotStore } from '../../../pipeline/distribution/nats-snapshot-store.ts';
import { fileRunStore, UnknownRunError, type RunStore } from '../../../pipeline/runs/run-store.ts';
import { snapshotsDir } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { natsServerAvailable, startNatsServer, type TestNatsServer } from '../../support/nats-server.ts';
import { runRecord } from '../../support/run-records.ts';

const run = runRecord;

/** A pid that is certainly dead: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodging-runstore-'));
  dirs.push(dir);
  return dir;
}

/** `a` and `b`: two views of one history (two machines when it is shared; one data directory when it is not). */
function contract(name: string, open: () => Promise<{ a: RunStore; b: RunStore; done: () => Promise<void> }>) {
  describe(name, () => {
    let a: RunStore;
    let b: RunStore;
    let done: () => Promise<void>;
    beforeEach(async () => {
      ({ a, b, done } = await open());
    });
    afterEach(async () => done());

    it('reads back what the other view saved; an unknown or malformed id is UnknownRunError', async () => {
      await a.save(run('r1', { outcome: 'refused', events: [{ at: '2026-11-26T10:00:01Z', what: 'refused', by: 'tester' }] }));
      expect(await b.read('r1')).toMatchObject({ runId: 'r1', outcome: 'refused', events: [{ what: 'refused' }] });
      await expect(b.read('r2')).rejects.toBeInstanceOf(UnknownRunError);
      await expect(b.read('../etc')).rejects.toBeInstanceOf(UnknownRunError);
      await expect(b.read('a b')).rejects.toBeInstanceOf(UnknownRunError);
    });

    it('lists newest first, by country', async () => {
      await a.save(run('r1'));
      await a.save(run('r3', { country: 'pt' }));
      await b.save(run('r2'));
      expect((await b.list()).map((r) => r.runId)).toEqual(['r3', 'r2', 'r1']);
      expect((await a.list({ country: 'es' })).map((r) => r.runId)).toEqual(['r2', 'r1']);
      expect(await a.list({ country: 'gb' })).toEqual([]);
    });

    it('loses no change when both views update one run at once', async () => {
      await a.save(run('r1'));
      await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).update('r1', (r) => r.events.push({ at: `t${i}`, what: `event ${i}`, by: 'tester' }))));
      expect((await a.read('r1')).events.map((e) => e.what).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `event ${i}`));
      await expect(a.update('nope', () => undefined)).rejects.toBeInstanceOf(UnknownRunError);
    });

    it('records a run whose process died while running as failed, for every reader', async () => {
      await a.save(run('r1', { outcome: 'running', pid: await deadPid() }));
      const seen = await b.read('r1');
      expect(seen).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/^interrupted: process \d+ on .+ ended while the run was in progress/) });
      expect((await a.list())[0]).toMatchObject({ runId: 'r1', outcome: 'failed' });
      expect((await a.read('r1')).events.filter((e) => e.what === 'failed')).toHaveLength(1);
      // A live process's run is left running.
      await a.save(run('r2', { outcome: 'running' }));
      expect((await b.read('r2')).outcome).toBe('running');
    });

    it('keeps the report: JSON for the use cases, the page as a file of the reader', async () => {
      expect(await b.readReport('r1')).toBeNull();
      expect(await b.reportFile('r1')).toBeNull();
      await a.save(run('r1'));
      await a.saveReport('r1', { runId: 'r1', outcome: 'published' }, '<!doctype html><title>r1</title>');
      expect(await b.readReport('r1')).toEqual({ runId: 'r1', outcome: 'published' });
      const file = await b.reportFile('r1');
      expect(fs.readFileSync(file!, 'utf8')).toBe('<!doctype html><title>r1</title>');
      // Saved again (a held run published later): every reader sees the new one.
      await b.saveReport('r1', { runId: 'r1', outcome: 'published', again: true }, '<!doctype html><title>again</title>');
      expect(await a.readReport('r1')).toMatchObject({ again: true });
      expect(fs.readFileSync((await a.reportFile('r1'))!, 'utf8')).toBe('<!doctype html><title>again</title>');
    });
  });
}

contract('run history in the data directory', async () => {
  const dataDir = tempDir();
  return { a: fileRunStore(dataDir), b: fileRunStore(dataDir), done: async () => undefined };
});

describe.runIf(natsServerAvailable())('on a real nats-server', () => {
  let nats: TestNatsServer;
  const stores: NatsSnapshotStore[] = [];
  beforeAll(async () => {
    nats = await startNatsServer();
  }, 30_000);
  afterAll(async () => {
    for (const store of stores) await store.close();
    await nats?.dispose();
  });
  /** One connection per machine, as each process has its own. */
  const machine = async (prefix: string) => {
    const store = await openNatsSnapshotStore({ servers: nats.url, prefix, credsFile: null, tlsCaFile: null, allowUnsigned: true }, { keep: 3 });
    stores.push(store);
    return store;
  };

  contract('run history on NATS JetStream', async () => {
    const prefix = `runs${randomBytes(4).toString('hex')}`;
    const [one, two] = [await machine(prefix), await machine(prefix)];
    return { a: one.runs(tempDir()), b: two.runs(tempDir()), done: async () => undefined };
  });

  it('hands a held candidate to another machine (its digest checked), and forgets it once dropped', async () => {
    const prefix = `cand${randomBytes(4).toString('hex')}`;
    const [builderDir, reviewerDir, thirdDir] = [tempDir(), tempDir(), tempDir()];
    const builder = (await machine(prefix)).runs(builderDir);
    const reviewer = (await machine(prefix)).runs(reviewerDir);
    const relative = 'es/es-20261126T100000000Z-abcdef.sqlite';
    const bytes = randomBytes(300_000);
    fs.mkdirSync(path.join(snapshotsDir(builderDir), 'es'), { recursive: true });
    fs.writeFileSync(path.join(snapshotsDir(builderDir), relative), bytes);
    const held = run('r1', { outcome: 'dry-run', candidate: { version: '20261126T100000000Z-abcdef', file: relative, publishedCount: 3, heldUntil: '2099-01-01T00:00:00.000Z' } });
    await builder.save(held);
    expect(await builder.fetchCandidate(held)).toBe(true);
    expect(await reviewer.fetchCandidate(held)).toBe(false);

    await builder.shareCandidate(held);
    expect(await reviewer.fetchCandidate(held)).toBe(true);
    expect(fs.readFileSync(path.join(snapshotsDir(reviewerDir), relative)).equals(bytes)).toBe(true);
    // Held on the reviewer's machine too, so its pruning leaves the file alone until it is published or released.
    const catalog = JSON.parse(fs.readFileSync(path.join(snapshotsDir(reviewerDir), 'es', 'catalog.json'), 'utf8')) as { held: { version: string }[] };
    expect(catalog.held.map((h) => h.version)).toEqual(['20261126T100000000Z-abcdef']);

    // A damaged object (other bytes under its name) is refused, never used as the candidate.
    const damagedDir = tempDir();
    const nc = (await machine(prefix)).connection;
    await (await nc.jetstream().views.os(`${prefix}-run-files`)).putBlob({ name: 'candidate.r1' }, randomBytes(bytes.length));
    await expect((await machine(prefix)).runs(damagedDir).fetchCandidate(held)).rejects.toThrow(/does not match its digest/);
    expect(fs.readdirSync(path.join(snapshotsDir(damagedDir), 'es'))).toEqual([]);

    await reviewer.dropCandidate(held);
    expect(await (await machine(prefix)).runs(thirdDir).fetchCandidate(held)).toBe(false);
    expect(fs.existsSync(snapshotsDir(thirdDir))).toBe(false);
  });

  it("keeps a run's records file with the run, compressed, for a machine that fetches it, also once its candidate is dropped", async () => {
    const prefix = `recs${randomBytes(4).toString('hex')}`;
    const [builderDir, reviewerDir, laterDir] = [tempDir(), tempDir(), tempDir()];
    const builder = (await machine(prefix)).runs(builderDir);
    const relative = 'es/es-20261126T110000000Z-abcdef.sqlite';
    const recordsFile = (dir: string) => path.join(snapshotsDir(dir), 'es', 'es-20261126T110000000Z-abcdef.records.sqlite');
    const records = Buffer.from('es-1 published [] {"name":"Hostal"}\n'.repeat(20_000));
    fs.mkdirSync(path.join(snapshotsDir(builderDir), 'es'), { recursive: true });
    fs.writeFileSync(path.join(snapshotsDir(builderDir), relative), randomBytes(1000));
    fs.writeFileSync(recordsFile(builderDir), records);
    const held = run('r2', { outcome: 'dry-run', candidate: { version: '20261126T110000000Z-abcdef', file: relative, publishedCount: 3, heldUntil: '2099-01-01T00:00:00.000Z' } });
    await builder.save(held);
    expect(await (await machine(prefix)).runs(reviewerDir).fetchRecords('r2', relative)).toBe(false);

    await builder.shareCandidate(held);
    const reviewer = (await machine(prefix)).runs(reviewerDir);
    expect(await reviewer.fetchCandidate(held)).toBe(true);
    expect(fs.readFileSync(recordsFile(reviewerDir)).equals(records)).toBe(true);
    const stored = await (await (await machine(prefix)).connection.jetstream().views.os(`${prefix}-run-files`)).info('records.r2');
    expect(stored!.size).toBeLessThan(records.length / 5);

    await reviewer.dropCandidate(held);
    const later = (await machine(prefix)).runs(laterDir);
    expect(await later.fetchCandidate(held)).toBe(false);
    expect(await later.fetchRecords('r2', relative)).toBe(true);
    expect(fs.readFileSync(recordsFile(laterDir)).equals(records)).toBe(true);
  });
});
