// What a replica refuses from a real nats-server, its records signed as production signs them: an expansion past the declared size stops and leaves no file; a snapshot whose schema or places are not the public ones is never served.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import Database from 'better-sqlite3';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../api/server.ts';
import { parseConfig } from '../../platform/environment.ts';
import { createInProcessRunner } from '../../pipeline/jobs/in-process-runner.ts';
import { importWithGates } from '../../pipeline/publish/import-with-gates.ts';
import { openNatsSnapshotStore, type NatsSnapshotStore } from '../../pipeline/distribution/nats-snapshot-store.ts';
import { objectOf, type StoredSnapshot } from '../../pipeline/distribution/stored-snapshot.ts';
import { loadSigningKey, signRecord } from '../../pipeline/distribution/pointer-signature.ts';
import { snapshotFileName, snapshotPath } from '../../pipeline/snapshot/snapshot-paths.ts';
import { ES_LISTINGS, toJsonl } from '../api/support/provider-listings.ts';
import { natsServerAvailable, startNatsServer, type TestNatsServer } from '../support/nats-server.ts';
import { writeSnapshotKeyPair } from '../support/snapshot-key-pair.ts';
import { servedPlaceJson } from '../../model/served-place-text.ts';

const PREFIX = `c${randomBytes(4).toString('hex')}`;
/** Zeros compress to almost nothing: a few hundred bytes of brotli that expand to this many. */
const BOMB_BYTES = 64 * 1024 * 1024;
const bomb = () => brotliCompressSync(Buffer.alloc(BOMB_BYTES), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });

