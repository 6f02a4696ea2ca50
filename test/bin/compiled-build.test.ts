// Production runs the compiled build in dist/: never a stale one, and with every non-TypeScript file found from there.
import { spawn } from 'node:child_process';
import { promises as fs, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildState, ensureBuild } from '../../bin/compiled-build.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LODGING = path.join(ROOT, 'bin/lodging.js');

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lodging-build-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

describe('the build state', () => {
  it('is missing without a stamp, current when no source is newer, stale after any source or setting changes', async () => {
    for (const folder of ['model', 'pipeline/jobs', 'data/labels', 'dist']) await fs.mkdir(path.join(dir, folder), { recursive: true });
    const files = ['model/place.ts', 'pipeline/jobs/worker.ts', 'data/labels/es.json', 'tsconfig.json', 'package.json'];
    for (const file of files) await fs.writeFile(path.join(dir, file), '{}');
    // tsc's record of what the build read (the JSON files under data/ are only known from it).
    const fileNames = ['../node_modules/x/index.d.ts', '../model/place.ts', '../data/labels/es.json'];
    await fs.writeFile(path.join(dir, 'dist/.tsbuildinfo'), JSON.stringify({ fileNames }));
    for (const file of files) at(path.join(dir, file), 1_000);
    expect(buildState(dir)).toBe('missing');
    await fs.writeFile(path.join(dir, 'dist/.build-stamp'), '');
    at(path.join(dir, 'dist/.build-stamp'), 2_000);
    expect(buildState(dir)).toBe('current');
    for (const file of files) {
      at(path.join(dir, file), 3_000);
      expect(buildState(dir), file).toBe('stale');
      at(path.join(dir, file), 1_000);
    }
    // Files the build does not read (a README, a test, data that no source imports) never make it stale.
    await fs.mkdir(path.join(dir, 'data/snapshots'));
    await fs.writeFile(path.join(dir, 'README.md'), '');
    await fs.writeFile(path.join(dir, 'data/snapshots/run.json'), '{}');
    expect(buildState(dir)).toBe('current');
    // An input the build read that is gone makes it stale.
    await fs.rm(path.join(dir, 'data/labels/es.json'));
    expect(buildState(dir)).toBe('stale');
  });
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function lodging(args: string[], env: Record<string, string>, untilStdout?: RegExp): Promise<Ran & { url?: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LODGING, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env, LODGING_RUNTIME: 'compiled' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const match = untilStdout?.exec(stdout);
      // Both the welcome (the address) and the start-up log line (which says whether the build runs) are in.
      if (match && /"msg":"server listening"/.test(stdout)) {
        child.kill('SIGTERM');
        resolve({ code: null, stdout, stderr, url: match[1] });
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the compiled build', () => {
  it('imports with worker threads and serves from dist/, finding schema.sql, labels and fixtures', async () => {
    expect(ensureBuild({ quiet: true })).toBeNull();
    const env = { LODGING_DATA_DIR: path.join(dir, 'data'), LODGING_THREADS: '2', LOG_LEVEL: 'info' };
    const imported = await lodging(['import', '--country', 'es', '--json', path.join(ROOT, 'fixtures/es/listings.jsonl')], env);
    expect(imported.stderr).not.toMatch(/tsx|warning/);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ byStatus: { published: expect.any(Number) } });

    const served = await lodging(['serve', '--port', '0', '--host', '127.0.0.1'], env, /listening on (\S+)/);
    expect(served.url).toMatch(/^http:/);
    expect(served.stdout).toMatch(/"compiled":true/);
  }, 240_000);
});
