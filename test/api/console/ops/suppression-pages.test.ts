// Suppressions page against the real server: values stored in canonical form with who and when, form errors beside the field, applied at the next import.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleClient } from '../../support/console-client.ts';
import { startOpsHarness, type OpsHarness } from './support/ops-harness.ts';

let harness: OpsHarness;
let operator: ConsoleClient;

beforeAll(async () => {
  harness = await startOpsHarness();
  ({ client: operator } = await harness.signedInAs('suppress-ops@example.org', 'operator'));
}, 60_000);
afterAll(() => harness?.close());

const listFile = () => readFile(path.join(harness.api.dataDir, 'suppression-list.txt'), 'utf8');

async function add(fields: Record<string, string>) {
  await operator.get('/console/ops/suppressions');
  return operator.post('/console/ops/suppressions', { kind: 'domain', value: '', note: 'owner asked, ticket 9', country: '', ...fields });
}

describe('suppressions page', () => {
  it('stores a URL as its registrable domain, with who and when, and links the import of the country', async () => {
    const res = await add({ kind: 'domain', value: 'https://www.Hotel-Sol.es/habitaciones?x=1' });
    expect(res.status).toBe(303);
    const page = await operator.get(res.location!);
    expect(page.text).toContain('Stored as <code>hotel-sol.es</code>');
    expect(await listFile()).toMatch(/^domain hotel-sol\.es  # owner asked, ticket 9  \[added \d{4}-\d\d-\d\dT[\d:]+Z by console:suppress-ops@example\.org\]$/m);
    expect(page.text).toMatch(/<code>hotel-sol\.es<\/code>[\s\S]*suppress-ops@example\.org<br><small>\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(page.text).not.toContain('console:suppress-ops');
  });

  it('refuses a national phone without a country with a suggestion of the +34 form, beside the field; with the country it is E.164', async () => {
    const refused = await add({ kind: 'phone', value: '912 345 678' });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/<strong class="error" id="field-value-error">Write the phone with its country code, e\.g\. \+34912345678/);
    const added = await add({ kind: 'phone', value: '912 345 678', country: 'es' });
    expect(added.status).toBe(303);
    expect(added.location).toContain('country=es');
    expect(await listFile()).toMatch(/^phone \+34912345678  # /m);
    const page = await operator.get(added.location!);
    expect(page.text).toContain('href="/console/ops/imports?country=es"');
  });

  it('keeps an id no snapshot has, with a warning; refuses control and bidi characters and over-long values', async () => {
    const added = await add({ kind: 'id', value: 'es-nowhere-1' });
    expect(added.status).toBe(303);
    expect((await operator.get(added.location!)).text).toMatch(/No current snapshot has a place with the id <code>es-nowhere-1<\/code>/);
    for (const value of ['es-a\u202eb', 'es-a\u0007', 'x'.repeat(301)]) {
      const res = await add({ kind: 'id', value });
      expect(res.status, value).toBe(400);
    }
    expect(await listFile()).not.toMatch(/\u202e|\u0007|xxxxxxxxxx/);
  });

  it('applies a suppression typed as a URL at the next import', async () => {
    await mkdir(path.join(harness.api.dataDir, 'imports'), { recursive: true });
    const place = (id: string, website: string) => JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city: 'Sevilla' }, phone: '954 21 11 12', website, categories: ['Hotel'] });
    await writeFile(path.join(harness.api.dataDir, 'imports', 'supp.jsonl'), `${[place('s1', 'http://hotel-sol.es/en/'), place('s2', 'https://other-hotel.es')].join('\n')}\n`);
    await operator.get('/console/ops/imports');
    const started = await operator.post('/console/ops/imports/file', { country: 'es', file: 'supp.jsonl' });
    expect(started.status, started.text).toBe(303);
    await (await fetch(`${harness.api.url}${started.location}/events`, { headers: { cookie: `lodging_console=${operator.cookie()}` } })).text();
    expect((await harness.api.get('/api/v1/places/es-s2')).status).toBe(200);
    expect((await harness.api.get('/api/v1/places/es-s1')).status).toBe(404);
  }, 60_000);
});
