// The commands that had no test: `lodging fixtures`, `lodging start` (npm start) and the worker's queue dashboard.
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inProcessCli } from '../support/publication-kit.ts';
import { startQueueDashboard } from '../../pipeline/cli/queue-dashboard.ts';
import { TEST_REDIS_URL, describeWithRedis, redisAvailable, uniquePrefix } from '../support/redis.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lodging-cli-more-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const run = inProcessCli(() => ({ LODGING_DATA_DIR: path.join(dir, 'data') }));

describe('lodging fixtures', () => {
  it('says the goldens match, shows a diff and exits 1 when one does not, and --update rewrites it', async () => {
    const copy = path.join(dir, 'fixtures');
    await fs.cp('fixtures', copy, { recursive: true });
    expect(await run(['fixtures', '--dir', copy])).toMatchObject({ code: 0, stdout: expect.stringContaining('every golden matches') });

    const expected = path.join(copy, 'es', 'expected.json');
    const original = await fs.readFile(expected, 'utf8');
    await fs.writeFile(expected, original.replace('"status": "published"', '"status": "rejected"'));
    const stale = await run(['fixtures', '--dir', copy]);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain('-    "status": "rejected"');
    expect(stale.stdout).toContain('+    "status": "published"');

    expect((await run(['fixtures', '--dir', copy, '--update'])).code).toBe(0);
    expect(await fs.readFile(expected, 'utf8')).toBe(original);
    expect((await run(['fixtures', '--dir', copy])).code).toBe(0);
  });
});

describe('lodging start (npm start)', () => {
  it('imports the bundled fixtures into an empty data dir, serves them with a development key, and stops on SIGTERM', async () => {
    const dataDir = path.join(dir, 'data');
    const child = spawn(process.execPath, ['bin/lodging.js', 'start', '--port', '0', '--host', '127.0.0.1'], {
      env: { ...process.env, LODGING_DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'development', REDIS_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      while (!/development key: (\S+)/.test(stdout)) {
        if (child.exitCode !== null) throw new Error(`start exited early: ${stdout}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(stdout).toContain('importing the demo data');
      const url = /listening on (\S+)/.exec(stdout)![1]!;
      const key = /development key: (\S+)/.exec(stdout)![1]!;
      const page = await fetch(`${url}/api/v1/places?country=es&limit=5`, { headers: { 'X-API-Key': key } });
      expect(page.status).toBe(200);
      expect((await page.json()).places.length).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);
});

const reachable = await redisAvailable();

describeWithRedis('the queue dashboard (lodging worker --dashboard)', reachable, () => {
  it('serves Bull Board for the import queue on localhost, read-only, and closes', async () => {
    const lines: string[] = [];
    const dashboard = await startQueueDashboard({ redisUrl: TEST_REDIS_URL, prefix: uniquePrefix('dashboard'), port: 0, log: (l) => lines.push(l) });
    try {
      expect(dashboard.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await fetch(dashboard.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<html/i);
      const queues = await fetch(`${dashboard.url}api/queues`);
      expect(queues.status).toBe(200);
      const body = (await queues.json()) as { queues: { name: string; readOnlyMode: boolean }[] };
      expect(body.queues.map((q) => [q.name, q.readOnlyMode])).toEqual([[expect.stringContaining('import'), true]]);
    } finally {
      await dashboard.close();
    }
    expect(lines.filter((l) => l.includes('error'))).toEqual([]);
  });
});
