// Export files travel with their snapshot on a real nats-server: the signed record lists their digests, two replicas
// serve byte-identical verified files without building them, and a replica refuses a tampered object.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../api/keys/create-key.ts';
import { startServer, type RunningServer } from '../../api/server.ts';
import { parseConfig, type NatsStoreConfig } from '../../platform/environment.ts';
import { openNatsSnapshotStore, type NatsSnapshotStore } from '../../pipeline/distribution/nats-snapshot-store.ts';
import { loadVerifyKeys, recordProblem } from '../../pipeline/distribution/pointer-signature.ts';
import { objectNameOf, type StoredSnapshot } from '../../pipeline/distribution/stored-snapshot.ts';
import { rememberedDigest } from '../../pipeline/distribution/verified-digest.ts';
import { exportFilePath, manifestPath } from '../../pipeline/exports/export-paths.ts';
import { createInProcessRunner } from '../../pipeline/jobs/in-process-runner.ts';
import { importWithGates } from '../../pipeline/publish/import-with-gates.ts';
import { BULK_LISTINGS, ES_LISTINGS, toJsonl } from '../api/support/provider-listings.ts';
import { natsServerAvailable, startNatsServer, type TestNatsServer } from '../support/nats-server.ts';
import { writeSnapshotKeyPair } from '../support/snapshot-key-pair.ts';

