// `lodging keys create|list|revoke` against the same data dir a server reads: printed once, listed without secrets.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { runAccountsCommand } from '../../../api/cli/accounts-command.ts';
import { runKeysCommand } from '../../../api/cli/keys-command.ts';
import { UsageError } from '../../../platform/cli-io.ts';
import { hashKeySecret } from '../../../api/keys/key-secret.ts';
import { openRedisKeyStore } from '../../../api/keys/redis-key-store.ts';
import { TEST_REDIS_URL, deletePrefix, describeWithRedis, pingRedis, uniquePrefix } from '../../support/redis.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';
import { KEY_KEYS, keysOf } from '../support/shapes.ts';

function io(env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (s: string) => void out.push(s), stderr: (s: string) => void err.push(s), env } };
}

describe('with the default SQLite store', () => {
  let api: TestApi;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    api = await startTestApi({ exports: {} });
    env = { LODGING_DATA_DIR: api.dataDir };
    for (const name of ['cli', 'cli-text', 'cli-list', 'cli-revoke', 'cli-five']) {
      expect(await runAccountsCommand(['create', '--email', `${name}@example.com`], io(env).io)).toBe(0);
    }
  });
  afterAll(async () => {
    await api?.close();
  });

  const run = async (argv: string[]) => {
    const t = io(env);
    const code = await runKeysCommand(argv, t.io);
    return { code, stdout: t.out.join(''), stderr: t.err.join('') };
  };

  it('create --json prints {id,name,prefix,creationTime,secret}, and the secret works on the server', async () => {
    const { code, stdout } = await run(['create', '--account', 'cli@example.com', '--name', 'ci runner', '--json']);
    expect(code).toBe(0);
    const created = JSON.parse(stdout);
    expect(keysOf(created)).toEqual([...KEY_KEYS, 'expiresAt', 'secret'].sort());
    expect(created.prefix).toBe(created.secret.slice(0, 12));
    const res = await api.get('/api/v1/key', { secret: created.secret });
    expect((await res.json()).key).toEqual({ id: created.id, name: 'ci runner', prefix: created.prefix, creationTime: created.creationTime });
  });

  it('create prints the secret once, with how to use it', async () => {
    const { code, stdout } = await run(['create', '--account', 'cli-text@example.com', '--name', 'laptop']);
    expect(code).toBe(0);
    expect(stdout.match(/lds_live_[0-9A-Za-z]{46}/g)).toHaveLength(1);
    expect(stdout).toContain('X-API-Key');
  });

  it('list shows every key with its status, never a secret', async () => {
    const created = JSON.parse((await run(['create', '--account', 'cli-list@example.com', '--name', 'one', '--json'])).stdout);
    await run(['create', '--account', 'cli-list@example.com', '--name', 'two', '--json']);
    await run(['revoke', created.id]);
    const { code, stdout } = await run(['list', '--account', 'cli-list@example.com', '--json']);
    expect(code).toBe(0);
    const listed = JSON.parse(stdout);
    expect(listed.map((k: { name: string; status: string }) => [k.name, k.status])).toEqual([
      ['one', 'revoked'],
      ['two', 'active'],
    ]);
    expect(stdout).not.toContain(created.secret);
    expect(stdout).not.toContain('secret');
    expect((await run(['list', '--account', 'cli-list@example.com'])).stdout).toContain('revoked');
  });

  it('list shows each key by its prefix and last four, as the console does', async () => {
    const created = JSON.parse((await run(['create', '--account', 'cli-list@example.com', '--name', 'shown', '--json'])).stdout);
    const listed = JSON.parse((await run(['list', '--account', 'cli-list@example.com', '--json'])).stdout);
    expect(listed.find((k: { id: string }) => k.id === created.id)).toMatchObject({ prefix: created.prefix, lastFour: created.secret.slice(-4) });
    expect((await run(['list', '--account', 'cli-list@example.com'])).stdout).toContain(`${created.id}  ${created.prefix}…${created.secret.slice(-4)}  active`);
  });

  it('revoke takes effect on the next request', async () => {
    const created = JSON.parse((await run(['create', '--account', 'cli-revoke@example.com', '--name', 'r', '--json'])).stdout);
    expect((await api.get('/api/v1/key', { secret: created.secret })).status).toBe(200);
    expect((await run(['revoke', created.id])).code).toBe(0);
    expect((await api.get('/api/v1/key', { secret: created.secret })).status).toBe(401);
  });

  it('refuses a sixth active key for an account', async () => {
    for (let i = 0; i < 5; i += 1) expect((await run(['create', '--account', 'cli-five@example.com', '--name', `k${i}`])).code).toBe(0);
    const sixth = await run(['create', '--account', 'cli-five@example.com', '--name', 'k5']);
    expect(sixth.code).toBe(1);
    expect(sixth.stderr).toMatch(/5 active keys/);
    expect(sixth.stdout).toBe('');
  });

  it('create for an account that does not exist fails with one line', async () => {
    const result = await run(['create', '--account', 'nobody@example.com', '--name', 'x']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('lodging keys: no account nobody@example.com\n');
    expect(result.stdout).toBe('');
  });

  it('create --expires sets an expiry; roll makes a replacement and the old key keeps working for the overlap', async () => {
    const created = JSON.parse((await run(['create', '--account', 'cli-revoke@example.com', '--name', 'rolled', '--expires', '30', '--json'])).stdout);
    expect(Date.parse(created.expiresAt) - Date.parse(created.creationTime)).toBe(30 * 86_400_000);
    const rolled = await run(['roll', created.id, '--overlap', '24h', '--json']);
    expect(rolled.code).toBe(0);
    const replacement = JSON.parse(rolled.stdout);
    expect(replacement.name).toBe('rolled');
    expect((await api.get('/api/v1/key', { secret: created.secret })).status).toBe(200);
    expect((await api.get('/api/v1/key', { secret: replacement.secret })).status).toBe(200);
    const now = await run(['roll', replacement.id, '--overlap', 'now', '--json']);
    expect((await api.get('/api/v1/key', { secret: replacement.secret })).status).toBe(401);
    expect((await api.get('/api/v1/key', { secret: JSON.parse(now.stdout).secret })).status).toBe(200);
  });

  it('revoke of an unknown id fails', async () => {
    expect((await run(['revoke', 'key_nope'])).code).toBe(1);
  });

  it.each([
    [[]],
    [['rotate']],
    [['create', '--account', 'a']],
    [['list']],
    [['revoke']],
    [['revoke', 'a', 'b']],
  ])('%j is a usage error', async (argv) => {
    await expect(run(argv)).rejects.toBeInstanceOf(UsageError);
  });
});

const reachable = await (await pingRedis()) === null;
describeWithRedis('with REDIS_URL set', reachable, () => {
  const prefix = uniquePrefix('cli');
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'lodging-cli-'));
  });
  afterAll(async () => {
    await deletePrefix(TEST_REDIS_URL, prefix);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates and revokes keys in Redis', async () => {
    const env = { LODGING_DATA_DIR: dataDir, REDIS_URL: TEST_REDIS_URL, LODGING_REDIS_PREFIX: prefix };
    expect(await runAccountsCommand(['create', '--email', 'redis-cli@example.com'], io(env).io)).toBe(0);
    const created = io(env);
    expect(await runKeysCommand(['create', '--account', 'redis-cli@example.com', '--name', 'r', '--json'], created.io)).toBe(0);
    const { id, secret } = JSON.parse(created.out.join(''));
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const store = openRedisKeyStore(redis, { prefix });
      expect(await store.findActiveByHash(hashKeySecret(secret))).toMatchObject({ id });
      expect(await runKeysCommand(['revoke', id], io(env).io)).toBe(0);
      expect(await store.findActiveByHash(hashKeySecret(secret))).toBeNull();
    } finally {
      redis.disconnect();
    }
  });
});
