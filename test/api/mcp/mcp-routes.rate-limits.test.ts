// /mcp shares REST's per-key window: every POST counts, headers on each answer, 429 with Retry-After once it is spent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { TestApi } from '../support/test-api.ts';
import { startMcpApi } from './support/mcp-api.ts';
import { INITIALIZE, connectMcp, postMcp, structuredOf } from './support/mcp-client.ts';

const LIMIT = 3;
const WINDOW_S = 120;

let api: TestApi;
beforeAll(async () => {
  api = await startMcpApi({ env: { LODGING_RATE_LIMIT: String(LIMIT), LODGING_RATE_WINDOW_S: String(WINDOW_S) } });
});
afterAll(async () => {
  await api?.close();
});

function expectRateHeaders(headers: Headers, remaining: number): void {
  expect(headers.get('ratelimit-policy')).toBe(`${LIMIT};w=${WINDOW_S}`);
  expect(headers.get('ratelimit-limit')).toBe(String(LIMIT));
  expect(headers.get('ratelimit-remaining')).toBe(String(remaining));
  const reset = Number(headers.get('ratelimit-reset'));
  expect(reset).toBeGreaterThanOrEqual(0);
  expect(reset).toBeLessThanOrEqual(WINDOW_S);
}

describe('a key with a window of 3 requests', () => {
  it('counts the handshake and the call, then refuses the next call with 429 and the limit headers', async () => {
    const { secret } = await api.newKey('mcp-window', 'window');
    const session = await connectMcp(api.url, secret); // initialize + notifications/initialized: 2 requests
    expect(structuredOf(await session.call('search_places', { country: 'gb' })).places).toHaveLength(1);

    const posts = session.responses.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.status)).toEqual([200, 202, 200]);
    posts.forEach((r, i) => expectRateHeaders(r.headers, LIMIT - 1 - i));

    const refused = await session.call('search_places', { country: 'gb' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StreamableHTTPError);
    expect((refused as StreamableHTTPError).code).toBe(429);
    const limited = session.responses.at(-1)!;
    expect(limited.status).toBe(429);
    expectRateHeaders(limited.headers, 0);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_S);
    await session.close();
  });

  it('shares the window with REST: requests on either surface use up the same key', async () => {
    const { secret } = await api.newKey('mcp-shared', 'shared');
    for (let i = 0; i < LIMIT; i += 1) expect((await api.get('/api/v1/key', { secret })).status).toBe(200);
    const refused = await postMcp(api.url, INITIALIZE, { Authorization: `Bearer ${secret}` });
    expect(refused.status).toBe(429);
    expectRateHeaders(refused.headers, 0);
    expect(refused.headers.get('retry-after')).not.toBeNull();
  });

  it('gives another key its own window', async () => {
    const a = await api.newKey('mcp-a', 'a');
    const b = await api.newKey('mcp-b', 'b');
    for (let i = 0; i < LIMIT; i += 1) await postMcp(api.url, INITIALIZE, { Authorization: `Bearer ${a.secret}` });
    expect((await postMcp(api.url, INITIALIZE, { Authorization: `Bearer ${a.secret}` })).status).toBe(429);
    const other = await postMcp(api.url, INITIALIZE, { Authorization: `Bearer ${b.secret}` });
    expect(other.status).toBe(200);
    expectRateHeaders(other.headers, LIMIT - 1);
  });
});
