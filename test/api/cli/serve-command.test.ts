// `lodging serve`: prints its address, a working development key and curl outside production, and stops cleanly.
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { runServeCommand } from '../../../api/cli/serve-command.ts';
import { DEVELOPMENT_ACCOUNT } from '../../../api/keys/development-key.ts';
import { openKeyStore } from '../../../api/keys/open-key-store.ts';
import { UsageError } from '../../../platform/cli-io.ts';
import { makeDataDir, removeDataDir } from '../support/test-api.ts';

const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await removeDataDir(dir);
});

async function dataDirWith(exports: Parameters<typeof makeDataDir>[0]): Promise<string> {
  const dir = await makeDataDir(exports);
  dataDirs.push(dir);
  return dir;
}

async function serve(argv: string[], env: NodeJS.ProcessEnv, whileUp: (stdout: string) => Promise<void>) {
  const out: string[] = [];
  const code = await runServeCommand(argv, { stdout: (s) => void out.push(s), stderr: () => undefined, env }, {
    stopSignal: async () => whileUp(out.join('')),
  });
  return { code, stdout: out.join('') };
}

describe('lodging serve', () => {
  it('prints the URL, a development key and a curl that works', async () => {
    const dataDir = await dataDirWith({ es: [{ providerId: 'p1', name: 'Hotel Uno', address: { city: 'Madrid', countryCode: 'ES' }, categories: ['Hotel'] }] });
    const { code, stdout } = await serve(['--port', '0', '--dev-key'], { LODGING_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, async (printed) => {
      const url = /listening on (http:\S+)/.exec(printed)![1]!;
      const key = /development key: (lds_live_\S+)/.exec(printed)![1]!;
      expect(printed).toContain(`curl -H 'X-API-Key: ${key}' '${url}/api/v1/places?country=es&limit=3'`);
      const res = await fetch(`${url}/api/v1/places?country=es&limit=3`, { headers: { 'X-API-Key': key } });
      expect((await res.json()).places[0].id).toBe('es-p1');
      // MCP is mounted by `lodging serve` itself: the same key as a Bearer token lists the two tools.
      expect(printed).toContain(`MCP:  ${url}/mcp`);
      const mcp = await fetch(`${url}/mcp`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
      expect(mcp.status).toBe(200);
      expect(JSON.stringify(await mcp.json())).toMatch(/"search_places".*"get_place"|"get_place".*"search_places"/);
    });
    expect(code).toBe(0);
    expect(stdout).toContain('Stopping');
  });

  it('prints no key in production', async () => {
    const dataDir = await dataDirWith({});
    const { stdout } = await serve(['--port', '0', '--dev-key'], { LODGING_DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'silent' }, async () => undefined);
    expect(stdout).not.toMatch(/lds_live_/);
  });

  it('keeps one development key across restarts, its secret owner-only in the data directory', async () => {
    const dataDir = await dataDirWith({});
    const keys: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { stdout } = await serve(['--port', '0', '--dev-key'], { LODGING_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, async () => undefined);
      keys.push(/development key: (lds_live_\S+)/.exec(stdout)![1]!);
    }
    expect(new Set(keys).size).toBe(1);
    const file = path.join(dataDir, 'secrets', 'development-key');
    expect(readFileSync(file, 'utf8').trim()).toBe(keys[0]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('makes a new development key, and revokes the others, when the kept one was revoked', async () => {
    const dataDir = await dataDirWith({});
    const start = async () => {
      const { stdout } = await serve(['--port', '0', '--dev-key'], { LODGING_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, async () => undefined);
      return /development key: (lds_live_\S+)/.exec(stdout)![1]!;
    };
    const first = await start();
    const store = openKeyStore({ dataDir, redis: null, redisPrefix: 'lodging:' });
    const [key] = await store.listByAccount(DEVELOPMENT_ACCOUNT);
    await store.revoke(key!.id);
    await store.close();
    const second = await start();
    expect(second).not.toBe(first);
    expect(await start()).toBe(second);
    const after = openKeyStore({ dataDir, redis: null, redisPrefix: 'lodging:' });
    expect((await after.listByAccount(DEVELOPMENT_ACCOUNT)).filter((k) => k.revokedAt === null)).toHaveLength(1);
    await after.close();
  });

  it.each([[['--port', 'abc']], [['extra']]])('%j is a usage error', async (argv) => {
    await expect(runServeCommand(argv, { stdout: () => undefined, stderr: () => undefined, env: {} })).rejects.toBeInstanceOf(UsageError);
  });

  it('reports a bad environment and exits 1', async () => {
    const err: string[] = [];
    const code = await runServeCommand([], { stdout: () => undefined, stderr: (s) => void err.push(s), env: { PORT: 'nope' } });
    expect(code).toBe(1);
    expect(err.join('')).toContain('PORT');
  });
});
