// Snapshots shared through a real nats-server: publish, follow, roll back, outages, races and a corrupted object, across replicas.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync } from 'node:zlib';
import path from 'node:path';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../api/server.ts';
import { parseConfig } from '../../platform/environment.ts';
import { createInProcessRunner } from '../../pipeline/jobs/in-process-runner.ts';
import { importWithGates } from '../../pipeline/publish/import-with-gates.ts';
import { openNatsSnapshotStore, type NatsSnapshotStore } from '../../pipeline/distribution/nats-snapshot-store.ts';
import { PointerMovedError } from '../../pipeline/publish/snapshot-store.ts';
import { objectOf } from '../../pipeline/distribution/stored-snapshot.ts';
import { snapshotPath } from '../../pipeline/snapshot/snapshot-paths.ts';
import { readCatalog } from '../../pipeline/snapshot/snapshot-catalog.ts';
import { ES_LISTINGS, toJsonl } from '../api/support/provider-listings.ts';
import { natsServerAvailable, startNatsServer, type TestNatsServer } from '../support/nats-server.ts';

const PREFIX = `t${randomBytes(4).toString('hex')}`;
const dirs: string[] = [];
const tempDir = async (name: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), `lodging-${name}-`));
  dirs.push(dir);
  return dir;
};

describe.runIf(natsServerAvailable())('snapshots distributed through NATS JetStream (replicas are separate in-process servers with their own data directories)', () => {
  let nats: TestNatsServer;
  let store: NatsSnapshotStore;
  let publisherDir: string;
  const replicas: { dir: string; server: RunningServer }[] = [];
  const storeConfig = () => ({ servers: nats.url, prefix: PREFIX, credsFile: null, tlsCaFile: null, allowUnsigned: true });

  const startReplica = async (dir: string): Promise<RunningServer> =>
    startServer(parseConfig({ LOG_LEVEL: 'silent', LODGING_DATA_DIR: dir, PORT: '0', LODGING_SNAPSHOT_STORE: nats.url, LODGING_NATS_PREFIX: PREFIX, LODGING_SNAPSHOT_UNSIGNED: 'allow' }), {
      refreshIntervalMs: 0,
      host: '127.0.0.1',
      shutdownGraceMs: 100,
    });

  const readyz = async (server: RunningServer) => {
    const response = await fetch(`${server.url}/readyz`);
    return { status: response.status, body: (await response.json()) as { snapshots: Record<string, { version: string; publishedAt: string }>; distribution?: { staleSince: string | null; caughtUp: boolean; problems: Record<string, { wanted: string; problem: string }> } } };
  };

  const until = async <T>(what: string, probe: () => Promise<T | null | false>, ms = 5_000): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe().catch(() => null);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const allServe = (version: string, ms = 5_000) =>
    until(`every replica serves ${version}`, async () => {
      const states = await Promise.all(replicas.map(({ server }) => readyz(server)));
      return states.every((s) => s.status === 200 && s.body.snapshots.es?.version === version) ? states : null;
    }, ms);

  let exportCount = 0;
  const publish = async (dataDir: string, through = store) => {
    exportCount += 1;
    const file = path.join(dataDir, `es-${exportCount}.jsonl`);
    await writeFile(file, toJsonl(ES_LISTINGS));
    const runner = createInProcessRunner({ threads: 0 });
    try {
      return await importWithGates({ country: 'es', files: [file], dataDir, runner, store: through, keep: 2 });
    } finally {
      await runner.close();
    }
  };

  beforeAll(async () => {
    nats = await startNatsServer();
    store = await openNatsSnapshotStore(storeConfig(), { keep: 2 });
    publisherDir = await tempDir('publisher');
    for (const name of ['a', 'b']) {
      const dir = await tempDir(`replica-${name}`);
      replicas.push({ dir, server: await startReplica(dir) });
    }
  }, 30_000);

  afterAll(async () => {
    for (const { server } of replicas) await server.close();
    await store?.close();
    await nats?.dispose();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('serves nothing before the first publish, then the published snapshot on both replicas, identically, within 5 s', async () => {
    expect((await readyz(replicas[0]!.server)).status).toBe(503);
    const first = await publish(publisherDir);
    expect(first.run.outcome).toBe('published');
    const states = await allServe(first.run.publishedVersion!);
    expect(states[0]!.body.snapshots.es).toEqual(states[1]!.body.snapshots.es);
    expect(fs.existsSync(snapshotPath(replicas[0]!.dir, 'es', first.run.publishedVersion!))).toBe(true);
  });

  it('brings a second publish to both, then a rollback back to both within 5 s (recorded as a run event)', async () => {
    const before = (await store.pointer('es')).stored!.entry.version;
    const second = await publish(publisherDir);
    await allServe(second.run.publishedVersion!);
    const rolled = await store.rollback(publisherDir, 'es', { actor: 'test' });
    expect(rolled.to.version).toBe(before);
    await allServe(before);
    expect((await store.runs(publisherDir).read(rolled.to.runId)).events.some((e) => e.what === 'served again after a rollback')).toBe(true);
    const listed = await store.list(publisherDir, 'es');
    expect(listed.find((s) => s.current)?.version).toBe(before);
  });

  it('has every live replica fetch an announced snapshot before the pointer moves, so the move costs each a swap', async () => {
    const next = await publish(publisherDir);
    const version = next.run.publishedVersion!;
    await allServe(version);
    const nc = await connect({ servers: nats.url });
    try {
      const pointers = await nc.jetstream().views.kv(`${PREFIX}-pointers`);
      const moved = (await pointers.get('current.es'))!;
      expect((moved.json() as { entry: { version: string } }).entry.version).toBe(version);
      for (const { dir } of replicas) {
        // Written (downloaded, checked) before JetStream stored the pointer's move.
        expect(fs.statSync(snapshotPath(dir, 'es', version)).mtimeMs).toBeLessThanOrEqual(moved.created.getTime());
      }
      expect((await pointers.get('stage.es'))?.operation).not.toBe('PUT'); // the announcement is spent
    } finally {
      await nc.close();
    }
  });

  it('waits for a replica that stopped answering only until LODGING_NATS_STAGE_WAIT_S runs out', async () => {
    const nc = await connect({ servers: nats.url });
    const patient = await openNatsSnapshotStore({ ...storeConfig(), stageWaitMs: 1_500 }, { keep: 2 });
    try {
      const presences = await nc.jetstream().views.kv(`${PREFIX}-replicas`);
      await presences.put('live.ghost', new TextEncoder().encode('{}')); // a machine that vanished without leaving
      const started = Date.now();
      const next = await publish(publisherDir, patient);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
      expect((await store.pointer('es')).stored!.entry.version).toBe(next.run.publishedVersion);
      await presences.purge('live.ghost');
      await allServe(next.run.publishedVersion!);
    } finally {
      await patient.close();
      await nc.close();
    }
  }, 30_000);

  it('keeps LODGING_KEEP_SNAPSHOTS in the store, never the current one nor its rollback target', async () => {
    const current = (await store.pointer('es')).stored!.entry.version;
    const third = await publish(publisherDir);
    const listed = (await store.list(publisherDir, 'es')).map((s) => s.version);
    expect(listed).toContain(third.run.publishedVersion);
    expect(listed).toContain(current);
    expect(listed.length).toBeLessThanOrEqual(3);
    await allServe(third.run.publishedVersion!);
  });

  it('lets one of two concurrent publishers win; the other is told and its candidate stays held', async () => {
    const other = await openNatsSnapshotStore(storeConfig(), { keep: 2 });
    const secondDir = await tempDir('publisher-2');
    try {
      const results = await Promise.allSettled([publish(publisherDir), publish(secondDir, other)]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toBeInstanceOf(PointerMovedError);
      expect(String(lost[0]!.reason.message)).toMatch(/another publisher moved the snapshot pointer first/);
      const loserDir = results[0]!.status === 'rejected' ? publisherDir : secondDir;
      expect(readCatalog(loserDir, 'es')?.held).toHaveLength(1);
      const winner = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof publish>>>).value.run.publishedVersion!;
      expect((await store.pointer('es')).stored!.entry.version).toBe(winner);
      await allServe(winner);
    } finally {
      await other.close();
    }
  }, 30_000);

  it('never serves an object whose digest differs from the pointer, and says so in /readyz', async () => {
    const thirdDir = await tempDir('publisher-3');
    const next = await publish(thirdDir);
    const stored = (await store.pointer('es')).stored!;
    expect(stored.entry.version).toBe(next.run.publishedVersion);
    expect(stored.encoding).toBe('br');
    // The same object name, other bytes of the same size (compressed as the store keeps them): what a damaged store would hand out.
    const nc = await connect({ servers: nats.url });
    const os = await nc.jetstream().views.os(`${PREFIX}-snapshots`);
    await os.putBlob({ name: objectOf(stored) }, brotliCompressSync(randomBytes(stored.size)));
    const late = await tempDir('replica-late');
    const server = await startReplica(late);
    try {
      const state = await until('the late replica reports the mismatch', async () => {
        const s = await readyz(server);
        return s.body.distribution?.problems.es ? s : null;
      }, 10_000);
      expect(state.status).toBe(503);
      expect(state.body.distribution!.problems.es!.problem).toMatch(/digest/);
      expect(fs.existsSync(snapshotPath(late, 'es', stored.entry.version))).toBe(false);
      // Repaired: the right bytes again, and the replica serves the current snapshot.
      // Bytes that do not expand at all: not served either.
      // (Text, not random bytes: a few random buffers in a hundred read as a valid, empty brotli stream.)
      await os.putBlob({ name: objectOf(stored) }, Buffer.from('these bytes are no brotli stream '.repeat(100)));
      await until('the late replica reports bytes that do not expand', async () => /does not expand/.test((await readyz(server)).body.distribution?.problems.es?.problem ?? ''), 10_000);
      expect(fs.existsSync(snapshotPath(late, 'es', stored.entry.version))).toBe(false);
      await os.putBlob({ name: objectOf(stored) }, brotliCompressSync(fs.readFileSync(snapshotPath(thirdDir, 'es', stored.entry.version))));
      await until('the late replica serves it once repaired', async () => (await readyz(server)).body.snapshots.es?.version === stored.entry.version, 10_000);
    } finally {
      await server.close();
      await nc.close();
    }
  }, 40_000);

  it('catches up a restarted replica before /readyz says ready', async () => {
    const b = replicas[1]!;
    await b.server.close();
    const next = await publish(publisherDir);
    b.server = await startReplica(b.dir);
    await allServe(next.run.publishedVersion!);
  }, 30_000);

  it('keeps serving while NATS is down (stale since), an empty replica is not ready, and all catch up after NATS returns', async () => {
    const served = (await store.pointer('es')).stored!.entry.version;
    await nats.stop();
    for (const { server } of replicas) {
      const state = await until('stale', async () => {
        const s = await readyz(server);
        return s.body.distribution?.staleSince ? s : null;
      }, 15_000);
      expect(state.status).toBe(200);
      expect(state.body.snapshots.es?.version).toBe(served);
    }
    const empty = await startReplica(await tempDir('replica-empty'));
    try {
      expect((await readyz(empty)).status).toBe(503);
    } finally {
      await empty.close();
    }
    await nats.start();
    const next = await until('a publish once NATS is back', async () => publish(publisherDir), 20_000);
    await allServe(next.run.publishedVersion!, 15_000);
    for (const { server } of replicas) expect((await readyz(server)).body.distribution?.staleSince).toBeNull();
  }, 90_000);
});
