// Run → report → snapshot → rollback as a chain of links; a rollback is an event on the runs it concerns, and Countries says so.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/commands.ts';
import { listRuns, readRun } from '../../../../pipeline/runs/run-store.ts';
import type { ConsoleClient } from '../../support/console-client.ts';
import { setUpSignedInOps, type OpsHarness } from './support/ops-harness.ts';

let harness: OpsHarness;
let operator: ConsoleClient;
let files: string;

const line = (id: string, over: Record<string, unknown> = {}) =>
  JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city: 'Sevilla' }, phone: '954 21 11 12', categories: ['Hotel'], ...over });

async function importLines(name: string, lines: string[]): Promise<string> {
  const file = path.join(files, name);
  await writeFile(file, `${lines.join('\n')}\n`);
  const quiet = { stdout: () => undefined, stderr: () => undefined, interactive: false };
  await main(['import', '--country', 'es', file], { ...quiet, env: { LODGING_DATA_DIR: harness.api.dataDir, LODGING_THREADS: '0' } });
  return listRuns(harness.api.dataDir, { country: 'es' })[0]!.runId;
}

setUpSignedInOps({ operator: 'chain@example.org' }, (suite) => ({ harness, operator } = suite));
beforeAll(async () => {
  files = await mkdtemp(path.join(tmpdir(), 'lodging-run-pages-'));
});
afterAll(async () => {
  if (files) await rm(files, { recursive: true, force: true });
});

describe('run, report, snapshot and rollback', () => {
  let first: string;
  let second: string;
  let version: string;

  it('links the run to its snapshot, the snapshot row to its run; counts add up to the lines', async () => {
    first = await importLines('es-1.jsonl', [line('a'), line('b'), line('c'), line('x', { name: '' })]);
    second = await importLines('es-2.jsonl', [line('a'), line('b'), line('c'), line('d')]);
    version = readRun(harness.api.dataDir, second).publishedVersion!;
    const run = await operator.get(`/console/ops/runs/${second}`);
    expect(run.text).toContain(`<dt>Published snapshot</dt><dd><a href="/console/ops/snapshots/es#snapshot-${version}"><code>${version}</code></a></dd>`);
    expect(run.text).toMatch(/4 lines: 4 published, 0 rejected, 0 suppressed, 0 closed, 0 unreadable/);
    expect((await operator.get(`/console/ops/runs/${first}`)).text).toMatch(/4 lines: 3 published, 1 rejected, 0 suppressed, 0 closed, 0 unreadable/);
    const snapshots = await operator.get('/console/ops/snapshots/es');
    expect(snapshots.text).toContain(`<tr id="snapshot-${version}">`);
    expect(snapshots.text).toContain(`<a href="/console/ops/runs/${second}">${second}</a>`);
    expect(snapshots.text).toContain(`<a href="/console/ops/runs/${first}">${first}</a>`);
  });

  it('serves the report with the console bar, a way back and console links as next steps; the commands stay below', async () => {
    const report = await operator.get(`/console/ops/runs/${second}/report`);
    expect(report.status).toBe(200);
    expect(report.text).toMatch(/<nav class="console-bar" aria-label="Console"><a class="brand" href="\/console">/);
    expect(report.text).toContain(`<a href="/console/ops/runs/${second}">← Run ${second}</a>`);
    expect(report.text).toContain(`<a href="/console/ops/snapshots/es#snapshot-${version}">See its snapshot ${version}`);
    expect(report.text).toContain(`npx lodging rollback --country es`);
    // Both inline styles (the report's and the bar's) are allowed by hash, nothing else.
    expect(report.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-[^']+' 'sha256-[^']+';/);
  });

  it('records a rollback on both runs and says on Countries that the country was rolled back', async () => {
    await operator.get('/console/ops/snapshots/es');
    const older = readRun(harness.api.dataDir, first).publishedVersion!;
    expect((await operator.post('/console/ops/snapshots/es/rollback', { to: older })).status).toBe(303);
    expect(readRun(harness.api.dataDir, second).events.at(-1)).toMatchObject({ what: 'rolled back: its snapshot is no longer served', by: 'console:chain@example.org' });
    expect(readRun(harness.api.dataDir, first).events.at(-1)).toMatchObject({ what: 'served again after a rollback' });
    const run = await operator.get(`/console/ops/runs/${second}`);
    expect(run.text).toMatch(/<div class="notice warning" role="status">Rolled back .* by console:chain@example\.org: es serves [\w.-]+ again\./);
    const countries = await operator.get('/console/ops/countries');
    expect(countries.text).toMatch(/<dt>Rolled back<\/dt><dd><span class="badge warn">rolled back<\/span> .* by console:chain@example\.org, from <code>[\w.-]+<\/code><\/dd>/);
  });

  it('names a move to a newer snapshot a roll forward: on Snapshots, its review, the runs and Countries', async () => {
    const older = readRun(harness.api.dataDir, first).publishedVersion!;
    const snapshots = await operator.get('/console/ops/snapshots/es');
    expect(snapshots.text).toContain(`aria-label="Review roll forward to ${version}"`);
    expect(snapshots.text).not.toContain(`aria-label="Review rollback to ${version}"`);
    const preview = await operator.post('/console/ops/snapshots/es/preview', { to: version });
    expect(preview.text).toContain('<h1>Roll Spain forward?</h1>');
    expect(preview.text).toContain(`Roll forward es to ${version}`);
    expect((await operator.post('/console/ops/snapshots/es/rollback', { to: version })).status).toBe(303);
    expect((await operator.get('/console/ops/snapshots/es?notice=rolled-forward')).text).toContain('Rolled forward: every API process serves this snapshot within a second.');
    expect(readRun(harness.api.dataDir, first).events.at(-1)).toMatchObject({ what: 'rolled forward: its snapshot is no longer served' });
    expect(readRun(harness.api.dataDir, second).events.at(-1)).toMatchObject({ what: 'served again after a roll forward', detail: `es rolled forward from ${older}` });
    expect((await operator.get(`/console/ops/runs/${first}`)).text).toMatch(/<div class="notice warning" role="status">Rolled forward .* by console:chain@example\.org: es serves [\w.-]+ again\./);
    const countries = await operator.get('/console/ops/countries');
    expect(countries.text).toMatch(/<dt>Rolled forward<\/dt><dd><span class="badge warn">rolled forward<\/span> .* by console:chain@example\.org, from <code>[\w.-]+<\/code><\/dd>/);
    expect(countries.text).not.toMatch(/rolled back/i);
  });
});
