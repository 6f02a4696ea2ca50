// /mcp keys: REST's key store through Authorization: Bearer; missing, unknown or revoked → 401 with WWW-Authenticate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateKeySecret } from '../../api/keys/key-secret.ts';
import type { TestApi } from '../api/support/test-api.ts';
import { startMcpApi } from './support/mcp-api.ts';
import { INITIALIZE, connectMcp, postMcp, structuredOf } from './support/mcp-client.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startMcpApi({ exports: {} });
});
afterAll(async () => {
  await api?.close();
});

async function expect401(response: Response): Promise<void> {
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  expect(response.headers.get('ratelimit-limit')).toBeNull();
  expect(await response.text()).not.toContain('lds_live_');
}

describe('a usable key', () => {
  it.each([
    ['Authorization: Bearer', (s: string) => ({ Authorization: `Bearer ${s}` })],
    ['X-API-Key, as on REST', (s: string) => ({ 'X-API-Key': s })],
  ])('is accepted in %s', async (_label, headers) => {
    const response = await postMcp(api.url, INITIALIZE, headers(api.secret));
    expect(response.status).toBe(200);
    expect((await response.json()).result.serverInfo.name).toBe('lodging-directory');
  });

  it('lets the SDK client connect and call a tool', async () => {
    const session = await connectMcp(api.url, api.secret);
    expect(structuredOf(await session.call('search_places', { country: 'es' })).places).toEqual([]);
    await session.close();
  });
});

describe('401 with WWW-Authenticate: Bearer', () => {
  it.each([
    ['no key at all', {}],
    ['an unknown key', { Authorization: `Bearer ${generateKeySecret()}` }],
    ['a malformed key', { Authorization: 'Bearer not-a-key' }],
    ['Bearer without a token', { Authorization: 'Bearer ' }],
    ['Basic authentication', { Authorization: `Basic ${Buffer.from('user:pass').toString('base64')}` }],
  ])('%s', async (_label, headers) => {
    await expect401(await postMcp(api.url, INITIALIZE, headers));
  });

  it('a revoked key, on the next request', async () => {
    const { id, secret } = await api.newKey('revoked-mcp', 'soon revoked');
    expect((await postMcp(api.url, INITIALIZE, { Authorization: `Bearer ${secret}` })).status).toBe(200);
    await api.server.keyStore.revoke(id);
    await expect401(await postMcp(api.url, INITIALIZE, { Authorization: `Bearer ${secret}` }));
  });

  it('the SDK client fails to connect with a 401, before reading any body', async () => {
    const error = await connectMcp(api.url, generateKeySecret()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(401);
  });
});
