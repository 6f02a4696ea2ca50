// The "keep a copy" script of docs/api.md, run as written against a live server: download, publish, follow the feed, compare.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_LISTINGS, ES_LISTINGS } from '../api/support/provider-listings.ts';
import { startTestApi, type TestApi } from '../api/support/test-api.ts';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const docs = fs.readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8');
const script = /<!-- script: keep-a-copy -->\n```js\n([\s\S]*?)\n```/.exec(docs)?.[1];

let api: TestApi;
let dir: string;
beforeAll(async () => {
  api = await startTestApi({ exports: { es: [...ES_LISTINGS, ...BULK_LISTINGS] } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keep-a-copy-'));
}, 120_000);
afterAll(async () => {
  await api?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function freshWalk(): Promise<Record<string, unknown>> {
  const places: Record<string, unknown> = {};
  let cursor: string | null = null;
  do {
    const response = await api.get(`/api/v1/places?country=es&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    const page = (await response.json()) as { places: { id: string }[]; page: { nextCursor: string | null } };
    for (const place of page.places) places[place.id] = place;
    cursor = page.page.nextCursor;
  } while (cursor !== null);
  return places;
}

async function runScript(): Promise<{ version: string; places: Record<string, unknown> }> {
  const { stdout } = await run(process.execPath, [path.join(dir, 'keep-a-copy.mjs'), 'es', path.join(dir, 'es-copy.json')], {
    env: { ...process.env, LODGING_URL: api.url, LODGING_KEY: api.secret },
  });
  expect(stdout).toMatch(/^es: \d+ places at version \S+\n$/);
  return JSON.parse(fs.readFileSync(path.join(dir, 'es-copy.json'), 'utf8')) as { version: string; places: Record<string, unknown> };
}

describe('keeping a copy (docs/api.md)', () => {
  it('docs/api.md holds the script', () => {
    expect(script).toContain('include=fields');
    fs.writeFileSync(path.join(dir, 'keep-a-copy.mjs'), script!);
  });

  it('downloads the export, then follows the feed across a publish, ending equal to a fresh walk', async () => {
    const first = await runScript();
    expect(first.places).toEqual(await freshWalk());
    const renamed = BULK_LISTINGS[10]!;
    const next = [...ES_LISTINGS, ...BULK_LISTINGS.slice(0, 3), ...BULK_LISTINGS.slice(8), { ...BULK_LISTINGS[1]!, providerId: 'copy-new', name: 'Hostal Copia' }].map((l) =>
      l === renamed ? { ...l, name: `${String(l.name)} Renamed` } : l,
    );
    await api.publish('es', next);
    const second = await runScript();
    expect(second.version).not.toBe(first.version);
    expect(second.places).toEqual(await freshWalk());
    expect(Object.keys(second.places).length).not.toBe(Object.keys(first.places).length);
  }, 120_000);
});
