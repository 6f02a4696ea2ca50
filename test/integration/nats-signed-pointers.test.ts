// Signed pointer records on a real nats-server: forged, foreign-key, older, other-country and other-prefix records are never served; keys rotate in order.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type KV, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../api/server.ts';
import { parseConfig, type NatsStoreConfig } from '../../platform/environment.ts';
import { createInProcessRunner } from '../../pipeline/jobs/in-process-runner.ts';
import { importWithGates } from '../../pipeline/publish/import-with-gates.ts';
import { openNatsSnapshotStore, type NatsSnapshotStore } from '../../pipeline/distribution/nats-snapshot-store.ts';
import { loadSigningKey, signRecord } from '../../pipeline/distribution/pointer-signature.ts';
import type { StoredSnapshot } from '../../pipeline/distribution/stored-snapshot.ts';
import { machineOf } from '../../pipeline/distribution/snapshot-replica.ts';
import { snapshotPath } from '../../pipeline/snapshot/snapshot-paths.ts';
import { runSnapshotKeysCommand } from '../../pipeline/cli/snapshot-keys-command.ts';
import { ES_LISTINGS, toJsonl } from '../api/support/provider-listings.ts';
import { natsServerAvailable, startNatsServer, type TestNatsServer } from '../support/nats-server.ts';
import { writeSnapshotKeyPair } from '../support/snapshot-key-pair.ts';

const PREFIX = `s${randomBytes(4).toString('hex')}`;

interface Readyz {
  snapshots: Record<string, { version: string }>;
  distribution?: { signatures: string; caughtUp: boolean; problems: Record<string, { wanted: string; problem: string }> };
}

