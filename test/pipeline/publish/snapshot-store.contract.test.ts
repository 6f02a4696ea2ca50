// One contract for the snapshot stores: this data directory and NATS JetStream list, publish and roll back alike, with the same rule and the same run events.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNatsSnapshotStore } from '../../../pipeline/distribution/nats-snapshot-store.ts';
import { createInProcessRunner } from '../../../pipeline/jobs/in-process-runner.ts';
import { importWithGates } from '../../../pipeline/publish/import-with-gates.ts';
import { PublicationError } from '../../../pipeline/publish/publication-errors.ts';
import { localSnapshotStore, type SnapshotStore } from '../../../pipeline/publish/snapshot-store.ts';
import { ES_LISTINGS, toJsonl } from '../../api/support/provider-listings.ts';
import { natsServerAvailable, startNatsServer, type TestNatsServer } from '../../support/nats-server.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodging-snapshotstore-'));
  dirs.push(dir);
  return dir;
}

/** Imports the test export through the store and returns the version it published. */
async function publish(store: SnapshotStore, dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, `${name}.jsonl`);
  fs.writeFileSync(file, toJsonl(ES_LISTINGS));
  const runner = createInProcessRunner({ threads: 0 });
  try {
    const { run } = await importWithGates({ country: 'es', files: [file], dataDir, runner, store, keep: 3 });
    expect(run.outcome).toBe('published');
    return run.publishedVersion!;
  } finally {
    await runner.close();
  }
}

async function refusal(attempt: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await attempt.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PublicationError);
  return { code: (error as PublicationError).code, message: (error as PublicationError).message };
}

function contract(name: string, open: () => Promise<SnapshotStore>) {
  describe(name, () => {
    it('has nothing to roll back to before the first publish', async () => {
      const store = await open();
      expect(await store.list(tempDir(), 'es')).toEqual([]);
      expect(await refusal(store.rollback(tempDir(), 'es'))).toEqual({ code: 'nothing-to-roll-back', message: 'nothing to roll back to: es has no published snapshot' });
    });

    it('rolls back to the snapshot before the current one, or to a named one, and records it on the runs it swaps', async () => {
      const store = await open();
      const dataDir = tempDir();
      const first = await publish(store, dataDir, 'first');
      const second = await publish(store, dataDir, 'second');
      expect((await store.list(dataDir, 'es')).map((s) => [s.version, s.current])).toEqual([
        [second, true],
        [first, false],
      ]);

      const rolled = await store.rollback(dataDir, 'es', { actor: 'tester' });
      expect([rolled.from, rolled.to.version]).toEqual([second, first]);
      expect((await store.list(dataDir, 'es')).find((s) => s.current)?.version).toBe(first);
      const runs = store.runs(dataDir);
      const firstRun = (await store.list(dataDir, 'es')).find((s) => s.version === first)!.runId;
      const secondRun = (await store.list(dataDir, 'es')).find((s) => s.version === second)!.runId;
      expect((await runs.read(secondRun)).events.at(-1)).toMatchObject({
        what: 'rolled back: its snapshot is no longer served',
        by: 'tester',
        detail: `es serves ${first} again`,
      });
      expect((await runs.read(firstRun)).events.at(-1)).toMatchObject({ what: 'served again after a rollback', by: 'tester', detail: `es rolled back from ${second}` });

      expect(await refusal(store.rollback(dataDir, 'es'))).toEqual({
        code: 'nothing-to-roll-back',
        message: `nothing to roll back to: es has no kept snapshot older than the current ${first}`,
      });
      expect(await refusal(store.rollback(dataDir, 'es', { to: first }))).toEqual({ code: 'nothing-to-roll-back', message: `snapshot ${first} is already current for es` });
      expect(await refusal(store.rollback(dataDir, 'es', { to: 'nope' }))).toEqual({
        code: 'unknown-snapshot',
        message: 'no kept snapshot nope for es (see `lodging snapshots --country es`)',
      });

      const forward = await store.rollback(dataDir, 'es', { to: second, actor: 'tester' });
      expect([forward.from, forward.to.version]).toEqual([first, second]);
      expect((await store.list(dataDir, 'es')).find((s) => s.current)?.version).toBe(second);
    }, 120_000);
  });
}

contract('snapshots in the data directory', async () => localSnapshotStore);

describe.runIf(natsServerAvailable())('on a real nats-server', () => {
  let nats: TestNatsServer;
  const stores: SnapshotStore[] = [];
  beforeAll(async () => {
    nats = await startNatsServer();
  }, 30_000);
  afterAll(async () => {
    for (const store of stores) await store.close();
    await nats?.dispose();
  });

  contract('snapshots on NATS JetStream', async () => {
    const store = await openNatsSnapshotStore({ servers: nats.url, prefix: `snap${randomBytes(4).toString('hex')}`, credsFile: null, tlsCaFile: null, allowUnsigned: true }, { keep: 3 });
    stores.push(store);
    return store;
  });
});
