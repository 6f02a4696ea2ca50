// `lodging serve`: prints its address, a working development key and curl outside production, and stops cleanly.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** An IPv4 address of this machine other than loopback (null when it has none). */
const OUTSIDE_ADDRESS = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal)?.address ?? null;

/** Whether a TCP connection to address:port is accepted. */
function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('lodging serve: the interface it listens on', () => {
  if (OUTSIDE_ADDRESS === null) console.warn('serve-command: this machine has no non-loopback IPv4 address; the HOST tests cannot tell interfaces apart');
  const portOf = (printed: string) => Number(/listening on http:\/\/[^:]+:(\d+)/.exec(printed)![1]);
  const reach = async (argv: string[], env: NodeJS.ProcessEnv) => {
    const dataDir = await dataDirWith({});
    let seen = { loopback: false, outside: false, printed: '' };
    await serve(['--port', '0', ...argv], { LODGING_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }, async (printed) => {
      const port = portOf(printed);
      seen = { loopback: await accepts('127.0.0.1', port), outside: await accepts(OUTSIDE_ADDRESS!, port), printed };
    });
    return seen;
  };

  it.skipIf(OUTSIDE_ADDRESS === null)('is 127.0.0.1 only outside production, where development passwords are printed', async () => {
    expect(await reach(['--dev-key'], { NODE_ENV: 'development' })).toMatchObject({ loopback: true, outside: false });
    expect(await reach([], {})).toMatchObject({ loopback: true, outside: false });
  });

  it.skipIf(OUTSIDE_ADDRESS === null)('is every interface in production, and the welcome says so', async () => {
    const seen = await reach([], { NODE_ENV: 'production' });
    expect(seen).toMatchObject({ loopback: true, outside: true });
    expect(seen.printed).toMatch(/^Lodging Directory API listening on http:\/\/127\.0\.0\.1:\d+ \(and every other interface of this machine\)$/m);
  });

  it.skipIf(OUTSIDE_ADDRESS === null)('is HOST when set, and --host wins over HOST', async () => {
    expect(await reach([], { HOST: '0.0.0.0' })).toMatchObject({ loopback: true, outside: true });
    expect(await reach(['--host', '127.0.0.1'], { HOST: '0.0.0.0', NODE_ENV: 'production' })).toMatchObject({ loopback: true, outside: false });
  });

  it('refuses a HOST that is no address or host name, naming it', async () => {
    const err: string[] = [];
    expect(await runServeCommand([], { stdout: () => undefined, stderr: (t) => void err.push(t), env: { HOST: 'a b' } })).toBe(1);
    expect(err.join('')).toMatch(/HOST: must be an IP address or a host name/);
  });
});

describe('lodging serve: what it prints', () => {
  it('prints its welcome before any JSON log line, then logs "server listening"', async () => {
    const dataDir = await dataDirWith({});
    const child = spawn(process.execPath, ['bin/lodging.js', 'serve', '--port', '0', '--dev-key'], {
      cwd: ROOT,
      env: { ...process.env, LODGING_DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'development', REDIS_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          stdout += String(chunk);
          if (/"msg":"server listening"/.test(stdout)) resolve();
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stdout}`)));
      });
    } finally {
      child.kill('SIGTERM');
    }
    await exited;
    const welcome = stdout.indexOf('Lodging Directory API listening on');
    expect(welcome).toBeGreaterThanOrEqual(0);
    const firstJson = stdout.split('\n').findIndex((line) => line.startsWith('{'));
    expect(stdout.split('\n').slice(0, firstJson).join('\n')).toMatch(/development key: lds_live_/);
  }, 120_000);
});

describe('lodging serve', () => {
  it('prints the URL, a development key and a curl that works', async () => {
    const dataDir = await dataDirWith({ es: [{ providerId: 'p1', name: 'Hotel Uno', address: { city: 'Madrid', countryCode: 'ES' }, categories: ['Hotel'] }] });
    const { code, stdout } = await serve(['--port', '0', '--dev-key'], { LODGING_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, async (printed) => {
      const url = /listening on (http:\S+)/.exec(printed)![1]!;
      const key = /development key: (lds_live_\S+)/.exec(printed)![1]!;
      expect(printed).toContain(`curl -H 'X-API-Key: ${key}' '${url}/api/v1/places?country=es&limit=3'`);
      const res = await fetch(`${url}/api/v1/places?country=es&limit=3`, { headers: { 'X-API-Key': key } });
      expect((await res.json()).places[0].id).toBe('es-p1');
      // MCP is mounted by `lodging serve` itself: the same key as a Bearer token lists the tools.
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
