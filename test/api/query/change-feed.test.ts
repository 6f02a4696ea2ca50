// GET /api/v1/changes: the ids added, changed and removed between a kept snapshot and the current one, paged; 410 for others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { importWithGates, rollback } from '../../../pipeline/index.ts';
import { createInProcessRunner } from '../../../pipeline/jobs/in-process-runner.ts';
import { BULK_LISTINGS, ES_LISTINGS } from '../support/provider-listings.ts';
import { expectInvalidParameters, readJson } from '../support/shapes.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ exports: { es: [...ES_LISTINGS, ...BULK_LISTINGS] } });
});
afterAll(async () => {
  await api?.close();
});

const idOf = (listing: Record<string, unknown>) => `es-${String(listing.providerId)}`;

async function feed(query: string): Promise<{ added: string[]; changed: string[]; removed: string[]; from: string; to: string }> {
  const all = { added: [] as string[], changed: [] as string[], removed: [] as string[], from: '', to: '' };
  let cursor: string | null = null;
  do {
    const json = await readJson(api.get(`/api/v1/changes?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
    expect(json.status).toBe(200);
    all.added.push(...json.body.added);
    all.changed.push(...json.body.changed);
    all.removed.push(...json.body.removed);
    Object.assign(all, { from: json.body.from, to: json.body.to });
    cursor = json.body.page.nextCursor;
  } while (cursor !== null);
  return all;
}

describe('the change feed', () => {
  it('names the five dropped listings and the renamed one, paged, from the first version to the second', async () => {
    const start = await readJson(api.get('/api/v1/changes?country=es'));
    expect(start.status).toBe(200);
    const first: string = start.body.to;
    expect(start.headers.get('x-snapshot-version')).toBe(first);
    expect(start.body).toMatchObject({ from: null, added: [], changed: [], removed: [] });

    const dropped = BULK_LISTINGS.slice(3, 8);
    const renamed = BULK_LISTINGS[10]!;
    const next = [...ES_LISTINGS, ...BULK_LISTINGS.filter((l) => !dropped.includes(l))].map((l) =>
      l === renamed ? { ...l, name: `${String(l.name)} Renamed` } : l,
    );
    await api.publish('es', next);
    const second = (await readJson(api.get('/api/v1/changes?country=es'))).body.to;
    expect(second).not.toBe(first);

    const changes = await feed(`country=es&since=${first}&limit=2`);
    expect(changes).toEqual({ added: [], changed: [idOf(renamed)], removed: dropped.map(idOf).sort(), from: first, to: second });
    expect((await feed(`country=es&since=${second}`)).removed).toEqual([]);

    // A rollback is a change like any other: back to the first, the dropped ones come back.
    rollback(api.dataDir, 'es', { to: first });
    const back = await feed(`country=es&since=${second}`);
    expect(back).toMatchObject({ added: dropped.map(idOf).sort(), changed: [idOf(renamed)], removed: [], to: first });
  });

  it('an unknown version is a 410 telling the client to re-read the country', async () => {
    const json = await readJson(api.get('/api/v1/changes?country=es&since=20000101T000000000Z-abcdef'));
    expect(json.status).toBe(410);
    expect(json.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(json.body.detail).toMatch(/re-read the country/);
  });

  it('a dry run candidate, never served, is an unknown version: nothing of it leaks through removed', async () => {
    const file = path.join(api.dataDir, 'exports', 'dry-candidate.jsonl');
    await mkdir(path.dirname(file), { recursive: true });
    const secretId = 'dry-only-listing';
    const listings = [...ES_LISTINGS, ...BULK_LISTINGS, { ...BULK_LISTINGS[0]!, providerId: secretId, name: 'Never Published Hostal' }];
    await writeFile(file, listings.map((l) => JSON.stringify(l)).join('\n'));
    const dry = await importWithGates({ country: 'es', files: [file], dataDir: api.dataDir, runner: createInProcessRunner({ threads: 0 }), dryRun: true });
    expect(dry.run.outcome).toBe('dry-run');
    const candidate = dry.run.candidate!.version;
    const json = await readJson(api.get(`/api/v1/changes?country=es&since=${candidate}`));
    expect(json.status).toBe(410);
    expect(JSON.stringify(json.body)).not.toContain(secretId);
  });

  it.each([
    ['a malformed since', 'country=es&since=yesterday', ['since']],
    ['a limit over 1000', 'country=es&limit=1001', ['limit']],
    ['no country', 'since=20000101T000000000Z-abcdef', ['country']],
    ['a cursor without since', 'country=es&cursor=abc', ['cursor']],
  ])('%s → 400', async (_label, query, parameters) => {
    expectInvalidParameters(await readJson(api.get(`/api/v1/changes?${query}`)), parameters);
  });
});
