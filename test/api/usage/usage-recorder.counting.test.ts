// Through the real app: answered requests and 429s are counted per key, and a failed authentication is not counted.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOUR_MS } from '../../../api/usage/usage-store.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ exports: {}, env: { LODGING_RATE_LIMIT: '2', LODGING_RATE_WINDOW_S: '60' } });
});
afterAll(async () => {
  await api?.close();
});

it('counts 2 answered and 1 refused (429) for the key, nothing for a bad key', async () => {
  const statuses = [];
  for (let i = 0; i < 3; i += 1) statuses.push((await api.get('/api/v1/key')).status);
  expect(statuses).toEqual([200, 200, 429]);
  expect((await api.get('/api/v1/key', { secret: 'lds_live_nope' })).status).toBe(401);
  await api.server.usage.flush();
  const counts = await api.server.stores.usage.hourly(api.keyId, Date.now() - HOUR_MS);
  expect(counts.reduce((sum, c) => sum + c.ok, 0)).toBe(2);
  expect(counts.reduce((sum, c) => sum + c.limited, 0)).toBe(1);
});
