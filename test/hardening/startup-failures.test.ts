// Defects 4 and 7 (serve): a command that cannot reach its store, or a server that cannot listen, says one line, closes what it opened and exits non-zero.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/commands.ts';
import { TEST_REDIS_URL, redisAvailable, uniquePrefix } from '../support/redis.ts';

let dataDir: string;
let blocker: Server;
let usedPort: number;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lodging-startup-'));
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
  usedPort = (blocker.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => blocker.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

function capture(env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (s: string) => void out.push(s), stderr: (s: string) => void err.push(s), env } };
}

/** A port nothing listens on: the blocker's port once closed would race; a closed listener's port is good enough. */
async function deadPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('lodging keys with Redis unreachable', () => {
  it.each([
    ['create', ['keys', 'create', '--account', 'a', '--name', 'n']],
    ['list', ['keys', 'list', '--account', 'a']],
    ['revoke', ['keys', 'revoke', 'key_abc']],
  ])('%s prints one line naming Redis and how to fix it, exit 1, no stack', async (_label, argv) => {
    const port = await deadPort();
    const { out, err, io } = capture({ LODGING_DATA_DIR: dataDir, REDIS_URL: `redis://user:hunter2@127.0.0.1:${port}` });
    expect(await main(argv, io)).toBe(1);
    const text = err.join('');
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text).toContain(`cannot reach the key store (Redis at redis://user:***@127.0.0.1:${port})`);
    expect(text).toMatch(/start Redis there .*unset REDIS_URL/);
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/\n\s+at /);
    expect(out.join('')).toBe('');
  });

  it('--verbose adds the stack', async () => {
    const port = await deadPort();
    const { err, io } = capture({ LODGING_DATA_DIR: dataDir, REDIS_URL: `redis://127.0.0.1:${port}` });
    expect(await main(['keys', 'list', '--account', 'a', '--verbose'], io)).toBe(1);
    expect(err.join('')).toMatch(/\n\s+at /);
  });
});

/** Runs `lodging ARGS` as a real process: the only way to prove it exits rather than hangs. */
function runLodging(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/lodging.js', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`lodging ${args.join(' ')} did not exit: ${stderr}`));
    }, 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('lodging serve on a port already in use', () => {
  it('exits 1 with one line, having closed Redis and everything else it opened', async () => {
    const withRedis = await redisAvailable();
    const env: NodeJS.ProcessEnv = { LODGING_DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(withRedis ? { REDIS_URL: TEST_REDIS_URL, LODGING_REDIS_PREFIX: uniquePrefix('serve-port') } : {}) };
    const { code, stderr } = await runLodging(['serve', '--port', String(usedPort)], env);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([`lodging serve: cannot listen: port ${usedPort} on 127.0.0.1 is already in use; stop what listens there or choose another port (--port N or PORT)`]);
  }, 40_000);
});
