// `lodging serve --processes 2`: two real processes share the port, and one key's rate limit is exact across them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../api/keys/create-key.ts';
import { keysDatabasePath, openSqliteKeyStore } from '../../../api/keys/sqlite-key-store.ts';
import { makeDataDir, removeDataDir } from '../support/test-api.ts';

const LODGING = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bin/lodging.js');
const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await removeDataDir(dir);
});

describe('lodging serve --processes', () => {
  it('serves from two processes, counts one key once across both, and stops them all on SIGTERM', async () => {
    const dataDir = await makeDataDir({ es: [{ providerId: 'p1', name: 'Hotel Uno', address: { city: 'Madrid', countryCode: 'ES' }, categories: ['Hotel'] }] });
    dataDirs.push(dataDir);
    const store = openSqliteKeyStore(keysDatabasePath(dataDir));
    const { secret } = await createKey(store, { accountId: 'cluster', name: 'c' });
    await store.close();

    const limit = 6;
    // No REDIS_URL: the counters live in the primary process.
    const env: NodeJS.ProcessEnv = { ...process.env, LODGING_DATA_DIR: dataDir, LODGING_RATE_LIMIT: String(limit), LOG_LEVEL: 'info' };
    delete env.REDIS_URL;
    const child = spawn(process.execPath, [LODGING, 'serve', '--processes', '2', '--port', '0', '--host', '127.0.0.1'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const startedAt = Date.now();
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /listening on (http:\S+)/.exec(stdout);
          if (match) {
            clearInterval(timer);
            resolve(match[1]!);
          }
          if (child.exitCode !== null) reject(new Error(`serve exited: ${stderr}`));
          if (Date.now() - startedAt > 60_000) reject(new Error(`serve did not print its address: ${stdout}\n${stderr}`));
        }, 50);
      });
      // Both processes announce "server listening" in the log; only one prints the welcome.
      await expect.poll(() => stdout.match(/"msg":"server listening"/g)?.length ?? 0, { timeout: 60_000, message: `${stdout}\n${stderr}` }).toBe(2);
      expect(stdout.match(/listening on http/g)).toHaveLength(1);

      const statuses: number[] = [];
      for (let i = 0; i < limit + 4; i += 1) {
        // A new connection each time: the primary hands connections to the processes in turn.
        const res = await fetch(`${url}/api/v1/places/es-p1`, { headers: { 'X-API-Key': secret, Connection: 'close' } });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
      expect(statuses.slice(limit)).toEqual([429, 429, 429, 429]);
      const servedBy = new Set([...stdout.matchAll(/"pid":(\d+)[^\n]*"msg":"request completed"/g)].map((m) => m[1]));
      expect(servedBy.size).toBe(2);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);

  it('refuses a process count out of range', async () => {
    const child = spawn(process.execPath, [LODGING, 'serve', '--processes', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(2);
    expect(stderr).toMatch(/--processes must be a number from 1 to 64/);
  }, 60_000);
});
