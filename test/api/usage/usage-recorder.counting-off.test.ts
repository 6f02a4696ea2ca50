// LODGING_USAGE_COUNTING=off (only to measure what counting costs): answered requests leave no usage behind.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOUR_MS } from '../../../api/usage/usage-store.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ exports: {}, env: { LODGING_USAGE_COUNTING: 'off' } });
});
afterAll(async () => {
  await api?.close();
});

it('answers as usual and counts nothing for the key', async () => {
  for (let i = 0; i < 3; i += 1) expect((await api.get('/api/v1/key')).status).toBe(200);
  await api.server.usage.flush();
  const counts = await api.server.stores.usage.hourly(api.keyId, Date.now() - HOUR_MS);
  expect(counts.reduce((sum, c) => sum + c.ok + c.limited, 0)).toBe(0);
});
