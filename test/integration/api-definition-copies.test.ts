// The API's published definitions stay byte for byte what they were: /openapi.json and MCP's tools/list answer equal their committed copies.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../api/support/test-api.ts';
import { startMcpApi } from '../api/mcp/support/mcp-api.ts';
import { postMcp } from '../api/mcp/support/mcp-client.ts';

const COPIES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support');
/** The test server's own address (its port changes), which the document's contact link names, written as one fixed origin. */
const ORIGIN = 'http://api.test';
const ownOrigin = (url: string): RegExp => new RegExp(String.raw`http://(?:127\.0\.0\.1|localhost):${new URL(url).port}`, 'g');

let api: TestApi;
beforeAll(async () => {
  api = await startMcpApi({ exports: {} });
});
afterAll(async () => {
  await api?.close();
});

function expectCopy(name: string, text: string): void {
  const file = path.join(COPIES, name);
  // A deliberate, additive change to the definitions rewrites the copies: UPDATE_API_COPIES=1; review the diff.
  if (process.env.UPDATE_API_COPIES === '1') writeFileSync(file, text);
  expect(text).toBe(readFileSync(file, 'utf8'));
}

describe('the definitions the API publishes', () => {
  it('/openapi.json is its committed copy', async () => {
    const response = await fetch(`${api.url}/openapi.json`);
    expect(response.status).toBe(200);
    expectCopy('openapi.json', (await response.text()).replace(ownOrigin(api.url), ORIGIN));
  });

  it('MCP tools/list is its committed copy', async () => {
    const response = await postMcp(api.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { Authorization: `Bearer ${api.secret}` });
    expect(response.status).toBe(200);
    expectCopy('mcp-tools-list.json', await response.text());
  });
});
