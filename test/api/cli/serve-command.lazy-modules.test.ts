// `lodging serve` starts without the modules only some requests or settings need; MCP and /openapi.json load theirs on first use and answer as before.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createKey } from '../../../api/keys/create-key.ts';

const loaded = vi.hoisted(() => new Set<string>());
// Each factory runs when its module is first imported, by anyone: the set is what the server has loaded so far.
vi.mock('bullmq', async (importOriginal) => (loaded.add('bullmq'), importOriginal()));
vi.mock('@bull-board/api', async (importOriginal) => (loaded.add('@bull-board/api'), importOriginal()));
vi.mock('@bull-board/express', async (importOriginal) => (loaded.add('@bull-board/express'), importOriginal()));
vi.mock('@modelcontextprotocol/sdk/types.js', async (importOriginal) => (loaded.add('mcp sdk types'), importOriginal()));
vi.mock('@modelcontextprotocol/sdk/server/streamableHttp.js', async (importOriginal) => (loaded.add('mcp sdk transport'), importOriginal()));
vi.mock('../../../api/openapi/openapi-document.ts', async (importOriginal) => (loaded.add('openapi document'), importOriginal()));
vi.mock('apache-arrow', async (importOriginal) => (loaded.add('apache-arrow'), importOriginal()));
vi.mock('nats', async (importOriginal) => (loaded.add('nats'), importOriginal()));
vi.mock('ioredis', async (importOriginal) => (loaded.add('ioredis'), importOriginal()));
vi.mock('@zxcvbn-ts/core', async (importOriginal) => (loaded.add('@zxcvbn-ts/core'), importOriginal()));
vi.mock('tldts', async (importOriginal) => (loaded.add('tldts'), importOriginal()));

/** A raw MCP initialize (the SDK's client would load the SDK in this process, where the server's loads are counted). */
const initialize = (url: string, secret: string) =>
  fetch(new URL('/mcp', url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${secret}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } }),
  });

const { runServeCommand } = await import('../../../api/cli/serve-command.ts');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('lodging serve without Redis or NATS', () => {
  it('loads the queue dashboard, MCP, OpenAPI, Arrow, NATS, Redis, password and public-suffix modules only when used', async () => {
    // An empty data directory made here: the test API's helper imports the pipeline (and its parsers) into this process.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'serve-lazy-'));
    dirs.push(dataDir);
    const out: string[] = [];
    let atStart: string[] = [];
    let afterUse: string[] = [];
    const code = await runServeCommand(['--port', '0'], { stdout: (text) => void out.push(text), stderr: () => undefined, env: { LODGING_DATA_DIR: dataDir, LOG_LEVEL: 'silent' } }, {
      stopSignal: async (server) => {
        atStart = [...loaded];
        const document = await fetch(new URL('/openapi.json', server.url));
        expect(document.status).toBe(200);
        expect(await document.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'Lodging Directory API' } });
        const { secret } = await createKey(server.keyStore, { accountId: 'acct_lazy', name: 'lazy modules' });
        const init = await initialize(server.url, secret);
        expect(init.status).toBe(200);
        expect(await init.json()).toMatchObject({ jsonrpc: '2.0', result: { serverInfo: expect.any(Object) } });
        afterUse = [...loaded];
      },
    });
    expect(code).toBe(0);
    expect(out.join('')).toMatch(/listening on http:/);
    expect(atStart).toEqual([]);
    expect(afterUse.sort()).toEqual(['mcp sdk transport', 'mcp sdk types', 'openapi document']);
  });
});
