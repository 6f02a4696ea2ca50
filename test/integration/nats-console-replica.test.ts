// The operator console of a replica acts on the shared store: its snapshot list is the store's, its rollback moves the shared pointer,
// and a candidate held by an import on another machine is reviewed and published from it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
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

const PREFIX = `c${randomBytes(4).toString('hex')}`;

describe.runIf(natsServerAvailable())('the operator console on a replica, with LODGING_SNAPSHOT_STORE set', () => {
  let nats: TestNatsServer;
  let store: NatsSnapshotStore;
  let publisherDir: string;
  let harness: OpsHarness;
  let operator: ConsoleClient;

  beforeAll(async () => {
    nats = await startNatsServer();
    store = await openNatsSnapshotStore({ servers: nats.url, prefix: PREFIX, credsFile: null, tlsCaFile: null, allowUnsigned: true }, { keep: 5 });
    publisherDir = await mkdtemp(path.join(tmpdir(), 'lodging-console-publisher-'));
    harness = await startOpsHarness('sqlite', { env: { LODGING_SNAPSHOT_STORE: nats.url, LODGING_NATS_PREFIX: PREFIX, LODGING_SNAPSHOT_UNSIGNED: 'allow' } });
    ({ client: operator } = await harness.signedInAs('ops@example.org', 'operator'));
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await store?.close();
    await nats?.dispose();
    if (publisherDir) await rm(publisherDir, { recursive: true, force: true });
  });

  const importOn = async (n: number, dryRun = false) => {
    const file = path.join(publisherDir, `es-${n}.jsonl`);
    await writeFile(file, toJsonl(n === 1 ? ES_LISTINGS.slice(0, -1) : n === 3 ? ES_LISTINGS.slice(0, -2) : ES_LISTINGS));
    const runner = createInProcessRunner({ threads: 0 });
    try {
      return (await importWithGates({ country: 'es', files: [file], dataDir: publisherDir, runner, store, keep: 5, dryRun })).run;
    } finally {
      await runner.close();
    }
  };
  const publish = async (n: number) => (await importOn(n)).publishedVersion!;

  const served = async () => ((await (await harness.api.get('/readyz')).json()) as { snapshots: Record<string, { version: string }> }).snapshots.es?.version ?? null;
  const until = async (what: string, probe: () => Promise<boolean>, ms = 15_000) => {
    const deadline = Date.now() + ms;
    while (!(await probe().catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('lists the kept snapshots of the store and rolls the shared pointer back from the console', async () => {
    const first = await publish(1);
    const second = await publish(2);
    expect(first).not.toBe(second);
    await until(`the replica serves ${second}`, async () => (await served()) === second);

    const list = await operator.get('/console/ops/snapshots/es');
    expect(list.status).toBe(200);
    expect(list.text).toContain(second);
    const versions = [...list.text.matchAll(/name="to" value="([^"]+)"/g)].map((m) => m[1]!);
    expect(versions).toEqual([first]);

    const done = await operator.post('/console/ops/snapshots/es/rollback', { to: first });
    expect(done.status).toBe(303);
    expect((await store.pointer('es')).stored!.entry.version).toBe(first);
    await until(`the replica serves ${first} again`, async () => (await served()) === first);
    expect((await store.list(publisherDir, 'es')).find((s) => s.current)?.version).toBe(first);
    // The rollback is an event of both runs, in the history every machine reads.
    const history = await store.runs(publisherDir).list({ country: 'es' });
    expect(history.find((r) => r.publishedVersion === first)?.events.map((e) => e.what)).toContain('served again after a rollback');
    expect(history.find((r) => r.publishedVersion === second)?.events.map((e) => e.what)).toContain('rolled back: its snapshot is no longer served');
  }, 60_000);

  it('shows a candidate held by another machine on Runs and Held, with its report, and publishes it from the replica', async () => {
    const held = await importOn(3, true);
    expect(held.outcome).toBe('dry-run');
    // The import ran in another data directory: the replica finds the run, its report and its file in the shared store.
    const runs = await operator.get('/console/ops/runs');
    expect(runs.status).toBe(200);
    expect(runs.text).toContain(held.runId);
    const report = await operator.get(`/console/ops/runs/${held.runId}/report`);
    expect(report.status).toBe(200);
    expect(report.text).toContain(held.runId);
    const page = await operator.get('/console/ops/held');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`run ${held.runId}`);
    // Its diff against what the replica serves: one place fewer than the current snapshot.
    expect(page.text).toMatch(/removed/i);

    const done = await operator.post(`/console/ops/held/${held.runId}/publish`, { confirm: 'es', reason: 'reviewed on the replica', remaining: '' });
    expect(done.status).toBe(303);
    expect((await store.pointer('es')).stored!.entry.version).toBe(held.candidate!.version);
    await until(`the replica serves ${held.candidate!.version}`, async () => (await served()) === held.candidate!.version);
    const after = await store.runs(publisherDir).read(held.runId);
    expect(after.outcome).toBe('published');
    expect(after.events.at(-1)).toMatchObject({ what: expect.stringMatching(/^published after review/), by: 'console:ops@example.org' });
    expect((await operator.get('/console/ops/held')).text).toContain('No candidate is held.');
  }, 60_000);
});

describe('the operator console while NATS cannot be reached', () => {
  let harness: OpsHarness;
  let operator: ConsoleClient;
  beforeAll(async () => {
    harness = await startOpsHarness('sqlite', { env: { LODGING_SNAPSHOT_STORE: 'nats://127.0.0.1:1', LODGING_NATS_PREFIX: PREFIX, LODGING_SNAPSHOT_UNSIGNED: 'allow' } });
    ({ client: operator } = await harness.signedInAs('ops-down@example.org', 'operator'));
  }, 60_000);
  afterAll(async () => harness?.close());

  it('starts, and answers the pages that need the shared run history with a 503 that names no host', async () => {
    for (const page of ['/console/ops/runs', '/console/ops/held', '/console/ops/countries']) {
      const res = await operator.get(page);
      expect(res.status, page).toBe(503);
      expect(res.text).toContain('The console cannot reach its store right now');
      expect(res.text).not.toContain('127.0.0.1:1');
    }
    // Pages that need no shared store still work.
    expect((await operator.get('/console/ops/suppressions')).status).toBe(200);
  }, 60_000);
});
