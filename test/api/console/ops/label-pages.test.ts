// Unknown labels page against the real server: labels from a real console import, mapping into a temp table copy, the next import classifying it; roles, CSRF, errors, escaping, audit.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleClient } from '../../support/console-client.ts';
import { setUpSignedInOps, type OpsHarness } from './support/ops-harness.ts';

let harness: OpsHarness;
let operator: ConsoleClient;
let operatorId: string;
let developer: ConsoleClient;
let labelsDir: string;

const HOSTILE = '<script>alert("label")</script>';

beforeAll(async () => {
  // The server (and the imports it starts) read and write a copy of the tables: the committed data/labels never changes.
  labelsDir = await mkdtemp(path.join(tmpdir(), 'lodging-console-labels-'));
  await cp(path.resolve('data/labels'), labelsDir, { recursive: true });
});
setUpSignedInOps(
  { operator: 'labels-ops@example.org', developer: 'labels-dev@example.org', env: () => ({ LODGING_LABELS_DIR: labelsDir }) },
  (suite) => ({ harness, operator, operatorId, developer } = suite),
);
afterAll(async () => {
  await rm(labelsDir, { recursive: true, force: true });
});

const listing = (id: string, categories: string[]) =>
  JSON.stringify({ providerId: id, name: `Casa ${id}`, address: { city: 'Sevilla' }, phone: '954 21 11 12', categories });

/** Starts a console import of a file in the import directory and waits for its end over the event stream. */
async function importThroughConsole(file: string): Promise<string> {
  await operator.get('/console/ops/imports');
  const started = await operator.post('/console/ops/imports/file', { country: 'es', file });
  expect(started.status, started.text).toBe(303);
  const events = await fetch(`${harness.api.url}${started.location}/events`, { headers: { cookie: `lodging_console=${operator.cookie()}` } });
  const stream = await events.text();
  const last = JSON.parse(stream.trim().split('\n\n').at(-1)!.split('\n').find((l) => l.startsWith('data: '))!.slice(6)) as { state: string; messages: string[] };
  expect(last.state, last.messages.join('\n')).toBe('published');
  return started.location!;
}