describe.runIf(natsServerAvailable())('signed pointer records on NATS JetStream (a replica verifies every record before acting on it)', () => {
  let nats: TestNatsServer;
  let nc: NatsConnection;
  let pointers: KV;
  let keysDir: string;
  let publisherDir: string;
  let replicaDir: string;
  let publisher: NatsSnapshotStore;
  let replica: RunningServer;
  const dirs: string[] = [];
  const key = (name: string, half: 'pem' | 'pub') => path.join(keysDir, `${name}.${half}`);

  const storeConfig = (signingKey: string | null, verify: string[] = []): NatsStoreConfig => ({
    servers: nats.url,
    prefix: PREFIX,
    credsFile: null,
    tlsCaFile: null,
    signingKeyFile: signingKey,
    verifyKeyFiles: verify,
    stageWaitMs: 0,
  });

  const startReplica = (verifyKeys: string[]): Promise<RunningServer> =>
    startServer(
      parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', LODGING_DATA_DIR: replicaDir, PORT: '0', LODGING_SNAPSHOT_STORE: nats.url, LODGING_NATS_PREFIX: PREFIX, LODGING_SNAPSHOT_VERIFY_KEY: verifyKeys.join(',') }),
      { refreshIntervalMs: 0, host: '127.0.0.1', shutdownGraceMs: 100 },
    );

  const readyz = async (): Promise<{ status: number; body: Readyz }> => {
    const response = await fetch(`${replica.url}/readyz`);
    return { status: response.status, body: (await response.json()) as Readyz };
  };

  const until = async <T>(what: string, probe: () => Promise<T | null | false>, ms = 10_000): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe().catch(() => null);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const serves = (version: string) => until(`the replica serves ${version}`, async () => ((await readyz()).body.snapshots.es?.version === version ? true : null));

  /** Waits until /readyz names the problem, then checks the replica is still ready and still serves `version`. */
  const refusesAndKeeps = async (problem: RegExp, version: string) => {
    const state = await until(`the replica reports ${problem}`, async () => {
      const s = await readyz();
      // Ready too: a replica just restarted names the problem during its first pass, before it says it caught up.
      return problem.test(s.body.distribution?.problems.es?.problem ?? '') && s.status === 200 ? s : null;
    });
    expect(state.status).toBe(200);
    expect(state.body.snapshots.es?.version).toBe(version);
    expect(state.body.distribution?.signatures).toBe('verified');
  };

  let exportCount = 0;
  const publish = async (through: NatsSnapshotStore): Promise<string> => {
    exportCount += 1;
    const file = path.join(publisherDir, `es-${exportCount}.jsonl`);
    // Each export differs a little, so each publish is a new snapshot.
    await writeFile(file, toJsonl(ES_LISTINGS.slice(0, ES_LISTINGS.length - (exportCount % 2))));
    const runner = createInProcessRunner({ threads: 0 });
    try {
      const result = await importWithGates({ country: 'es', files: [file], dataDir: publisherDir, runner, store: through, keep: 5, thresholds: { maxRejectedShare: 1, maxDrop: 1, maxFieldLoss: 1 } });
      expect(result.run.outcome).toBe('published');
      return result.run.publishedVersion!;
    } finally {
      await runner.close();
    }
  };

  const currentRecord = async (): Promise<StoredSnapshot> => (await pointers.get('current.es'))!.json<StoredSnapshot>();
  const putCurrent = async (record: unknown) => pointers.put('current.es', new TextEncoder().encode(JSON.stringify(record)));

  beforeAll(async () => {
    nats = await startNatsServer();
    nc = await connect({ servers: nats.url });
    keysDir = await mkdtemp(path.join(tmpdir(), 'lodging-keys-'));
    publisherDir = await mkdtemp(path.join(tmpdir(), 'lodging-signer-'));
    replicaDir = await mkdtemp(path.join(tmpdir(), 'lodging-verifier-'));
    dirs.push(keysDir, publisherDir, replicaDir);
    for (const name of ['a', 'b', 'c']) {
      await writeSnapshotKeyPair(keysDir, name);
    }
    publisher = await openNatsSnapshotStore(storeConfig(key('a', 'pem')), { keep: 5 });
    pointers = await nc.jetstream().views.kv(`${PREFIX}-pointers`);
    replica = await startReplica([key('a', 'pub')]);
  }, 30_000);

  afterAll(async () => {
    await replica?.close();
    await publisher?.close();
    await nc?.close();
    await nats?.dispose();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('refuses to start a replica of a NATS store without a verify key, in one line', async () => {
    await expect(
      startServer(parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', LODGING_DATA_DIR: replicaDir, PORT: '0', LODGING_SNAPSHOT_STORE: nats.url, LODGING_NATS_PREFIX: PREFIX }), { refreshIntervalMs: 0, host: '127.0.0.1' }),
    ).rejects.toThrow(/^LODGING_SNAPSHOT_STORE is set but LODGING_SNAPSHOT_VERIFY_KEY is not[^\n]*$/);
  });

  it('serves a signed publish, and says its records are verified', async () => {
    const version = await publish(publisher);
    await serves(version);
    const record = await currentRecord();
    expect(record.signature).toMatchObject({ prefix: PREFIX, country: 'es', keyId: loadSigningKey(key('a', 'pem')).keyId });
    expect((await readyz()).body.distribution?.signatures).toBe('verified');
  });

  it('never acts on a forged pointer: unsigned, or a signed record with another digest or another author', async () => {
    const served = (await readyz()).body.snapshots.es!.version;
    const genuine = await currentRecord();
    const { signature: _s, ...unsigned } = genuine;
    await putCurrent({ ...unsigned, entry: { ...unsigned.entry, by: 'mallory' } });
    await refusesAndKeeps(/not signed/, served);
    await putCurrent({ ...genuine, sha256: 'f'.repeat(64) });
    await refusesAndKeeps(/differs from what its signature covers/, served);
    await putCurrent({ ...genuine, entry: { ...genuine.entry, by: 'mallory', reason: 'forged' } });
    await refusesAndKeeps(/differs from what its signature covers/, served);
    await putCurrent(genuine);
    await until('the genuine record clears the problem', async () => ((await readyz()).body.distribution?.problems.es ? null : true));
  });

  it('never acts on a forged announcement: an unsigned `stage.es`, or one signed by another key, is neither fetched nor acknowledged', async () => {
    const served = (await readyz()).body.snapshots.es!.version;
    const genuine = await currentRecord();
    const acks = await nc.jetstream().views.kv(`${PREFIX}-replicas`);
    const ackKey = `staged.es.${machineOf(replicaDir)}`;
    const ackBefore = (await acks.get(ackKey))?.revision ?? 0;
    // What a forger announces: an object of its own (its digest), under a version nobody published.
    const forgedVersion = '20991231T235959999Z-abcdef';
    const { signature: _s, ...unsigned } = genuine;
    const forged: StoredSnapshot = { ...unsigned, sha256: 'e'.repeat(64), entry: { ...unsigned.entry, version: forgedVersion, by: 'mallory', reason: 'forged' } };
    await pointers.put('stage.es', new TextEncoder().encode(JSON.stringify(forged)));
    await refusesAndKeeps(/announced record refused: .*not signed/, served);
    const other = { prefix: PREFIX, sequence: genuine.signature!.sequence + 100, signedAt: new Date().toISOString() };
    await pointers.put('stage.es', new TextEncoder().encode(JSON.stringify(signRecord({ ...forged, sha256: 'd'.repeat(64) }, other, loadSigningKey(key('c', 'pem'))))));
    await refusesAndKeeps(/announced record refused: .*does not trust/, served);
    // Listed for as long as the announcement stays, not only until the next pass over the current pointer.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await refusesAndKeeps(/announced record refused: .*does not trust/, served);
    // Never fetched, never acknowledged (a publisher waiting for replicas is not told they hold it).
    expect(existsSync(snapshotPath(replicaDir, 'es', forgedVersion))).toBe(false);
    expect((await acks.get(ackKey))?.revision ?? 0).toBe(ackBefore);
    await pointers.delete('stage.es');
    // A genuine publish afterwards is served, and clears the problem.
    const next = await publish(publisher);
    await serves(next);
    await until('the genuine publish clears the problem', async () => ((await readyz()).body.distribution?.problems.es ? null : true));
  });

  it('never acts on a record signed by a key it does not trust, and a machine without the signing key cannot move the pointer', async () => {
    const served = (await readyz()).body.snapshots.es!.version;
    const intruder = await openNatsSnapshotStore(storeConfig(key('c', 'pem')), { keep: 5 });
    try {
      await publish(intruder);
      await refusesAndKeeps(/does not trust/, served);
    } finally {
      await intruder.close();
    }
    const keyless = await openNatsSnapshotStore(storeConfig(null, [key('a', 'pub')]), { keep: 5 });
    try {
      await expect(keyless.rollback(publisherDir, 'es')).rejects.toThrow(/^this machine holds no snapshot signing key \(LODGING_SNAPSHOT_SIGNING_KEY\)/);
      await expect(publish(keyless)).rejects.toThrow(/no snapshot signing key/);
    } finally {
      await keyless.close();
    }
    const next = await publish(publisher); // the genuine publisher's sequence passes the intruder's
    await serves(next);
  });

  it('never acts on an older signed record put back after a newer one, nor after a restart', async () => {
    const older = await currentRecord();
    const newer = await publish(publisher);
    await serves(newer);
    await putCurrent(older);
    await refusesAndKeeps(/older than/, newer);
    await replica.close();
    replica = await startReplica([key('a', 'pub')]);
    await refusesAndKeeps(/older than/, newer);
    // A rollback to it is a new record with the next sequence: followed.
    const latest = await publish(publisher);
    await serves(latest);
    const rolled = await publisher.rollback(publisherDir, 'es', { to: older.entry.version });
    expect(rolled.to.version).toBe(older.entry.version);
    await serves(older.entry.version);
  });

  it('never acts on a record signed for another country or another bucket prefix', async () => {
    const served = (await readyz()).body.snapshots.es!.version;
    const genuine = await currentRecord();
    const signer = loadSigningKey(key('a', 'pem'));
    const next = { prefix: PREFIX, sequence: genuine.signature!.sequence + 10, signedAt: new Date().toISOString() };
    await putCurrent(signRecord({ ...genuine, entry: { ...genuine.entry, country: 'fr' } }, next, signer));
    await refusesAndKeeps(/not a snapshot record/, served);
    await putCurrent(signRecord(genuine, { ...next, prefix: 'another-deployment' }, signer));
    await refusesAndKeeps(/bucket prefix another-deployment/, served);
    await putCurrent(genuine);
  });

  it('rotates the key in order: new public key on the replica, publisher switched, records re-signed, old key dropped', async () => {
    const served = (await readyz()).body.snapshots.es!.version;
    // 1. Every replica trusts both keys.
    await replica.close();
    replica = await startReplica([key('a', 'pub'), key('b', 'pub')]);
    await serves(served);
    // 2. The publisher signs with the new key; 3. it re-signs the current and kept records (the old ones verify with the old public key).
    const rotated = await openNatsSnapshotStore(storeConfig(key('b', 'pem'), [key('a', 'pub')]), { keep: 5 });
    try {
      const outcome = await rotated.resign('es', [loadSigningKey(key('a', 'pem'))].map(({ keyId, publicKey }) => ({ keyId, publicKey })));
      expect(outcome.refused.filter((r) => !/does not trust/.test(r.problem))).toEqual([]);
      expect(outcome.resigned[0]).toBe(served);
      const newKey = loadSigningKey(key('b', 'pem')).keyId;
      await until('the current record carries the new key', async () => ((await currentRecord()).signature?.keyId === newKey ? true : null));
      // 4. The old key is dropped: the re-signed record still serves, a newer publish too, and a record of the old key is refused.
      const oldRecord = (await pointers.history({ key: 'current.es' })) as AsyncIterable<{ json<T>(): T; operation: string }>;
      let signedByOld: StoredSnapshot | null = null;
      for await (const e of oldRecord) if (e.operation === 'PUT' && e.json<StoredSnapshot>().signature?.keyId === loadSigningKey(key('a', 'pem')).keyId) signedByOld = e.json<StoredSnapshot>();
      await replica.close();
      replica = await startReplica([key('b', 'pub')]);
      await serves(served);
      expect((await readyz()).body.distribution?.problems.es).toBeUndefined();
      const next = await publish(rotated);
      await serves(next);
      const stale = signedByOld!;
      await putCurrent(signRecord(stale, { prefix: PREFIX, sequence: stale.signature!.sequence + 1000, signedAt: new Date().toISOString() }, loadSigningKey(key('a', 'pem'))));
      await refusesAndKeeps(/does not trust/, next);
    } finally {
      await rotated.close();
    }
  });

  it('turns signing on in a deployment with unsigned pointers: `lodging snapshot-keys resign` first, then the replicas get the verify key', async () => {
    const prefix = `u${randomBytes(4).toString('hex')}`;
    const legacy = await openNatsSnapshotStore({ ...storeConfig(null), prefix, allowUnsigned: true }, { keep: 5 });
    const dir = await mkdtemp(path.join(tmpdir(), 'lodging-legacy-'));
    dirs.push(dir);
    let version: string;
    try {
      exportCount += 1;
      const file = path.join(dir, 'es.jsonl');
      await writeFile(file, toJsonl(ES_LISTINGS));
      const runner = createInProcessRunner({ threads: 0 });
      try {
        version = (await importWithGates({ country: 'es', files: [file], dataDir: dir, runner, store: legacy, keep: 5 })).run.publishedVersion!;
      } finally {
        await runner.close();
      }
    } finally {
      await legacy.close();
    }
    const out: string[] = [];
    const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => out.push(t), env: { LODGING_SNAPSHOT_STORE: nats.url, LODGING_NATS_PREFIX: prefix, LODGING_SNAPSHOT_SIGNING_KEY: key('a', 'pem'), LODGING_DATA_DIR: dir, LOG_LEVEL: 'silent' } };
    expect(await runSnapshotKeysCommand(['resign'], io)).toBe(0);
    expect(out.join('')).toContain(`es: re-signed ${version}`);
    const replicaDir2 = await mkdtemp(path.join(tmpdir(), 'lodging-legacy-replica-'));
    dirs.push(replicaDir2);
    const replicaOfLegacy = await startServer(
      parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', LODGING_DATA_DIR: replicaDir2, PORT: '0', LODGING_SNAPSHOT_STORE: nats.url, LODGING_NATS_PREFIX: prefix, LODGING_SNAPSHOT_VERIFY_KEY: key('a', 'pub') }),
      { refreshIntervalMs: 0, host: '127.0.0.1', shutdownGraceMs: 100 },
    );
    try {
      await until('the replica with a verify key serves the re-signed snapshot', async () => {
        const body = (await (await fetch(`${replicaOfLegacy.url}/readyz`)).json()) as Readyz;
        return body.snapshots.es?.version === version && !body.distribution?.problems.es;
      });
    } finally {
      await replicaOfLegacy.close();
    }
  });
});
