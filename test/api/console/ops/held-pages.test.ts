// A held candidate that empties a country is published only with the remaining places typed (console and `lodging publish`, one use case);
// decision cards show added / removed / changed; discarding goes through a confirmation page; a dry run's counts say "would publish".
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRuns } from '../../../../pipeline/runs/run-store.ts';
import { lodging as lodgingIn } from '../../../support/publication-kit.ts';
import type { ConsoleClient } from '../../support/console-client.ts';
import { setUpSignedInOps, type OpsHarness } from './support/ops-harness.ts';

let harness: OpsHarness;
let operator: ConsoleClient;
let files: string;

const line = (id: string) => JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city: 'Sevilla' }, phone: '954 21 11 12', categories: ['Hotel'] });

const lodging = (args: string[]) => lodgingIn(harness.api.dataDir, args);

async function importLines(name: string, ids: string[], extra: string[] = []): Promise<string> {
  const file = path.join(files, name);
  await writeFile(file, ids.map(line).join('\n') + (ids.length ? '\n' : ''));
  await lodging(['import', '--country', 'es', ...extra, file]);
  return listRuns(harness.api.dataDir, { country: 'es' })[0]!.runId;
}

const served = async () => ((await (await harness.api.get('/api/v1/places?country=es&limit=50')).json()) as { places: unknown[] }).places.length;

setUpSignedInOps({ operator: 'held@example.org' }, (suite) => ({ harness, operator } = suite));
beforeAll(async () => {
  files = await mkdtemp(path.join(tmpdir(), 'lodging-held-pages-'));
  await importLines('es-four.jsonl', ['a', 'b', 'c', 'd']);
}, 60_000);
afterAll(async () => {
  if (files) await rm(files, { recursive: true, force: true });
});

describe('a held candidate that empties its country', () => {
  let runId: string;

  it('shows added / removed / changed on its card, warns that every place would go, and asks for the places that will remain', async () => {
    runId = await importLines('es-empty.jsonl', []);
    const held = await operator.get('/console/ops/held');
    expect(held.text).toMatch(/\+0 added<\/strong> · <strong class="removed">−4 removed<\/strong> · <strong>0 changed<\/strong>/);
    expect(held.text).toMatch(/Most of es's places would go/);
    expect(held.text).toMatch(/<label for="field-remaining">Places that will remain<\/label>/);
    expect(held.text).toMatch(/leaves the country with no places/);
  });

  it('is not published by the country code and a reason alone, nor with a wrong count: the error names the number, beside the field', async () => {
    const missing = await operator.post(`/console/ops/held/${runId}/publish`, { confirm: 'es', reason: 'the provider closed every hotel', remaining: '' });
    expect(missing.status).toBe(400);
    expect(missing.text).toMatch(/<strong class="error" id="field-remaining-error">nothing was published; this candidate leaves es with no places \(4 now\): type the number of places that will remain, 0, to confirm/);
    await operator.get('/console/ops/held');
    const wrong = await operator.post(`/console/ops/held/${runId}/publish`, { confirm: 'es', reason: 'the provider closed every hotel', remaining: '4' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toMatch(/4 is not the number that remains/);
    // The form keeps what was typed: only the wrong field needs typing again.
    expect(wrong.text).toMatch(/<input id="field-confirm" name="confirm" type="text" value="es"/);
    expect(wrong.text).toMatch(/<input id="field-reason" name="reason" type="text" value="the provider closed every hotel"/);
    expect(wrong.text).toMatch(/<input id="field-remaining" name="remaining" type="text" value="4"/);
    expect(await served()).toBe(4);
  });

  it('is refused the same way by `lodging publish` without --confirm-remaining, naming the number', async () => {
    const cli = await lodging(['publish', runId, '--force', '--reason', 'the provider closed every hotel']);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/leaves es with no places \(4 now\).*--confirm-remaining 0/);
    const bad = await lodging(['publish', runId, '--force', '--reason', 'r', '--confirm-remaining', 'none']);
    expect(bad.code).toBe(2);
    expect(await served()).toBe(4);
  });

  it('publishes with the count typed; the run and Countries show a red badge, never the green one', async () => {
    await operator.get('/console/ops/held');
    const done = await operator.post(`/console/ops/held/${runId}/publish`, { confirm: 'es', reason: 'the provider closed every hotel', remaining: '0' });
    expect(done.status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await served()).toBe(0);
    const countries = await operator.get('/console/ops/countries');
    expect(countries.text).toMatch(/<span class="badge outcome-drastic">Published \(forced\): 0 of 4 places left<\/span>/);
    expect(countries.text).not.toMatch(/badge outcome-published/);
    const run = await operator.get(`/console/ops/runs/${runId}`);
    expect(run.text).toMatch(/leaving 0 of 4 places \(confirmed\)/);
  });
});

describe('the CLI with --confirm-remaining', () => {
  it('publishes a candidate that halves the country when the count is right', async () => {
    await importLines('es-back.jsonl', ['a', 'b', 'c', 'd', 'e', 'f']);
    const halved = await importLines('es-one.jsonl', ['a'], ['--dry-run']);
    const wrong = await lodging(['publish', halved, '--confirm-remaining', '2']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/removes 5 of the 6 places es serves now.*remain, 1,/);
    const right = await lodging(['publish', halved, '--force', '--reason', 'one hotel left', '--confirm-remaining', '1']);
    expect(right.code, right.stderr).toBe(0);
  }, 60_000);
});

describe('a dry run and a discard', () => {
  it('says "would publish" (not "published") and not "Dry run (held) · dry run"; discard is confirmed on its own page', async () => {
    const dry = await importLines('es-dry.jsonl', ['a', 'b'], ['--dry-run']);
    const page = await operator.get(`/console/ops/runs/${dry}`);
    expect(page.text).toMatch(/2 lines: would publish 2, 0 rejected, 0 suppressed, 0 closed, 0 unreadable/);
    expect(page.text).not.toMatch(/· dry run/);
    expect(page.text).toMatch(/<strong class="added">\+1 added<\/strong>/);
    expect(page.text).toMatch(/<caption>2 places it would publish against 1 now<\/caption>/);
    expect(page.text).not.toMatch(/2 published/);

    const held = await operator.get('/console/ops/held');
    expect(held.text).toContain(`href="/console/ops/held/${dry}/discard">Discard candidate…</a>`);
    expect(held.text).not.toContain(`action="/console/ops/held/${dry}/discard"`);
    const confirm = await operator.get(`/console/ops/held/${dry}/discard`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toMatch(/<h1>Discard the Spain candidate of run [\w-]+\?<\/h1>/);
    expect(confirm.text).toMatch(/can no longer be published/);
    expect(confirm.text).toContain(`action="/console/ops/held/${dry}/discard"`);
    expect((await operator.post(`/console/ops/held/${dry}/discard`, {})).status).toBe(303);
    const discarded = await operator.get(`/console/ops/runs/${dry}`);
    expect(discarded.text).toMatch(/badge outcome-discarded/);
    expect(discarded.text).toMatch(/2 lines: 2 candidates \(not published\), 0 rejected/);
    expect((await operator.get('/console/ops/runs?outcome=discarded')).text).toContain('<small>2 candidates (not published)</small>');
  }, 60_000);
});
