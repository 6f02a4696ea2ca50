// `lodging serve`: prints its address, a working development key and curl outside production, and stops cleanly.
import { afterAll, describe, expect, it } from 'vitest';
import { runServeCommand } from '../../../api/cli/serve-command.ts';
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

  it('revokes older development keys so restarts never hit the five-key limit', async () => {
    const dataDir = await dataDirWith({});
    for (let i = 0; i < 7; i += 1) {
      const { stdout } = await serve(['--port', '0', '--dev-key'], { LODGING_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, async () => undefined);
      expect(stdout).toMatch(/development key: lds_live_/);
    }
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