const PREFIX = `x${randomBytes(4).toString('hex')}`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.runIf(natsServerAvailable())('export files in the NATS snapshot store', () => {
  let nats: TestNatsServer;
  let nc: NatsConnection;
  let keys: { signingKey: string; verifyKey: string };
  let publisher: NatsSnapshotStore;
  let publisherDir: string;
  const replicas: { server: RunningServer; dir: string; secret: string; lines: string[] }[] = [];
  const dirs: string[] = [];

  const storeConfig = (): NatsStoreConfig => ({
    servers: nats.url,
    prefix: PREFIX,
    credsFile: null,
    tlsCaFile: null,
    signingKeyFile: keys.signingKey,
    verifyKeyFiles: [],
    stageWaitMs: 0,
  });

  const startReplica = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lodging-export-replica-'));
    dirs.push(dir);
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const server = await startServer(
      parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info', LODGING_DATA_DIR: dir, PORT: '0', LODGING_SNAPSHOT_STORE: nats.url, LODGING_NATS_PREFIX: PREFIX, LODGING_SNAPSHOT_VERIFY_KEY: keys.verifyKey }),
      { refreshIntervalMs: 0, host: '127.0.0.1', shutdownGraceMs: 100, logger },
    );
    const { secret } = await createKey(server.keyStore, { accountId: 'exports', name: 'exports' });
    const replica = { server, dir, secret, lines };
    replicas.push(replica);
    return replica;
  };

  const get = (replica: (typeof replicas)[number], pathname: string) => fetch(`${replica.server.url}${pathname}`, { headers: { 'X-API-Key': replica.secret } });

  const serves = async (replica: (typeof replicas)[number], version: string) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const body = (await (await fetch(`${replica.server.url}/readyz`)).json().catch(() => null)) as { snapshots?: Record<string, { version: string }> } | null;
      if (body?.snapshots?.es?.version === version) return;
      if (Date.now() > deadline) throw new Error(`the replica does not serve ${version}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  let exportCount = 0;
  const publish = async (): Promise<string> => {
    exportCount += 1;
    const file = path.join(publisherDir, `es-${exportCount}.jsonl`);
    await writeFile(file, toJsonl([...ES_LISTINGS, ...BULK_LISTINGS.slice(exportCount)]));
    const runner = createInProcessRunner({ threads: 0 });
    try {
      const result = await importWithGates({ country: 'es', files: [file], dataDir: publisherDir, runner, store: publisher, keep: 5, thresholds: { maxRejectedShare: 1, maxDrop: 1, maxFieldLoss: 1 } });
      expect(result.run.outcome).toBe('published');
      return result.run.publishedVersion!;
    } finally {
      await runner.close();
    }
  };

  const currentRecord = async (): Promise<StoredSnapshot> => (await (await nc.jetstream().views.kv(`${PREFIX}-pointers`)).get('current.es'))!.json<StoredSnapshot>();

  beforeAll(async () => {
    nats = await startNatsServer();
    nc = await connect({ servers: nats.url });
    const keysDir = await mkdtemp(path.join(tmpdir(), 'lodging-export-keys-'));
    publisherDir = await mkdtemp(path.join(tmpdir(), 'lodging-export-publisher-'));
    dirs.push(keysDir, publisherDir);
    keys = await writeSnapshotKeyPair(keysDir);
    publisher = await openNatsSnapshotStore(storeConfig(), { keep: 5, exports: { publicUrl: 'https://lodging.example', licence: 'CC-BY-4.0', attribution: null } });
    await startReplica();
    await startReplica();
  }, 60_000);

  afterAll(async () => {
    for (const { server } of replicas) await server.close();
    await publisher?.close();
    await nc?.close();
    await nats?.dispose();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('lists each export file in the signed record; two replicas fetch and serve the same verified bytes', async () => {
    const version = await publish();
    const record = await currentRecord();
    expect(record.exports?.map((file) => file.kind)).toEqual(['parquet', 'jsonl.gz', 'manifest.json']);
    // The signature covers the export entries: a record with another digest does not verify.
    const trusted = loadVerifyKeys([keys.verifyKey]);
    expect(recordProblem(record, { prefix: PREFIX, country: 'es' }, trusted)).toBeNull();
    const forged = { ...record, exports: record.exports!.map((file) => (file.kind === 'parquet' ? { ...file, sha256: 'f'.repeat(64) } : file)) };
    expect(recordProblem(forged, { prefix: PREFIX, country: 'es' }, trusted)).toMatch(/differs from what its signature covers/);

    for (const replica of replicas) {
      await serves(replica, version);
      // Fetched with the snapshot, before any request: not built by the replica.
      for (const file of record.exports!) {
        const local = file.kind === 'manifest.json' ? manifestPath(replica.dir, 'es', version) : exportFilePath(replica.dir, 'es', version, file.kind);
        expect(sha256(readFileSync(local))).toBe(file.sha256);
      }
    }
    const answers = [];
    for (const replica of replicas) {
      const manifest = (await (await get(replica, '/api/v1/exports/es')).json()) as { version: string; licence: string; files: { format: string; sha256: string; bytes: number }[] };
      expect(manifest).toMatchObject({ version, licence: 'CC-BY-4.0' });
      const bytes: Record<string, string> = {};
      for (const format of ['parquet', 'jsonl.gz']) {
        const response = await get(replica, `/api/v1/exports/es/${version}.${format}`);
        expect(response.status).toBe(200);
        const body = new Uint8Array(await response.arrayBuffer());
        const listed = record.exports!.find((file) => file.kind === format)!;
        expect({ sha256: sha256(body), size: body.length }).toEqual({ sha256: listed.sha256, size: listed.size });
        bytes[format] = sha256(body);
      }
      answers.push({ files: manifest.files.map(({ format, sha256: digest, bytes: size }) => ({ format, digest, size })), bytes });
    }
    expect(answers[1]).toEqual(answers[0]);
  }, 120_000);

  it('a staged publish: every live replica holds the export files, checked, before the pointer moves', async () => {
    const staging = await openNatsSnapshotStore({ ...storeConfig(), stageWaitMs: 20_000 }, { keep: 5, exports: { publicUrl: 'https://lodging.example', licence: 'CC-BY-4.0', attribution: null } });
    let version: string;
    const before = publisher;
    try {
      publisher = staging;
      version = await publish();
    } finally {
      publisher = before;
      await staging.close();
    }
    const pointer = (await (await nc.jetstream().views.kv(`${PREFIX}-pointers`)).get('current.es'))!;
    const record = pointer.json<StoredSnapshot>();
    expect(record.entry.version).toBe(version);
    for (const replica of replicas) {
      await serves(replica, version);
      for (const file of record.exports!) {
        const local = file.kind === 'manifest.json' ? manifestPath(replica.dir, 'es', version) : exportFilePath(replica.dir, 'es', version, file.kind);
        expect(sha256(readFileSync(local))).toBe(file.sha256);
        // Written while the publisher waited for the replicas, not after the move.
        expect(statSync(local).mtimeMs).toBeLessThanOrEqual(pointer.created.getTime());
        // Its checked digest is kept beside it: a later move to this version (a rollback) does not read it again.
        expect(rememberedDigest(local)).toBe(file.sha256);
      }
    }
  }, 120_000);

  it('a replica refuses an export object whose bytes are not the listed ones, says so in one line, and serves no export of the version', async () => {
    const version = await publish();
    // The replicas running now fetch the version's files before they serve it (no staged wait here): before the tampering.
    for (const replica of [...replicas]) await serves(replica, version);
    const record = await currentRecord();
    const parquet = record.exports!.find((file) => file.kind === 'parquet')!;
    const objects = await nc.jetstream().views.os(`${PREFIX}-snapshots`);
    const name = objectNameOf(parquet.sha256);
    const original = new Uint8Array(await new Response((await objects.get(name))!.data).arrayBuffer());
    const tampered = original.slice();
    tampered[tampered.length - 100] = tampered[tampered.length - 100]! ^ 0xff; // same size, other bytes
    await objects.delete(name);
    await objects.putBlob({ name }, tampered);

    const late = await startReplica();
    await serves(late, version);
    expect((await get(late, '/api/v1/places?country=es&limit=1')).status).toBe(200);
    const refusal = late.lines.map((line) => JSON.parse(line) as { msg: string; problem?: string; version?: string }).filter((line) => line.msg === 'shared export files not served');
    expect(refusal).toHaveLength(1);
    expect(refusal[0]).toMatchObject({ version });
    expect(refusal[0]!.problem).toMatch(/^export files of es \S+ not served: parquet: content digest sha256 \S+ differs from the pointer record's/);
    expect(existsSync(exportFilePath(late.dir, 'es', version, 'parquet'))).toBe(false);
    expect(existsSync(manifestPath(late.dir, 'es', version))).toBe(false);
    const manifest = await get(late, '/api/v1/exports/es');
    expect(manifest.status).toBe(404);
    expect(((await manifest.json()) as { detail: string }).detail).toMatch(/did not match the digests/);
    expect((await get(late, `/api/v1/exports/es/${version}.jsonl.gz`)).status).toBe(404);
    // Nothing was built in its place.
    expect(existsSync(manifestPath(late.dir, 'es', version))).toBe(false);
    // The replicas that fetched the object before it was tampered with still serve the verified bytes.
    const earlier = await get(replicas[0]!, `/api/v1/exports/es/${version}.parquet`);
    expect(sha256(new Uint8Array(await earlier.arrayBuffer()))).toBe(parquet.sha256);
  }, 120_000);
});