async function lodgingTypeOf(placeId: string): Promise<string> {
  const res = await harness.api.get(`/api/v1/places/${placeId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { place: { lodgingType: string } }).place.lodgingType;
}

const esTable = () => readFile(path.join(labelsDir, 'es.json'), 'utf8');

describe('unknown labels page', () => {
  it('lists the unknown labels of a real import with counts and examples, escaped', async () => {
    await mkdir(path.join(harness.api.dataDir, 'imports'), { recursive: true });
    const lines = [listing('y1', ['Yurta']), listing('y2', ['Hotel', 'Yurta']), listing('x1', [HOSTILE]), listing('h1', ['Hotel'])];
    await writeFile(path.join(harness.api.dataDir, 'imports', 'labels.jsonl'), `${lines.join('\n')}\n`);
    await importThroughConsole('labels.jsonl');
    expect(await lodgingTypeOf('es-y1')).toBe('lodging');

    const page = await operator.get('/console/ops/labels');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    expect(page.text).toMatch(/<a href="\/console\/ops\/labels" aria-current="page">Unknown labels<\/a>/);
    expect(page.text).toMatch(/Unknown labels <small>\(2\)<\/small>/);
    expect(page.text).toMatch(/<q>Yurta<\/q>[\s\S]*?<strong>2<\/strong> listings[\s\S]*?<code>es-y1<\/code> Casa y1[\s\S]*?<code>es-y2<\/code>/);
    expect(page.text).toContain('<input type="hidden" name="label" value="Yurta">');
    expect(page.text).toMatch(/<label for="label-0-key">lodgingType<\/label>/);
    expect(page.text).toContain('<option value="nonLodging">Not a lodging');
    expect(page.text).toContain('>Map label</button>');
    expect(page.text).toContain('&lt;script&gt;alert(&quot;label&quot;)&lt;/script&gt;');
    expect(page.text).not.toContain(HOSTILE);
    const spain = await operator.get('/console/ops/labels?country=es');
    expect(spain.text).toMatch(/Unknown labels <small>\(2\)<\/small>/);
    const france = await operator.get('/console/ops/labels?country=fr');
    expect(france.text).toMatch(/No unknown labels for France/);
  }, 60_000);

  it('refuses a developer (GET and POST) and a POST without the CSRF token, writing nothing', async () => {
    const before = await esTable();
    expect((await developer.get('/console/ops/labels')).status).toBe(403);
    await developer.get('/console/keys');
    expect((await developer.post('/console/ops/labels', { label: 'Yurta', key: 'campsite', language: 'es' })).status).toBe(403);
    await operator.get('/console/ops/labels');
    expect((await operator.post('/console/ops/labels', { label: 'Yurta', key: 'campsite', language: 'es' }, { csrf: false })).status).toBe(403);
    expect((await operator.post('/console/ops/labels', { label: 'Yurta', key: 'campsite', language: 'es' }, { csrf: 'forged' })).status).toBe(403);
    expect(await esTable()).toBe(before);
  });

  it('shows why a mapping is refused (400 or 409), writing nothing', async () => {
    const before = await esTable();
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ label: 'Yurta', key: 'tent', language: 'es' }, 400, /unknown key &quot;tent&quot;/],
      [{ label: 'Yurta', key: '', language: 'es' }, 400, /choose a lodgingType/],
      [{ label: 'Yurta', key: 'campsite', language: 'xx' }, 400, /choose the table/],
      [{ label: 'Never seen', key: 'campsite', language: 'es' }, 400, /not among the unknown labels imports met/],
      [{ label: 'Hotel', key: 'hotel', language: 'es' }, 409, /it is already in the tables \(.*folds to the same form/],
      [{ label: 'Hoteles', key: 'hostel', language: 'es' }, 409, /exact\.hotel &quot;Hotel&quot; \(hotel\) folds to the same form as exact\.hostel &quot;Hoteles&quot; \(hostel\)/],
    ];
    for (const [fields, status, reason] of cases) {
      await operator.get('/console/ops/labels');
      const res = await operator.post('/console/ops/labels', fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(res.text, JSON.stringify(fields)).toMatch(reason);
      expect(res.text).toMatch(/was not mapped and nothing was written: /);
    }
    expect(await esTable()).toBe(before);
  });

  it('maps a label: the line added is shown and audited, and the next import classifies it', async () => {
    const before = (await esTable()).split('\n');
    await operator.get('/console/ops/labels');
    const mapped = await operator.post('/console/ops/labels', { label: 'Yurta', key: 'campsite', language: 'es' });
    expect(mapped.status, mapped.text).toBe(303);
    expect(mapped.location).toBe('/console/ops/labels?notice=mapped');

    const text = await esTable();
    const after = text.split('\n');
    expect(after.length).toBe(before.length + 1);
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    const lineNumber = after.findIndex((line) => line.trim() === '"Yurta"') + 1;
    expect((JSON.parse(text) as { exact: Record<string, string[]> }).exact.campsite).toContain('Yurta');

    const page = await operator.get(mapped.location!);
    expect(page.text).toMatch(new RegExp(`<q>Yurta</q> mapped to <strong>campsite</strong>. Added line ${lineNumber} of <code>[^<]*es\\.json</code>, under <code>exact\\.campsite</code>`));
    expect(page.text).toMatch(/<code class="line-preview added-line">&quot;Yurta&quot;<\/code>/);
    expect(page.text).toMatch(/It applies from the next import: <a href="\/console\/ops\/imports">start an import<\/a>/);
    expect(page.text).toMatch(/Unknown labels <small>\(1\)<\/small>/);
    expect(page.text).not.toContain('<h3 id="label-0-name"><q>Yurta</q>');
    expect(page.text).not.toContain('value="Yurta"');

    const trail = await harness.api.server.stores.accounts.listAudit(operatorId, 20);
    expect(trail.find((e) => e.action === 'label-mapped')).toMatchObject({ actor: operatorId, detail: `${path.join(labelsDir, 'es.json')}:${lineNumber} exact.campsite "Yurta"` });

    // Applied from the next import: the console's child import reads the same tables.
    await importThroughConsole('labels.jsonl');
    expect(await lodgingTypeOf('es-y1')).toBe('campsite');
    expect(await lodgingTypeOf('es-y2')).toBe('campsite');
    // The committed table is untouched.
    expect(await readFile(path.resolve('data/labels/es.json'), 'utf8')).not.toContain('"Yurta"');
  }, 60_000);
});
