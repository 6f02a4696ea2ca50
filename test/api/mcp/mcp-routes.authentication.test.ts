// /mcp keys: REST's key store through Authorization: Bearer; a refused key → 403 with the server's message, never an OAuth challenge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateKeySecret } from '../../../api/keys/key-secret.ts';
import type { TestApi } from '../support/test-api.ts';
import { startMcpApi } from './support/mcp-api.ts';
import { INITIALIZE, connectMcp, postMcp, structuredOf } from './support/mcp-client.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startMcpApi({ exports: {} });
});
afterAll(async () => {
  await api?.close();
});

async function expectRefused(response: Response): Promise<string> {
  expect(response.status).toBe(403);
  expect(response.headers.get('www-authenticate')).toBeNull();
  expect(response.headers.get('ratelimit-limit')).toBeNull();
  const text = await response.text();
  expect(text).not.toContain('lds_live_');
  const body = JSON.parse(text);
  expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } });
  expect(body.error.message).toMatch(/^API key refused: /);
  // It speaks to the consumer: no command to run on the server.
  expect(body.error.message).not.toMatch(/npx|npm |lodging keys/);
  expect(body.error.message).toContain('API keys page of the console');
  return body.error.message;
}

/** MCP Inspector's own test for "this needs OAuth" (client/src/lib/hooks/useConnection.ts, is401Error). */
const inspectorWouldStartOAuth = (message: string) => message.includes('401') || message.includes('Unauthorized');

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

describe('a refused key: 403 with a JSON-RPC error saying why, no WWW-Authenticate', () => {
  it.each([
    ['no key at all', {}, 'No API key'],
    ['an unknown key', { Authorization: `Bearer ${generateKeySecret()}` }, 'unknown or revoked'],
    ['a malformed key', { Authorization: 'Bearer not-a-key' }, 'malformed'],
    ['Bearer without a token', { Authorization: 'Bearer ' }, 'Bearer <API_KEY>'],
    ['Basic authentication', { Authorization: `Basic ${Buffer.from('user:pass').toString('base64')}` }, 'Bearer <API_KEY>'],
  ])('%s', async (_label, headers, reason) => {
    const message = await expectRefused(await postMcp(api.url, INITIALIZE, headers));
    expect(message).toContain(reason);
    expect(inspectorWouldStartOAuth(message)).toBe(false);
  });

  it('a revoked key, on the next request', async () => {
    const { id, secret } = await api.newKey('revoked-mcp', 'soon revoked');
    expect((await postMcp(api.url, INITIALIZE, { Authorization: `Bearer ${secret}` })).status).toBe(200);
    await api.server.keyStore.revoke(id);
    expect(await expectRefused(await postMcp(api.url, INITIALIZE, { Authorization: `Bearer ${secret}` }))).toContain('revoked');
  });

  it('the SDK client fails to connect with the server message', async () => {
    const error = await connectMcp(api.url, generateKeySecret()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(403);
    expect((error as Error).message).toContain('API key refused: The API key is unknown or revoked.');
    expect(inspectorWouldStartOAuth((error as Error).message)).toBe(false);
  });

  it('an SDK client that can do OAuth (an authProvider, as Claude Code and Inspector have) shows the message instead', async () => {
    const oauthSteps: string[] = [];
    const authProvider: OAuthClientProvider = {
      get redirectUrl() {
        return 'http://127.0.0.1:1/callback';
      },
      get clientMetadata() {
        return { redirect_uris: ['http://127.0.0.1:1/callback'], client_name: 'test' };
      },
      clientInformation: () => undefined,
      tokens: () => undefined,
      saveTokens: () => void oauthSteps.push('saveTokens'),
      redirectToAuthorization: () => void oauthSteps.push('redirectToAuthorization'),
      saveCodeVerifier: () => void oauthSteps.push('saveCodeVerifier'),
      codeVerifier: () => 'verifier',
    };
    const discovery: string[] = [];
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', api.url), {
      authProvider,
      requestInit: { headers: { Authorization: `Bearer ${generateKeySecret()}` } },
      fetch: async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.includes('/.well-known/')) discovery.push(url);
        return fetch(input, init);
      },
    });
    const client = new Client({ name: 'oauth-capable', version: '0.0.0' });
    const error = await client.connect(transport).catch((e: unknown) => e);
    expect((error as StreamableHTTPError).code).toBe(403);
    expect((error as Error).message).toContain('API key refused');
    expect(oauthSteps).toEqual([]);
    expect(discovery).toEqual([]);
  });

  it('REST keeps its 401 for the same key', async () => {
    const response = await fetch(`${api.url}/api/v1/key`, { headers: { Authorization: `Bearer ${generateKeySecret()}` } });
    expect(response.status).toBe(401);
  });
});
