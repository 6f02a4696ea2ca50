// /healthz, /readyz, unknown routes, request ids, and the hot swap to a newly published snapshot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from './support/test-api.ts';
import type { TestApi } from './support/test-api.ts';
import { readJson } from './support/shapes.ts';

const hotel = (providerId: string, name: string) => ({ providerId, name, address: { city: 'Madrid', countryCode: 'ES' }, categories: ['Hotel'] });

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ exports: {} });
});
afterAll(async () => {
  await api?.close();
});

describe('before any snapshot is published', () => {
  it('is alive but not ready', async () => {
    expect((await readJson(fetch(`${api.url}/healthz`))).body).toEqual({ status: 'ok' });
    const ready = await readJson(fetch(`${api.url}/readyz`));
    expect(ready.status).toBe(503);
    expect(ready.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('answers searches with empty pages', async () => {
    expect((await readJson(api.get('/api/v1/places?country=es'))).body.places).toEqual([]);
  });
});

describe('hot swap', () => {
  it('serves a newly published snapshot without a restart, and /readyz reports it', async () => {
    await api.publish('es', [hotel('one', 'First Hotel')]);
    const first = await readJson(fetch(`${api.url}/readyz`));
    expect(first.status).toBe(200);
    expect(first.body.snapshots.es).toMatchObject({ publishedCount: 1, version: expect.any(String) });
    expect((await readJson(api.get('/api/v1/places/es-one'))).status).toBe(200);

    await api.publish('es', [hotel('two', 'Second Hotel'), hotel('three', 'Third Hotel')]);
    const second = await readJson(fetch(`${api.url}/readyz`));
    expect(second.body.snapshots.es.publishedCount).toBe(2);
    expect(second.body.snapshots.es.version > first.body.snapshots.es.version).toBe(true);
    expect((await readJson(api.get('/api/v1/places/es-one'))).status).toBe(404);
    expect((await readJson(api.get('/api/v1/places?country=es'))).body.page.count).toBe(2);
  });

  it('never answers with a failed or mixed page while snapshots are swapped', async () => {
    const versions = [
      [hotel('a1', 'A'), hotel('a2', 'A'), hotel('a3', 'A')],
      [hotel('b1', 'B'), hotel('b2', 'B'), hotel('b3', 'B')],
    ];
    await api.publish('es', versions[1]!);
    let publishing = true;
    const publisher = (async () => {
      try {
        for (let i = 0; i < 6; i += 1) await api.publish('es', versions[i % 2]!);
      } finally {
        publishing = false;
      }
    })();
    const pages: string[][] = [];
    while (publishing) {
      const json = await readJson(api.get('/api/v1/places?country=es&limit=10'));
      expect(json.status).toBe(200);
      pages.push(json.body.places.map((p: { id: string }) => p.id));
    }
    await publisher;
    const whole = [['es-a1', 'es-a2', 'es-a3'], ['es-b1', 'es-b2', 'es-b3']];
    for (const ids of pages) expect(whole).toContainEqual(ids);
  });
});

describe('requests', () => {
  it('get an X-Request-Id, or keep a well-formed one the caller sent', async () => {
    const generated = await fetch(`${api.url}/healthz`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${api.url}/healthz`, { headers: { 'X-Request-Id': 'caller-123' } });
    expect(kept.headers.get('x-request-id')).toBe('caller-123');
    const replaced = await fetch(`${api.url}/healthz`, { headers: { 'X-Request-Id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).not.toContain('<');
  });

  it('an unknown route is a 404 problem', async () => {
    const json = await readJson(fetch(`${api.url}/no/such/page`));
    expect(json.status).toBe(404);
    expect(json.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('responses carry no framework fingerprint and no-sniff', async () => {
    const res = await fetch(`${api.url}/healthz`);
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
