// The HTTP side of /mcp: stateless POST only, one JSON-RPC message per request, bounded bodies, no caching.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../support/test-api.ts';
import { startMcpApi } from './support/mcp-api.ts';
import { INITIALIZE, postMcp } from './support/mcp-client.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startMcpApi({ exports: {} });
});
afterAll(async () => {
  await api?.close();
});

const bearer = () => ({ Authorization: `Bearer ${api.secret}` });
const TOOLS_LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list' };

async function expectJsonRpcError(response: Response, status: number, code: number): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code, message: expect.any(String) } });
}

describe('stateless', () => {
  it('issues no session id and answers a request that never initialized', async () => {
    const init = await postMcp(api.url, INITIALIZE, bearer());
    expect(init.headers.get('mcp-session-id')).toBeNull();
    const list = await postMcp(api.url, TOOLS_LIST, bearer());
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const body = await list.json();
    expect(body.result.tools.map((t: { name: string }) => t.name).sort()).toEqual(['get_place', 'search_places', 'suggest_places']);
  });

  it.each(['GET', 'DELETE', 'PUT'])('%s → 405 with a JSON-RPC error and Allow: POST', async (method) => {
    const response = await fetch(new URL('/mcp', api.url), { method, headers: bearer() });
    expect(response.headers.get('allow')).toBe('POST');
    await expectJsonRpcError(response, 405, -32000);
  });
});

describe('request bodies', () => {
  it.each([
    ['invalid JSON', '{"jsonrpc": "2.0",', 400, -32700],
    ['a batch of two messages', [INITIALIZE, TOOLS_LIST], 400, -32600],
    ['a body over 64 KiB', { ...TOOLS_LIST, params: { pad: 'x'.repeat(70_000) } }, 413, -32000],
  ])('%s is refused as JSON-RPC', async (_label, body, status, code) => {
    await expectJsonRpcError(await postMcp(api.url, body, bearer()), status, code);
  });

  it('is not read before the key is checked', async () => {
    const response = await postMcp(api.url, '{"jsonrpc": "2.0",', {});
    expect(response.status).toBe(403);
  });
});

describe('prototype-named arguments', () => {
  const call = (name: string, argumentsJson: string) =>
    `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"${name}","arguments":${argumentsJson}}}`;

  it.each([
    ['search_places', '{"country":"es","__proto__":{"country":"fr"}}', '/api/v1/places?country=es&__proto__=fr'],
    ['search_places', '{"country":"es","__proto__":1}', '/api/v1/places?country=es&__proto__=1'],
    ['get_place', '{"placeId":"es-x","__proto__":{}}', null],
  ])('%s with %s is refused in REST\'s words, as REST refuses the parameter', async (tool, args, restPath) => {
    const response = await postMcp(api.url, call(tool, args), bearer());
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0].text).toBe(`Invalid arguments for tool ${tool}: __proto__: is not a known parameter`);
    if (restPath !== null) {
      const rest = await api.get(restPath);
      expect(rest.status).toBe(400);
      expect((await rest.json()).detail).toBe('__proto__: is not a known parameter');
    }
  });
});
