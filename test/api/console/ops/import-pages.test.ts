// Imports page against the real server: several uploaded files or several server files run as one import, shown by their original names.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hiddenValue, type ConsoleClient } from '../../support/console-client.ts';
import { setUpSignedInOps, type OpsHarness } from './support/ops-harness.ts';

let harness: OpsHarness;
let operator: ConsoleClient;

setUpSignedInOps({ operator: 'imports-ops@example.org' }, (suite) => ({ harness, operator } = suite));

const place = (id: string, city: string) => JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city }, phone: '954 21 11 12', categories: ['Hotel'] });

async function finalState(location: string): Promise<{ state: string; files: string[] }> {
  const stream = await (await fetch(`${harness.api.url}${location}/events`, { headers: { cookie: `lodging_console=${operator.cookie()}` } })).text();
  return JSON.parse(stream.trim().split('\n\n').at(-1)!.split('\n').find((l) => l.startsWith('data: '))!.slice(6)) as { state: string; files: string[] };
}

async function countryPlaces(): Promise<string[]> {
  const res = await harness.api.get('/api/v1/places?country=es&limit=50');
  return ((await res.json()) as { places: { id: string }[] }).places.map((p) => p.id).sort();
}

describe('imports page', () => {
  it('runs a two-file upload as one import, showing the original file names', async () => {
    const page = await operator.get('/console/ops/imports');
    expect(page.text).toMatch(/<input id="field-export" name="export" type="file" multiple/);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const body = new FormData();
    body.append('_csrf', csrf);
    body.append('country', 'es');
    body.append('export', new Blob([`${place('n1', 'Sevilla')}\n`]), 'Norte región.jsonl');
    body.append('export', new Blob([`${place('s1', 'Cádiz')}\n${place('s2', 'Cádiz')}\n`]), 'sur.jsonl');
    const res = await fetch(`${harness.api.url}/console/ops/imports/upload`, { method: 'POST', body, headers: { cookie: `lodging_console=${operator.cookie()}` }, redirect: 'manual' });
    expect(res.status, await res.clone().text()).toBe(303);
    const location = res.headers.get('location')!;
    const last = await finalState(location);
    expect(last.state).toBe('published');
    expect(last.files).toEqual(['Norte región.jsonl', 'sur.jsonl']);
    expect(await countryPlaces()).toEqual(['es-n1', 'es-s1', 'es-s2']);
    const job = await operator.get(location);
    expect(job.text).toMatch(/2 files, one import: <code>Norte región\.jsonl<\/code>, <code>sur\.jsonl<\/code>, started .* by imports-ops@example\.org/);
    const list = await operator.get('/console/ops/imports');
    expect(list.text).toMatch(/<code>Norte región\.jsonl<\/code>, <code>sur\.jsonl<\/code>/);
    expect(list.text).not.toContain('console:imports-ops');
  }, 60_000);

  it('offers server files as checkboxes, none ticked, with whole names; several ticked run as one import', async () => {
    const dir = path.join(harness.api.dataDir, 'imports');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'a-region-with-a-rather-long-name-for-the-picker.jsonl'), `${place('p1', 'Sevilla')}\n`);
    await writeFile(path.join(dir, 'b.jsonl'), `${place('p2', 'Sevilla')}\n`);
    await writeFile(path.join(dir, 'empty.jsonl'), '');
    const page = await operator.get('/console/ops/imports');
    expect(page.text).toContain('<code>a-region-with-a-rather-long-name-for-the-picker.jsonl</code>');
    expect(page.text).toMatch(/empty\.jsonl<\/code> <small>0 bytes \(empty\)/);
    expect(page.text).not.toMatch(/type="checkbox"[^>]*name="file"[^>]*checked/);
    const none = await operator.post('/console/ops/imports/file', { country: 'es' });
    expect(none.status).toBe(400);
    expect(none.text).toMatch(/tick at least one file/);
    const form = await operator.get('/console/ops/imports');
    const body = new URLSearchParams([['_csrf', hiddenValue(form.text, '_csrf')!], ['country', 'es'], ['file', 'a-region-with-a-rather-long-name-for-the-picker.jsonl'], ['file', 'b.jsonl']]);
    const res = await fetch(`${harness.api.url}/console/ops/imports/file`, { method: 'POST', body, headers: { cookie: `lodging_console=${operator.cookie()}` }, redirect: 'manual' });
    expect(res.status).toBe(303);
    const last = await finalState(res.headers.get('location')!);
    expect(last.state).toBe('published');
    expect(await countryPlaces()).toEqual(['es-p1', 'es-p2']);
  }, 60_000);

  it('a refused upload is named by its original name everywhere, never by its stored name or a server path; its report is a link', async () => {
    const page = await operator.get('/console/ops/imports');
    const body = new FormData();
    body.append('_csrf', hiddenValue(page.text, '_csrf')!);
    body.append('country', 'es');
    // Nothing to publish: the zero-published gate refuses it, and the candidate is held.
    body.append('export', new Blob([`${JSON.stringify({ providerId: 'r1', name: '', address: { city: 'Sevilla' } })}\n`]), 'es-madrid.jsonl');
    const res = await fetch(`${harness.api.url}/console/ops/imports/upload`, { method: 'POST', body, headers: { cookie: `lodging_console=${operator.cookie()}` }, redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    const last = (await finalState(location)) as unknown as { state: string; runId: string; messages: { text: string; href: string | null }[] };
    expect(last.state).toBe('refused');
    const runId = last.runId;
    const stored = /\d{8}-\d{6}-[0-9a-f]+-es-madrid\.jsonl/;
    // The child's refusal line: its report is a link to the console's report page, not the text "report report.html".
    expect(last.messages).toContainEqual({ text: expect.stringMatching(/^Refused by a publication gate; nothing was published \(run [\w-]+\)$/), href: `/console/ops/runs/${runId}/report` });
    const job = await operator.get(location);
    expect(job.text).toContain(`<a href="/console/ops/runs/${runId}/report">Open its report</a>`);
    expect(job.text).not.toMatch(/report report\.html/);
    for (const url of [location, '/console/ops/imports', `/console/ops/runs/${runId}`, '/console/ops/runs', '/console/ops/held', `/console/ops/runs/${runId}/report`]) {
      // The report's commands at its end name the file on the server, as they must to work when run there.
      // A checkbox's value names the stored file for the server; what the page shows is the original name.
      const shown = (await operator.get(url)).text.split('<h2>Next steps</h2><ul class="cmd">')[0]!.replace(/ value="[^"]*"/g, '');
      expect(shown, url).toContain('es-madrid.jsonl');
      expect(shown, url).not.toMatch(stored);
      expect(shown, url).not.toContain(path.join(harness.api.dataDir, 'imports'));
    }
    // The report's rejected line is named by the original name too.
    const report = await operator.get(`/console/ops/runs/${runId}/report`);
    expect(report.text).toContain('<code>es-madrid.jsonl:1</code>');
  }, 60_000);

  it('preselects the country given in the address', async () => {
    const page = await operator.get('/console/ops/imports?country=pt');
    expect(page.text).toMatch(/<option value="pt" selected>/);
  });
});
