// Countries, runs, reports, held candidates and rollback through the operator pages, on the real pipeline and a real API.
import { describe, expect, it } from 'vitest';
import type { ConsoleClient } from '../../support/console-client.ts';
import { postUpload, setUpSignedInOps, type OpsHarness } from './support/ops-harness.ts';

let harness: OpsHarness;
let operator: ConsoleClient;
let operatorId: string;

setUpSignedInOps({ operator: 'ops@example.org' }, (suite) => ({ harness, operator, operatorId } = suite));

const line = (id: string, over: Record<string, unknown> = {}) =>
  JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city: 'Sevilla' }, phone: '954 21 11 12', categories: ['Hotel'], ...over });

async function importThroughConsole(name: string, content: string): Promise<{ state: string; runId: string | null }> {
  await operator.get('/console/ops/imports');
  const res = await postUpload(harness.api.url, operator, '/console/ops/imports/upload', { _csrf: operator.hidden('_csrf')!, country: 'es' }, { name, content });
  expect(res.status).toBe(303);
  const stream = await (await fetch(`${harness.api.url}${res.location}/events`, { headers: { cookie: `lodging_console=${operator.cookie()}` } })).text();
  const data = stream.trim().split('\n\n').at(-1)!.split('\n').find((l) => l.startsWith('data: '))!.slice(6);
  return JSON.parse(data) as { state: string; runId: string | null };
}

const places = async () => ((await (await harness.api.get('/api/v1/places?country=es&limit=50')).json()) as { places: { id: string }[] }).places.map((p) => p.id).sort();

describe('publication through the operator console', () => {
  let firstRun: string;
  let before: string[];

  it('publishes a first export; the country shows its counts and chart; the run opens its report', async () => {
    const first = await importThroughConsole('es-first.jsonl', `${[line('a'), line('b'), line('c', { categories: ['Camping'] })].join('\n')}\n`);
    expect(first.state).toBe('published');
    expect(first.runId).toBeTruthy();
    firstRun = first.runId!;
    before = await places();
    expect(before).toHaveLength(3);

    const countries = await operator.get('/console/ops/countries');
    expect(countries.status).toBe(200);
    expect(countries.text).toMatch(/<svg class="mini-chart"/);
    expect(countries.text).toMatch(/es-first\.jsonl/);

    const runs = await operator.get('/console/ops/runs?country=es&outcome=published');
    expect(runs.text).toContain(firstRun);
    expect((await operator.get('/console/ops/runs?outcome=refused')).text).not.toContain(firstRun);

    const report = await operator.get(`/console/ops/runs/${firstRun}/report`);
    expect(report.status).toBe(200);
    expect(report.text).toMatch(/<svg/);
    expect(report.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
  }, 90_000);

  it('publishes a second export, then refuses an empty file and holds it; the country warns', async () => {
    const second = await importThroughConsole('es-second.jsonl', `${[line('a'), line('b'), line('c'), line('d')].join('\n')}\n`);
    expect(second.state).toBe('published');
    expect(await places()).toHaveLength(4);
    const empty = await importThroughConsole('empty.jsonl', '');
    expect(empty.state).toBe('refused');
    expect(await places()).toHaveLength(4);
    const countries = await operator.get('/console/ops/countries');
    expect(countries.text).toMatch(/refused by a publication gate/);
    const held = await operator.get('/console/ops/held');
    expect(held.text).toContain(empty.runId!);
    expect(held.text).toMatch(/zero-published/);

    const wrong = await operator.post(`/console/ops/held/${empty.runId}/publish`, { confirm: 'fr', reason: 'testing' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toMatch(/Type es to confirm/);
    await operator.get('/console/ops/held');
    expect((await operator.post(`/console/ops/held/${empty.runId}/discard`, {})).status).toBe(303);
    expect((await operator.get('/console/ops/held')).text).toMatch(/No candidate is held/);
  }, 90_000);

  it('rolls the country back to the snapshot of the first import after showing the diff; the API answers as before', async () => {
    const list = await operator.get('/console/ops/snapshots/es');
    const versions = [...list.text.matchAll(/name="to" value="([^"]+)"/g)].map((m) => m[1]!);
    expect(versions).toHaveLength(1);
    const preview = await operator.post('/console/ops/snapshots/es/preview', { to: versions[0]! });
    expect(preview.status).toBe(200);
    expect(preview.text).toMatch(/<strong>1<\/strong> places that go away: <code>es-d<\/code>/);
    expect(await places()).toHaveLength(4);
    const done = await operator.post('/console/ops/snapshots/es/rollback', { to: versions[0]! });
    expect(done.status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await places()).toEqual(before);
    const trail = await harness.api.server.stores.accounts.listAudit(operatorId, 50);
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['import-started', 'held-discarded', 'rolled-back']));
  }, 60_000);
});
