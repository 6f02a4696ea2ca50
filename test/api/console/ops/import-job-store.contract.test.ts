// One contract for the console's import-job stores: SQLite (one machine), Redis and NATS JetStream (several) claim, save, list and release alike.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_CLAIM_TTL_MS, IMPORT_JOBS_KEPT, type ImportJob, type ImportJobStore } from '../../../../api/console/ops/import-job-store.ts';
import { openNatsImportJobStore } from '../../../../api/console/ops/nats-import-job-store.ts';
import { openRedisImportJobStore } from '../../../../api/console/ops/redis-import-job-store.ts';
import { openSqliteImportJobStore } from '../../../../api/console/ops/sqlite-import-job-store.ts';
import { natsServerAvailable, startNatsServer, type TestNatsServer } from '../../../support/nats-server.ts';
import { redisAvailable, TEST_REDIS_URL } from '../../../support/redis.ts';

const job = (id: string, over: Partial<ImportJob> = {}): ImportJob => ({
  id,
  country: 'es',
  files: ['es.jsonl'],
  dryRun: false,
  queue: false,
  by: 'acct-1',
  startedAt: new Date(Date.parse('2026-11-25T10:00:00Z') + Number(id.replace(/\D/g, '') || 0) * 1000).toISOString(),
  finishedAt: null,
  state: 'running',
  exitCode: null,
  progress: null,
  runId: null,
  messages: [],
  ...over,
});

function contract(name: string, open: () => Promise<{ a: ImportJobStore; b: ImportJobStore; done: () => Promise<void> }>) {
  describe(name, () => {
    let a: ImportJobStore;
    let b: ImportJobStore;
    let done: () => Promise<void>;
    beforeEach(async () => {
      ({ a, b, done } = await open());
    });
    afterEach(async () => done());

    it('lets one job hold a country; a second claim, from another connection, gets the holder', async () => {
      const now = Date.now();
      expect(await a.claim(job('j1'), now)).toBeNull();
      expect(await b.claim(job('j2'), now)).toMatchObject({ id: 'j1', state: 'running' });
      expect(await b.claim(job('j3', { country: 'pt' }), now)).toBeNull();
      expect(await b.get('j2')).toBeNull();
    });

    // Ten compare-and-set claims at once: on a machine saturated by the rest of the suite one JetStream request can pass
    // its 5 s timeout (a NatsError, not a wrong answer); once more then, on fresh stores. Two claims winning fails either way.
    it('gives only one of many concurrent claims for a country', { retry: 1 }, async () => {
      const now = Date.now();
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).claim(job(`c${i}`), now)));
      expect(results.filter((r) => r === null)).toHaveLength(1);
    });

    it('saves progress where the other connection reads it, and frees the country when the job ends', async () => {
      const now = Date.now();
      const running = job('j1');
      await a.claim(running, now);
      await a.save({ ...running, progress: { percent: 40, linesRead: 400, listingsWritten: 390, bytesRead: 1, bytesTotal: 2, phase: 'reading' } as never }, now);
      expect((await b.get('j1'))?.progress).toMatchObject({ percent: 40 });
      await a.save({ ...running, state: 'published', exitCode: 0, finishedAt: new Date(now).toISOString() }, now);
      expect(await b.claim(job('j2'), now)).toBeNull();
      expect((await b.list()).map((j) => [j.id, j.state])).toEqual([
        ['j2', 'running'],
        ['j1', 'published'],
      ]);
    });

    it('keeps the newest finished jobs', async () => {
      const now = Date.now();
      for (let i = 1; i <= IMPORT_JOBS_KEPT * 2 + 5; i++) {
        const j = job(`f${i}`, { country: i % 2 ? 'es' : 'pt' });
        await a.claim(j, now);
        await a.save({ ...j, state: 'failed', exitCode: 1 }, now);
      }
      const listed = await b.list();
      expect(listed.length).toBeLessThanOrEqual(IMPORT_JOBS_KEPT * 2);
      expect(listed[0]!.id).toBe(`f${IMPORT_JOBS_KEPT * 2 + 5}`);
    });
  });
}

contract('SQLite import-job store', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'lodging-jobstore-'));
  const file = path.join(dir, 'console-imports.sqlite');
  const a = openSqliteImportJobStore(file);
  const b = openSqliteImportJobStore(file);
  return {
    a,
    b,
    done: async () => {
      await a.close();
      await b.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('SQLite import-job store, by its clock', () => {
  it('lets a claim lapse when its process stops renewing it (a server that died mid-import)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lodging-jobstore-'));
    const store = openSqliteImportJobStore(path.join(dir, 'console-imports.sqlite'));
    const now = Date.now();
    await store.claim(job('j1'), now - IMPORT_CLAIM_TTL_MS - 1000);
    expect(await store.claim(job('j2'), now)).toBeNull();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
});

const redisUp = await redisAvailable();
const clients: Redis[] = [];
afterAll(() => {
  for (const c of clients) c.disconnect();
});
describe.runIf(redisUp)('on real Redis', () => {
  contract('Redis import-job store', async () => {
    const prefix = `test:jobs:${Math.random().toString(36).slice(2)}:`;
    const ra = new Redis(TEST_REDIS_URL);
    const rb = new Redis(TEST_REDIS_URL);
    clients.push(ra, rb);
    return {
      a: openRedisImportJobStore(ra, prefix),
      b: openRedisImportJobStore(rb, prefix),
      done: async () => {
        const keys = await ra.keys(`${prefix}*`);
        if (keys.length > 0) await ra.del(...keys);
      },
    };
  });
});

describe.runIf(natsServerAvailable())('on a real nats-server', () => {
  let nats: TestNatsServer;
  beforeAll(async () => {
    nats = await startNatsServer();
  }, 30_000);
  afterAll(async () => nats?.dispose());
  const config = (prefix: string) => ({ servers: nats.url, prefix, credsFile: null, tlsCaFile: null });

  contract('NATS JetStream import-job store', async () => {
    // Two connections, as two machines would have; a prefix of their own, so each test starts empty.
    const prefix = `jobs${Math.random().toString(36).slice(2)}`;
    const a = openNatsImportJobStore(config(prefix));
    const b = openNatsImportJobStore(config(prefix));
    return {
      a,
      b,
      done: async () => {
        await a.close();
        await b.close();
      },
    };
  });

  it('lets a claim lapse when its process stops renewing it (a server that died mid-import)', async () => {
    const store = openNatsImportJobStore(config(`lapse${Math.random().toString(36).slice(2)}`));
    const now = Date.now();
    await store.claim(job('j1'), now - IMPORT_CLAIM_TTL_MS - 1000);
    expect(await store.claim(job('j2'), now)).toBeNull();
    expect((await store.list()).map((j) => j.id).sort()).toEqual(['j1', 'j2']);
    await store.close();
  });

  it('starts while NATS is down and works once it answers', async () => {
    const store = openNatsImportJobStore({ servers: 'nats://127.0.0.1:1', prefix: 'down', credsFile: null, tlsCaFile: null });
    await expect(store.list()).rejects.toThrow(/cannot reach NATS at nats:\/\/127\.0\.0\.1:1/);
    await store.close();
  });
});
