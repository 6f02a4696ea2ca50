// Rollback while an HTTP load generator walks pages of a real API: no failed request, and exactly the previous answers after.
import autocannon from 'autocannon';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listSnapshots, rollback } from '../../../pipeline/publish/rollback.ts';
import { startTestApi, type TestApi } from '../../api/support/test-api.ts';
import { countryAnswers, generatedLines, lodging, writeLines } from '../../support/publication-kit.ts';
import path from 'node:path';

let api: TestApi;
let answersA: string[];
let answersB: string[];
let versionA: string;
let versionB: string;
let pagePaths: string[];

beforeAll(async () => {
  api = await startTestApi({ exports: {}, env: { LODGING_RATE_LIMIT: '100000000' } });
  const dir = path.join(api.dataDir, 'exports');
  const a = await lodging(api.dataDir, ['import', '--country', 'es', writeLines(dir, 'a.jsonl', generatedLines('es', 400, 1))]);
  expect(a.code, a.stderr).toBe(0);
  answersA = await countryAnswers(api, 'es');
  const b = await lodging(api.dataDir, ['import', '--country', 'es', writeLines(dir, 'b.jsonl', generatedLines('es', 400, 2))]);
  expect(b.code, b.stderr).toBe(0);
  answersB = await countryAnswers(api, 'es');
  expect(answersB).not.toEqual(answersA);
  [versionB, versionA] = listSnapshots(api.dataDir, 'es').map((s) => s.version) as [string, string];
  // The pages a consumer walks (cursors from both snapshots: a cursor stays valid across a swap).
  pagePaths = [];
  for (const answers of [answersA, answersB]) {
    let cursor: string | null = null;
    for (const answer of answers) {
      if (!answer.startsWith('200 {"places"')) continue;
      pagePaths.push(`/api/v1/places?country=es&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      cursor = (JSON.parse(answer.slice(4)) as { page: { nextCursor: string | null } }).page.nextCursor;
    }
  }
  pagePaths.push('/api/v1/places?country=es&limit=20&q=hotel', '/api/v1/places?country=es&limit=50&lodgingType=hotel');
}, 300_000);
afterAll(async () => api?.close());

it('rolls back and forth under load with zero failed requests, then serves exactly the previous snapshot', async () => {
  let next = 0;
  let done = false;
  const load = new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({
    url: api.url,
    connections: 4,
    amount: 1000,
    headers: { 'X-API-Key': api.secret },
    requests: [{ setupRequest: (req: { path?: string }) => ({ ...req, path: pagePaths[next++ % pagePaths.length] }) }],
    }, (error, result) => {
      done = true;
      if (error) reject(error);
      else resolve(result);
    });
  });
  let rollbacks = 0;
  while (!done) {
    rollback(api.dataDir, 'es', { to: rollbacks % 2 === 0 ? versionA : versionB });
    rollbacks += 1;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const result = await load;
  console.log(`rollback under load: ${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts, ${rollbacks} rollbacks`);
  expect(rollbacks).toBeGreaterThan(2);
  expect(result.requests.total).toBeGreaterThanOrEqual(1000);
  expect(result.non2xx).toBe(0);
  expect(result.errors + result.timeouts).toBe(0);

  // Settle on B, then roll back to the previous snapshot (A) the way an operator does.
  if (!listSnapshots(api.dataDir, 'es').find((s) => s.version === versionB)!.current) rollback(api.dataDir, 'es', { to: versionB });
  expect(await countryAnswers(api, 'es')).toEqual(answersB);
  const back = await lodging(api.dataDir, ['rollback', '--country', 'es']);
  expect(back.code, back.stderr).toBe(0);
  expect(back.stdout).toContain(`es now serves snapshot ${versionA}`);
  expect(await countryAnswers(api, 'es')).toEqual(answersA);
  const none = await lodging(api.dataDir, ['rollback', '--country', 'es']);
  expect(none.code).toBe(1);
  expect(none.stderr.trim().split('\n')).toHaveLength(1);
  expect(none.stderr).toMatch(/nothing to roll back to/);
}, 300_000);
