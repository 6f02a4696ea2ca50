// Machines as processes on one nats-server, run as production runs them (NODE_ENV=production, signed records): two `lodging serve`
// replicas with empty data directories follow what a third process's `lodging import` and `lodging rollback` do to the shared
// store, and a fourth publishes what the third held.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNatsSnapshotStore, type NatsSnapshotStore } from '../../pipeline/distribution/nats-snapshot-store.ts';
import { ES_LISTINGS, IDS, toJsonl } from '../api/support/provider-listings.ts';
import { natsServerAvailable, startNatsServer, type TestNatsServer } from '../support/nats-server.ts';
import { writeSnapshotKeyPair } from '../support/snapshot-key-pair.ts';

const PREFIX = `m${randomBytes(4).toString('hex')}`;
const DEADLINE_MS = 30_000;

interface Replica {
  child: ChildProcess;
  url: string;
  key: string;
  exited: Promise<number | null>;
}

describe.runIf(natsServerAvailable())('snapshot distribution across processes (two serve replicas, a third process imports and rolls back)', () => {
  let nats: TestNatsServer;
  let store: NatsSnapshotStore;
  const dirs: string[] = [];
  const replicas: Replica[] = [];
  let publisherDir: string;

  const tempDir = async (name: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), `lodging-mp-${name}-`));
    dirs.push(dir);
    return dir;
  };
  let signingKey: string;
  let verifyKey: string;
  /**
   * What every process of the deployment shares: the store and its prefix, production mode, the public key; no Redis.
   * A publishing machine (import, rollback, publish) holds the signing key too, a replica never.
   */
  const sharedEnv = (dataDir: string, role: 'publisher' | 'replica' = 'publisher'): NodeJS.ProcessEnv => ({
    ...process.env,
    LODGING_DATA_DIR: dataDir,
    LODGING_SNAPSHOT_STORE: nats.url,
    LODGING_NATS_PREFIX: PREFIX,
    LODGING_SNAPSHOT_UNSIGNED: '',
    LODGING_SNAPSHOT_VERIFY_KEY: verifyKey,
    LODGING_SNAPSHOT_SIGNING_KEY: role === 'publisher' ? signingKey : '',
    REDIS_URL: '',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    LODGING_RUNTIME: 'compiled',
    // One address for both, as behind a load balancer: their answers are then the same bytes.
    LODGING_PUBLIC_URL: 'http://lodging.test',
  });

  /** An account and an API key in the replica's data directory, as an operator makes them in production (no development key there). */
  const replicaKey = async (dataDir: string): Promise<string> => {
    const email = `replica-${path.basename(dataDir)}@example.org`.toLowerCase();
    const account = await lodging(['accounts', 'create', '--email', email], dataDir, 'replica');
    expect(account.code, account.stdout + account.stderr).toBe(0);
    const created = await lodging(['keys', 'create', '--account', email, '--name', 'replica test', '--json'], dataDir, 'replica');
    expect(created.code, created.stdout + created.stderr).toBe(0);
    return (JSON.parse(created.stdout) as { secret: string }).secret;
  };

  const startReplica = async (dataDir: string, key: string): Promise<Replica> => {
    const child = spawn(process.execPath, ['bin/lodging.js', 'serve', '--port', '0', '--host', '127.0.0.1', '--processes', '1'], { env: sharedEnv(dataDir, 'replica'), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + DEADLINE_MS;
    while (!/listening on (\S+)/.test(stdout)) {
      if (child.exitCode !== null) throw new Error(`serve exited early: ${stdout}${stderr}`);
      if (Date.now() > deadline) throw new Error(`serve did not start: ${stdout}${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return { child, exited, url: /listening on (\S+)/.exec(stdout)![1]!, key };
  };

  /** A command of the third machine (or of another, by its data directory), to its end. */
  const lodging = async (args: string[], dataDir = publisherDir, role: 'publisher' | 'replica' = 'publisher'): Promise<{ code: number | null; stdout: string; stderr: string }> => {
    const child = spawn(process.execPath, ['bin/lodging.js', ...args], { env: sharedEnv(dataDir, role), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    return { code, stdout, stderr };
  };

  let exports = 0;
  const importExport = async (listings: typeof ES_LISTINGS): Promise<string> => {
    exports += 1;
    const file = path.join(publisherDir, `es-export-${exports}.jsonl`);
    await writeFile(file, toJsonl(listings));
    const done = await lodging(['import', '--country', 'es', file]);
    expect(done.code, done.stdout + done.stderr).toBe(0);
    return (await store.pointer('es')).stored!.entry.version;
  };

  const readyz = async (r: Replica) => {
    const res = await fetch(`${r.url}/readyz`);
    return { status: res.status, body: (await res.json()) as { snapshots: Record<string, { version: string }>; distribution?: { signatures: string } } };
  };
  const place = async (r: Replica, id: string) => {
    const res = await fetch(`${r.url}/api/v1/places/${encodeURIComponent(id)}`, { headers: { 'X-API-Key': r.key } });
    return { status: res.status, body: res.status === 200 ? ((await res.json()) as Record<string, unknown>) : null };
  };

  /** These replicas ready on `version` (polled up to the deadline). */
  const serve = async (version: string, which: readonly Replica[]) => {
    const deadline = Date.now() + DEADLINE_MS;
    for (;;) {
      const states = await Promise.all(which.map((r) => readyz(r).catch(() => null)));
      if (states.every((s) => s?.status === 200 && s.body.snapshots.es?.version === version)) return;
      if (Date.now() > deadline) throw new Error(`not every replica serves ${version} within ${DEADLINE_MS} ms: ${JSON.stringify(states)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  /** Both replicas ready on `version`. */
  const bothServe = (version: string) => serve(version, replicas);

  beforeAll(async () => {
    // Build dist/ once, before three processes would each find it stale.
    const built = spawnSync(process.execPath, ['bin/compiled-build.js'], { encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`build failed: ${built.stdout}${built.stderr}`);
    nats = await startNatsServer();
    ({ signingKey, verifyKey } = await writeSnapshotKeyPair(await tempDir('keys')));
    // The test's own reader of the shared pointers: it publishes nothing.
    store = await openNatsSnapshotStore({ servers: nats.url, prefix: PREFIX, credsFile: null, tlsCaFile: null, verifyKeyFiles: [verifyKey] }, { keep: 5 });
    publisherDir = await tempDir('importer');
    for (const name of ['a', 'b']) {
      const dir = await tempDir(`replica-${name}`);
      replicas.push(await startReplica(dir, await replicaKey(dir)));
    }
  }, 180_000);

  afterAll(async () => {
    for (const r of replicas) {
      r.child.kill('SIGTERM');
      await r.exited;
    }
    await store?.close();
    await nats?.dispose();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }, 30_000);

  const first = ES_LISTINGS.filter((l) => `es-${String(l.providerId)}` !== IDS.hostal);
  let firstVersion: string;

  it('is not ready before any publish; an import on a third process reaches both replicas, which answer alike', async () => {
    for (const r of replicas) expect((await readyz(r)).status).toBe(503);
    firstVersion = await importExport(first);
    await bothServe(firstVersion);
    // Signed, as production runs: the pointer record carries the publisher's signature, and the replicas verify it.
    expect((await store.pointer('es')).stored!.signature?.sequence).toBeGreaterThan(0);
    for (const r of replicas) expect((await readyz(r)).body.distribution?.signatures).toBe('verified');
    const answers = await Promise.all(replicas.map((r) => place(r, IDS.mint)));
    expect(answers[0]!.status).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
    for (const r of replicas) expect((await place(r, IDS.hostal)).status).toBe(404);
  }, 90_000);

  it('brings a second import to both', async () => {
    const second = await importExport(ES_LISTINGS);
    expect(second).not.toBe(firstVersion);
    await bothServe(second);
    const answers = await Promise.all(replicas.map((r) => place(r, IDS.hostal)));
    expect(answers[0]!.status).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
  }, 90_000);

  it('brings `lodging rollback` run on the third process to both', async () => {
    const done = await lodging(['rollback', '--country', 'es']);
    expect(done.code, done.stdout + done.stderr).toBe(0);
    expect(done.stdout).toContain(`now serves snapshot ${firstVersion}`);
    expect((await store.pointer('es')).stored!.entry.version).toBe(firstVersion);
    await bothServe(firstVersion);
    for (const r of replicas) expect((await place(r, IDS.hostal)).status).toBe(404);
  }, 90_000);

  it('lets a fourth machine, with an empty data directory, list and publish a dry run the third one held; both replicas serve it', async () => {
    const file = path.join(publisherDir, 'es-dry.jsonl');
    await writeFile(file, toJsonl(ES_LISTINGS));
    const dry = await lodging(['import', '--country', 'es', '--dry-run', file]);
    expect(dry.code, dry.stdout + dry.stderr).toBe(0);
    const reviewer = await tempDir('reviewer');
    const listed = await lodging(['runs', '--country', 'es', '--json'], reviewer);
    const held = (JSON.parse(listed.stdout) as { runId: string; outcome: string; candidate: { version: string } }[]).find((r) => r.outcome === 'dry-run')!;
    expect(held).toBeDefined();
    const shown = await lodging(['runs', 'show', held.runId], reviewer);
    expect(shown.stdout).toContain(`run ${held.runId}  es  dry-run (held)`);
    expect(shown.stdout).toContain(`report: ${path.join(reviewer, 'runs', held.runId, 'report.html')}`);
    const published = await lodging(['publish', held.runId, '--force', '--reason', 'reviewed on another machine'], reviewer);
    expect(published.code, published.stdout + published.stderr).toBe(0);
    expect((await store.pointer('es')).stored!.entry.version).toBe(held.candidate.version);
    await bothServe(held.candidate.version);
    for (const r of replicas) expect((await place(r, IDS.hostal)).status).toBe(200);
    // The third machine reads the same history.
    expect((await lodging(['runs', 'show', held.runId])).stdout).toContain(`run ${held.runId}  es  published`);
  }, 120_000);

  it('waits for a killed replica only until its presence lapses; restarted, it catches up before it says ready', async () => {
    const killed = replicas[1]!;
    const dir = dirs.find((d) => d.includes('replica-b'))!;
    killed.child.kill('SIGKILL'); // no goodbye: its presence stays until it lapses
    await killed.exited;
    const next = await importExport(first);
    // The live replica fetched the version before the pointer moved; it swaps as it sees the move, a moment after.
    await serve(next, [replicas[0]!]);
    const presences = await store.connection.jetstream().views.kv(`${PREFIX}-replicas`);
    const live: string[] = [];
    for await (const key of await presences.keys('live.>')) live.push(key);
    expect(live).toHaveLength(1); // replica a's; b's lapsed, which is what let the publish go on
    replicas[1] = await startReplica(dir, killed.key);
    await bothServe(next);
    // The publish waits out the killed replica's presence (15 s) and a cold start follows: generous on a loaded machine.
  }, 240_000);
});
