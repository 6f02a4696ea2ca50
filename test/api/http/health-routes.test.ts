// Liveness and readiness: /healthz always ok; /readyz 503 (problem+json) until a snapshot is served, then each country's version.
import { afterEach, describe, expect, it } from 'vitest';
import { ES_LISTINGS } from '../support/provider-listings.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

let api: TestApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

describe('health routes', () => {
  it('are live with no snapshot, and not ready until one is published', async () => {
    api = await startTestApi({ exports: {} });
    const live = await api.get('/healthz', { secret: null });
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(await live.json()).toEqual({ status: 'ok' });
    const notReady = await api.get('/readyz', { secret: null });
    expect(notReady.status).toBe(503);
    expect(notReady.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await notReady.json()).toMatchObject({ status: 503, type: `${api.publicUrl}/problems/service-unavailable`, snapshots: {} });
  });

  it('are ready once a country is served, naming its snapshot', async () => {
    api = await startTestApi({ exports: { es: ES_LISTINGS } });
    const ready = await api.get('/readyz', { secret: null });
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { status: string; snapshots: Record<string, { version: string; publishedCount: number }> };
    expect(body.status).toBe('ready');
    expect(Object.keys(body.snapshots)).toEqual(['es']);
    expect(body.snapshots.es!.publishedCount).toBeGreaterThan(0);
  });
});
