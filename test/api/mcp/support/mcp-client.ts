// The SDK's own client over real HTTP to a test server's /mcp, recording each HTTP response for header checks.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestApi } from '../../support/test-api.ts';
import { startMcpApi } from './mcp-api.ts';

export interface McpSession {
  client: Client;
  /** Every HTTP response the transport received, in order (bodies unread here). */
  responses: { method: string; status: number; headers: Headers }[];
  /** tools/call, typed as the plain CallToolResult both tools return. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function connectMcp(baseUrl: string, secret: string): Promise<McpSession> {
  const responses: McpSession['responses'] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    responses.push({ method: init?.method ?? 'GET', status: response.status, headers: response.headers });
    return response;
  };
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
    requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    fetch: recordingFetch,
  });
  const client = new Client({ name: 'lodging-mcp-test', version: '0.0.0' });
  await client.connect(transport);
  return {
    client,
    responses,
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

/** The text of an error result: tool errors are results with isError, never protocol errors. */
export function errorText(result: CallToolResult): string {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const [first] = result.content;
  expect(first?.type).toBe('text');
  return first?.type === 'text' ? first.text : '';
}

/** structuredContent of a successful result, checking the text block carries the same JSON. */
export function structuredOf(result: CallToolResult): any {
  expect(result.isError ?? false).toBe(false);
  const [first] = result.content;
  expect(first?.type).toBe('text');
  expect(JSON.parse(first?.type === 'text' ? first.text : 'null')).toEqual(result.structuredContent);
  return result.structuredContent;
}

/** A raw JSON-RPC POST to /mcp, for what the SDK client hides (status codes, headers, bodies). */
export function postMcp(baseUrl: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL('/mcp', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};

/**
 * A real API with MCP mounted and a connected SDK session for the whole file, closed after it.
 * Read `.api` and `.session` inside tests (they are set in beforeAll).
 */
export function useMcpSession(): { readonly api: TestApi; readonly session: McpSession } {
  const state = {} as { api: TestApi; session: McpSession };
  beforeAll(async () => {
    state.api = await startMcpApi();
    state.session = await connectMcp(state.api.url, state.api.secret);
  });
  afterAll(async () => {
    await state.session?.close();
    await state.api?.close();
  });
  return state;
}