describe.runIf(natsServerAvailable())('what a replica refuses from the shared store', () => {
  let nats: TestNatsServer;
  let store: NatsSnapshotStore;
  let nc: NatsConnection;
  const dirs: string[] = [];
  const tempDir = async (name: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), `lodging-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const objects = () => nc.jetstream().views.os(`${PREFIX}-snapshots`);
  const pointers = () => nc.jetstream().views.kv(`${PREFIX}-pointers`);
  const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  let signingKey: string;
  let verifyKey: string;
  /** Signed by the publisher's key, each with a sequence above the last: only the contents checks can refuse these. */
  let sequence = 1000;
  const signed = (record: StoredSnapshot): StoredSnapshot =>
    signRecord(record, { prefix: PREFIX, sequence: (sequence += 1), signedAt: new Date().toISOString() }, loadSigningKey(signingKey));

  beforeAll(async () => {
    nats = await startNatsServer();
    ({ signingKey, verifyKey } = await writeSnapshotKeyPair(await tempDir('keys')));
    store = await openNatsSnapshotStore({ servers: nats.url, prefix: PREFIX, credsFile: null, tlsCaFile: null, signingKeyFile: signingKey }, { keep: 2 });
    nc = await connect({ servers: nats.url });
  }, 30_000);

  afterAll(async () => {
    await nc?.close();
    await store?.close();
    await nats?.dispose();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('stops a download whose expansion passes the declared size, and removes its file', async () => {
    const compressed = bomb();
    expect(compressed.length).toBeLessThan(64 * 1024);
    await (await objects()).putBlob({ name: 'sha256-bomb.br' }, compressed);
    const file = path.join(await tempDir('bomb'), 'bomb.sqlite');
    await expect(store.fetch('sha256-bomb.br', file, 'br', 1024)).rejects.toThrow(/expanded bytes pass the 1024 bytes declared/);
    expect(fs.existsSync(file)).toBe(false);
    // An unencoded object longer than its record says is not fetched at all.
    await (await objects()).putBlob({ name: 'sha256-long' }, randomBytes(5000));
    const long = path.join(path.dirname(file), 'long.sqlite');
    await expect(store.fetch('sha256-long', long, undefined, 1024)).rejects.toThrow(/pass the 1024 bytes declared/);
    expect(fs.existsSync(long)).toBe(false);
  }, 30_000);

  it('stops a download whose chunks pass the object\'s own size, and removes its file', async () => {
    const os = await objects();
    const info = await os.putBlob({ name: 'sha256-grown' }, randomBytes(2000));
    // A chunk added to the object's subject after it was stored: more bytes arrive than its size says.
    await nc.jetstream().publish(`$O.${PREFIX}-snapshots.C.${info.nuid}`, randomBytes(3000));
    const file = path.join(await tempDir('grown'), 'grown.sqlite');
    await expect(store.fetch('sha256-grown', file)).rejects.toThrow(/its chunks pass the 2000 bytes declared/);
    expect(fs.existsSync(file)).toBe(false);
  }, 30_000);

  describe('a replica serving a published snapshot', () => {
    let publisherDir: string;
    let replicaDir: string;
    let replica: RunningServer;
    let served: StoredSnapshot;

    const readyz = async () => {
      const response = await fetch(`${replica.url}/readyz`);
      return { status: response.status, body: (await response.json()) as { snapshots: Record<string, { version: string }>; distribution: { problems: Record<string, { wanted: string; problem: string }> } } };
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
    const countryFiles = () => fs.readdirSync(path.dirname(snapshotPath(replicaDir, 'es', served.entry.version))).filter((name) => !name.endsWith('.lock'));

    /** The served file, edited under a new version, uploaded as an object and pointed at as the current snapshot. */
    const pointAtForgery = async (edit: (db: Database.Database) => void, version: string): Promise<StoredSnapshot> => {
      const file = path.join(await tempDir('forged'), 'forged.sqlite');
      fs.copyFileSync(snapshotPath(publisherDir, 'es', served.entry.version), file);
      const db = new Database(file);
      db.prepare("UPDATE meta SET value = ? WHERE key = 'version'").run(version);
      edit(db);
      db.close();
      const bytes = fs.readFileSync(file);
      const forged: StoredSnapshot = {
        ...served,
        entry: { ...served.entry, version, file: snapshotFileName('es', version) },
        sha256: createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
        encoding: 'br',
      };
      await (await objects()).putBlob({ name: objectOf(forged) }, brotliCompressSync(bytes));
      const record = signed(forged);
      await (await pointers()).put('current.es', encode(record));
      return record;
    };

    beforeAll(async () => {
      publisherDir = await tempDir('publisher');
      replicaDir = await tempDir('replica');
      const exportFile = path.join(publisherDir, 'es.jsonl');
      await writeFile(exportFile, toJsonl(ES_LISTINGS));
      const runner = createInProcessRunner({ threads: 0 });
      try {
        await importWithGates({ country: 'es', files: [exportFile], dataDir: publisherDir, runner, store, keep: 2 });
      } finally {
        await runner.close();
      }
      served = (await store.pointer('es')).stored!;
      replica = await startServer(
        parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', LODGING_DATA_DIR: replicaDir, PORT: '0', LODGING_SNAPSHOT_STORE: nats.url, LODGING_NATS_PREFIX: PREFIX, LODGING_SNAPSHOT_VERIFY_KEY: verifyKey }),
        { refreshIntervalMs: 0, host: '127.0.0.1', shutdownGraceMs: 100 },
      );
      await until('the replica serves the published snapshot', async () => (await readyz()).body.snapshots.es?.version === served.entry.version);
    }, 60_000);

    afterAll(async () => {
      await replica?.close();
    });

    const expectRefused = async (forged: StoredSnapshot, problem: RegExp) => {
      const state = await until('the replica names the problem', async () => {
        const s = await readyz();
        return s.body.distribution.problems.es?.wanted === forged.entry.version ? s : null;
      });
      expect(state.status).toBe(200);
      expect(state.body.snapshots.es?.version).toBe(served.entry.version);
      expect(state.body.distribution.problems.es!.problem).toMatch(problem);
      expect(fs.existsSync(snapshotPath(replicaDir, 'es', forged.entry.version))).toBe(false);
      // The replica may be fetching it again (the announcement and the pointer move each ask): that attempt's download
      // is refused and removed in turn, so nothing of it stays.
      await until('no file of the refused snapshot is left', async () => countryFiles().every((name) => !name.includes(forged.entry.version)));
    };

    it('never serves a snapshot whose places table has an extra column, and keeps answering from what it had', async () => {
      const forged = await pointAtForgery((db) => db.exec("ALTER TABLE places ADD COLUMN secret TEXT DEFAULT 'x'"), '20300101T000000000Z-c0c0c0');
      await expectRefused(forged, /its table "places" is not defined as this version defines it/);
    }, 30_000);

    it('never serves a place holding a field outside the allowlist', async () => {
      let id = '';
      const forged = await pointAtForgery((db) => {
        let json: string;
        [id, json] = db.prepare('SELECT id, place_json FROM places ORDER BY rowid LIMIT 1').raw(true).get() as [string, string];
        const place = { ...(JSON.parse(servedPlaceJson(json)) as object), name: 'FORGED', '<script>': 'alert(1)' };
        db.prepare('UPDATE places SET place_json = ? WHERE id = ?').run(JSON.stringify(place), id);
      }, '20300101T000000001Z-5c5c5c');
      await expectRefused(forged, /is not a public Place \(place: unrecognized_keys "<script>"\)/);
      const response = await fetch(`${replica.url}/places/${encodeURIComponent(id)}`);
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).not.toContain('FORGED');
      expect(page).not.toContain('alert(1)');
    }, 30_000);

    it('stops an announced snapshot whose expansion passes its declared size, leaving no file, and says so', async () => {
      const compressed = bomb();
      const announced: StoredSnapshot = {
        ...served,
        entry: { ...served.entry, version: '20300101T000000002Z-b0b0b0', file: snapshotFileName('es', '20300101T000000002Z-b0b0b0') },
        sha256: createHash('sha256').update(Buffer.alloc(BOMB_BYTES)).digest('hex'),
        size: 1024,
        encoding: 'br',
      };
      await (await objects()).putBlob({ name: objectOf(announced) }, compressed);
      await (await pointers()).put('stage.es', encode(signed(announced)));
      const replicas = await nc.jetstream().views.kv(`${PREFIX}-replicas`);
      const ack = await until('the replica answers the announcement', async () => {
        for await (const key of await replicas.keys('staged.es.>')) {
          const found = (await replicas.get(key))?.json<{ version: string; problem: string | null }>();
          if (found?.version === announced.entry.version) return found;
        }
        return null;
      });
      expect(ack.problem).toMatch(/expanded bytes pass the 1024 bytes declared/);
      expect(countryFiles().filter((name) => name.includes(announced.entry.version))).toEqual([]);
      expect((await readyz()).body.snapshots.es?.version).toBe(served.entry.version);
    }, 30_000);
  });
});
