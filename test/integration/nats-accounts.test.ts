// The example NATS accounts (docs/examples/nats-accounts.conf) on a private nats-server: the publisher publishes, a replica follows and
// serves, and the replica's user can neither move nor announce a pointer nor write the snapshot objects.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../api/server.ts';
import { parseConfig, type NatsStoreConfig } from '../../platform/environment.ts';
import { createInProcessRunner } from '../../pipeline/jobs/in-process-runner.ts';
import { importWithGates } from '../../pipeline/publish/import-with-gates.ts';
import { openNatsSnapshotStore, type NatsSnapshotStore } from '../../pipeline/distribution/nats-snapshot-store.ts';
import { machineOf } from '../../pipeline/distribution/snapshot-replica.ts';
import { ES_LISTINGS, toJsonl } from '../api/support/provider-listings.ts';
import { natsServerAvailable, startNatsServer, type TestNatsServer } from '../support/nats-server.ts';
import { writeSnapshotKeyPair } from '../support/snapshot-key-pair.ts';

const CONFIG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/examples/nats-accounts.conf');
/** The prefix the example names its buckets by. */
const PREFIX = 'lodging';
// nats-server reads an environment value as a configuration value: hex such as `0e5f…` reads as a number and the
// server refuses the file, so each password opens with a letter (as docs/deployment.md asks of operators).
const PASSWORDS = { publisher: `p${randomBytes(12).toString('hex')}`, replica: `r${randomBytes(12).toString('hex')}` };

describe.runIf(natsServerAvailable())('the example NATS accounts: a publisher apart, replicas that only read and say they are present', () => {
  let nats: TestNatsServer;
  let publisher: NatsSnapshotStore;
  let replica: RunningServer;
  let asReplica: NatsConnection;
  const dirs: string[] = [];
  let keysDir: string;
  let publisherDir: string;
  let replicaDir: string;

  const urlOf = (user: keyof typeof PASSWORDS) => nats.url.replace('nats://', `nats://${user}:${PASSWORDS[user]}@`);

  const until = async <T>(what: string, probe: () => Promise<T | null | false>, ms = 20_000): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe().catch(() => null);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const readyz = async () => (await (await fetch(`${replica.url}/readyz`)).json()) as { snapshots: Record<string, { version: string }>; distribution?: { signatures: string; problems: Record<string, unknown> } };

  beforeAll(async () => {
    nats = await startNatsServer({ config: CONFIG, env: { LODGING_NATS_PUBLISHER_PASSWORD: PASSWORDS.publisher, LODGING_NATS_REPLICA_PASSWORD: PASSWORDS.replica } });
    keysDir = await mkdtemp(path.join(tmpdir(), 'lodging-acct-keys-'));
    publisherDir = await mkdtemp(path.join(tmpdir(), 'lodging-acct-publisher-'));
    replicaDir = await mkdtemp(path.join(tmpdir(), 'lodging-acct-replica-'));
    dirs.push(keysDir, publisherDir, replicaDir);
    const { signingKey, verifyKey } = await writeSnapshotKeyPair(keysDir);
    const config: NatsStoreConfig = { servers: urlOf('publisher'), prefix: PREFIX, credsFile: null, tlsCaFile: null, signingKeyFile: signingKey, stageWaitMs: 20_000 };
    // The publisher makes the buckets; a replica's user may not.
    publisher = await openNatsSnapshotStore(config, { keep: 5 });
    replica = await startServer(
      parseConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        LODGING_DATA_DIR: replicaDir,
        PORT: '0',
        LODGING_SNAPSHOT_STORE: urlOf('replica'),
        LODGING_NATS_PREFIX: PREFIX,
        LODGING_SNAPSHOT_VERIFY_KEY: verifyKey,
      }),
      { refreshIntervalMs: 0, host: '127.0.0.1', shutdownGraceMs: 100 },
    );
    asReplica = await connect({ servers: nats.url, user: 'replica', pass: PASSWORDS.replica });
  }, 60_000);

  afterAll(async () => {
    await replica?.close();
    await publisher?.close();
    await asReplica?.close();
    await nats?.dispose();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('lets no one in without a password', async () => {
    await expect(connect({ servers: nats.url, reconnect: false })).rejects.toThrow(/authorization/i);
    await expect(connect({ servers: nats.url, user: 'replica', pass: 'wrong', reconnect: false })).rejects.toThrow(/authorization/i);
  });

  it('the publisher publishes; the replica says it is present, fetches the announced snapshot, and serves it', async () => {
    const presences = asReplica.jetstream().views.kv(`${PREFIX}-replicas`);
    await until('the replica says it is present', async () => Boolean(await (await presences).get(`live.${machineOf(replicaDir)}`)));
    const file = path.join(publisherDir, 'es.jsonl');
    await writeFile(file, toJsonl(ES_LISTINGS));
    const runner = createInProcessRunner({ threads: 0 });
    let version: string;
    try {
      const result = await importWithGates({ country: 'es', files: [file], dataDir: publisherDir, runner, store: publisher, keep: 5 });
      expect(result.run.outcome).toBe('published');
      version = result.run.publishedVersion!;
    } finally {
      await runner.close();
    }
    // The replica acknowledged the announcement with its own user (the publish waited for it), and serves the snapshot.
    const ack = await (await presences).get(`staged.es.${machineOf(replicaDir)}`);
    expect(ack?.json<{ version: string; problem: string | null }>()).toMatchObject({ version, problem: null });
    await until(`the replica serves ${version}`, async () => (await readyz()).snapshots.es?.version === version);
    const state = await readyz();
    expect(state.distribution?.signatures).toBe('verified');
    expect(state.distribution?.problems).toEqual({});
  }, 60_000);

  it("refuses the replica's user every write of a pointer, an announcement or a snapshot object", async () => {
    const js = asReplica.jetstream({ timeout: 5_000 });
    const pointers = await js.views.kv(`${PREFIX}-pointers`);
    const current = await pointers.get('current.es');
    expect(current?.operation).toBe('PUT'); // it reads them
    const forged = new TextEncoder().encode(JSON.stringify({ forged: true }));
    await expect(pointers.put('current.es', forged)).rejects.toThrow(/permission/i);
    await expect(pointers.update('current.es', forged, current!.revision)).rejects.toThrow(/permission/i);
    await expect(pointers.put('stage.es', forged)).rejects.toThrow(/permission/i);
    await expect(pointers.delete('current.es')).rejects.toThrow(/permission/i);
    const objects = await js.views.os(`${PREFIX}-snapshots`);
    await expect(objects.putBlob({ name: 'sha256-forged.br' }, forged)).rejects.toThrow(/permission/i);
    const jsm = await asReplica.jetstreamManager();
    await expect(jsm.streams.purge(`KV_${PREFIX}-pointers`)).rejects.toThrow(/permission|timeout/i);
    await expect(jsm.streams.delete(`OBJ_${PREFIX}-snapshots`)).rejects.toThrow(/permission|timeout/i);
    // Nothing moved: the pointer is the publisher's, and the replica still serves it.
    expect((await pointers.get('current.es'))?.revision).toBe(current!.revision);
    expect((await readyz()).snapshots.es?.version).toBeDefined();
  }, 60_000);
});
