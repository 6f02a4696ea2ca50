// The operator console of a replica that holds only public keys: its rollback and publish say there is no signing key, and move nothing.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessRunner } from '../../pipeline/jobs/in-process-runner.ts';
import { importWithGates } from '../../pipeline/publish/import-with-gates.ts';
import { openNatsSnapshotStore, type NatsSnapshotStore } from '../../pipeline/distribution/nats-snapshot-store.ts';
import type { ConsoleClient } from '../api/support/console-client.ts';
import { startOpsHarness, type OpsHarness } from '../api/console/ops/support/ops-harness.ts';
import { ES_LISTINGS, toJsonl } from '../api/support/provider-listings.ts';
import { natsServerAvailable, startNatsServer, type TestNatsServer } from '../support/nats-server.ts';
import { writeSnapshotKeyPair } from '../support/snapshot-key-pair.ts';

const PREFIX = `k${randomBytes(4).toString('hex')}`;

describe.runIf(natsServerAvailable())('the operator console of a replica without the snapshot signing key', () => {
  let nats: TestNatsServer;
  let store: NatsSnapshotStore;
  let dir: string;
  let harness: OpsHarness;
  let operator: ConsoleClient;

  beforeAll(async () => {
    nats = await startNatsServer();
    dir = await mkdtemp(path.join(tmpdir(), 'lodging-keyless-'));
    await writeSnapshotKeyPair(dir, 'k');
    store = await openNatsSnapshotStore({ servers: nats.url, prefix: PREFIX, credsFile: null, tlsCaFile: null, signingKeyFile: path.join(dir, 'k.pem'), stageWaitMs: 0 }, { keep: 5 });
    harness = await startOpsHarness('sqlite', { env: { NODE_ENV: 'production', LODGING_SNAPSHOT_STORE: nats.url, LODGING_NATS_PREFIX: PREFIX, LODGING_SNAPSHOT_VERIFY_KEY: path.join(dir, 'k.pub') } });
    ({ client: operator } = await harness.signedInAs('keyless@example.org', 'operator'));
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await store?.close();
    await nats?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const publish = async (n: number) => {
    const file = path.join(dir, `es-${n}.jsonl`);
    await writeFile(file, toJsonl(n === 1 ? ES_LISTINGS.slice(0, -1) : ES_LISTINGS));
    const runner = createInProcessRunner({ threads: 0 });
    try {
      return (await importWithGates({ country: 'es', files: [file], dataDir: dir, runner, store, keep: 5 })).run.publishedVersion!;
    } finally {
      await runner.close();
    }
  };

  it('answers a rollback with one line saying this machine holds no signing key, and the pointer stays', async () => {
    const first = await publish(1);
    const second = await publish(2);
    const deadline = Date.now() + 15_000;
    const served = async () => ((await (await harness.api.get('/readyz')).json()) as { snapshots: Record<string, { version: string }> }).snapshots.es?.version;
    while ((await served().catch(() => null)) !== second) {
      if (Date.now() > deadline) throw new Error(`the replica never served ${second}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await operator.get('/console/ops/snapshots/es')).status).toBe(200);
    const refused = await operator.post('/console/ops/snapshots/es/rollback', { to: first });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('this machine holds no snapshot signing key (LODGING_SNAPSHOT_SIGNING_KEY): publish and roll back on the publisher');
    expect((await store.pointer('es')).stored!.entry.version).toBe(second);
  }, 60_000);
});
