// Defect 6: MCP error texts quote client input only truncated and with anything key-shaped masked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../api/support/test-api.ts';
import { startMcpApi } from '../api/mcp/support/mcp-api.ts';
import { postMcp } from '../api/mcp/support/mcp-client.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startMcpApi({ exports: {} });
});
afterAll(async () => {
  await api?.close();
});

const bearer = (extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${api.secret}`, ...extra });
const call = (name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } });
const LEAK = 'lds_live_LEAKEDSECRETVALUExxxxxxxxxxxxxxxxxxxxxxxxxxxxxx';

async function textOf(response: Response): Promise<string> {
  return await response.text();
}

describe('client input in MCP errors', () => {
  it('an unknown, key-shaped tool name is masked', async () => {
    const text = await textOf(await postMcp(api.url, call(LEAK, {}), bearer()));
    expect(text).not.toContain('LEAKEDSECRET');
    expect(text).toMatch(/not found|unknown/i);
  });

  it('an unknown tool name of 10,000 characters is truncated', async () => {
    const text = await textOf(await postMcp(api.url, call('t'.repeat(10_000), {}), bearer()));
    expect(text).not.toContain('t'.repeat(100));
    expect(text.length).toBeLessThan(2000);
  });

  it('a key-shaped unknown argument name is masked', async () => {
    const text = await textOf(await postMcp(api.url, call('search_places', { country: 'es', [LEAK]: 1 }), bearer()));
    expect(text).not.toContain('LEAKEDSECRET');
    expect(text).toContain('isError');
  });

  it('a long argument value is not echoed whole', async () => {
    const text = await textOf(await postMcp(api.url, call('get_place', { placeId: `${'p'.repeat(400)}` }), bearer()));
    expect(text).not.toContain('p'.repeat(100));
  });

  it('a key-shaped protocol-version header is masked', async () => {
    const text = await textOf(await postMcp(api.url, call('search_places', { country: 'es' }), bearer({ 'mcp-protocol-version': LEAK })));
    expect(text).not.toContain('LEAKEDSECRET');
    expect(text).toMatch(/protocol version/i);
  });

  it('an overlong protocol-version header is truncated', async () => {
    const text = await textOf(await postMcp(api.url, call('search_places', { country: 'es' }), bearer({ 'mcp-protocol-version': 'v'.repeat(5000) })));
    expect(text).not.toContain('v'.repeat(100));
  });
});
