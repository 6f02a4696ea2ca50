// Sessions against the real server (SQLite and real Redis): a reset or a disabling ends them, a new password ends the others, GETs store nothing.
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteAccount, setAccountStatus } from '../../../api/accounts/account-service.ts';
import { CLI_ACTOR } from '../../../api/accounts/audit.ts';
import { keysDatabasePath } from '../../../api/keys/sqlite-key-store.ts';
import { createConsoleClient } from '../support/console-client.ts';
import { TEST_REDIS_URL, describeWithRedis, pingRedis } from '../../support/redis.ts';
import { PASSWORD, startConsoleHarness } from './support/console-harness.ts';
import type { Backend, ConsoleHarness } from './support/console-harness.ts';

let counter = 0;
const email = (label: string) => `${label}-${process.pid}-${(counter += 1)}@example.com`;
const NEW_PASSWORD = 'another long passphrase of mine';

function sessionSuite(backend: Backend) {
  let h: ConsoleHarness;
  beforeAll(async () => {
    h = await startConsoleHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });
  const reinvite = async (accountId: string) => {
    const { inviteUrl } = await inviteAccount(h.api.server.stores.accounts, accountId, h.api.publicUrl, CLI_ACTOR);
    return { path: inviteUrl.slice(h.api.publicUrl.length), token: new URL(inviteUrl).searchParams.get('token')! };
  };
  async function sessionRows(): Promise<number> {
    if (backend === 'sqlite') {
      const db = new Database(keysDatabasePath(h.api.dataDir), { readonly: true });
      try {
        return (db.prepare('SELECT count(*) AS n FROM console_sessions').get() as { n: number }).n;
      } finally {
        db.close();
      }
    }
    const redis = new Redis(TEST_REDIS_URL);
    try {
      return (await redis.keys(`${h.redisPrefix}console:session:*`)).length;
    } finally {
      redis.disconnect();
    }
  }

  it('after a re-invitation is accepted, an old session gets no console page', async () => {
    const address = email('reset');
    const { client, accountId } = await h.signedIn(address);
    expect((await client.get('/console/keys')).status).toBe(200);
    const older = await reinvite(accountId);
    const { path, token } = await reinvite(accountId);
    const other = createConsoleClient(h.api.url);
    await other.get(path);
    expect((await other.post('/console/invitation', { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(303);
    expect((await client.get('/console/keys')).status).toBe(303);
    expect((await other.get(older.path)).status).toBe(404);
    await other.get('/console/sign-in');
    expect((await other.post('/console/sign-in', { email: address, password: NEW_PASSWORD })).status).toBe(303);
  });

  it("disabling an account ends its sessions and voids its invitation; a disabled account's link sets no password", async () => {
    const { client, accountId } = await h.signedIn(email('disabled'));
    const { path, token } = await reinvite(accountId);
    await setAccountStatus(h.api.server.stores.accounts, accountId, 'disabled', CLI_ACTOR);
    expect((await client.get('/console/keys')).status).toBe(303);
    const other = createConsoleClient(h.api.url);
    expect((await other.get(path)).status).toBe(404);
    // Even a link issued while disabled is refused.
    const { path: later, token: laterToken } = await reinvite(accountId);
    expect((await other.get(later)).status).toBe(404);
    await other.get('/console/sign-in');
    expect((await other.post('/console/invitation', { token: laterToken, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(404);
    await other.get('/console/sign-in');
    expect((await other.post('/console/invitation', { token, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(404);
    const account = await h.api.server.stores.accounts.findAccount(accountId);
    expect(account?.passwordChangedAt).not.toBeNull();
    expect(await h.api.server.stores.accounts.findAccount(accountId)).toMatchObject({ passwordHash: account?.passwordHash });
  });

  it('changing the password ends every other session', async () => {
    const address = email('change');
    const first = await h.signedIn(address);
    const second = createConsoleClient(h.api.url);
    await second.get('/console/sign-in');
    expect((await second.post('/console/sign-in', { email: address, password: PASSWORD })).status).toBe(303);
    await first.client.get('/console/account');
    expect((await first.client.post('/console/password', { current: PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(303);
    expect((await second.get('/console/keys')).status).toBe(303);
  });

  it('GETs of the sign-in and invitation pages write no session row; the form still posts', async () => {
    const before = await sessionRows();
    for (let i = 0; i < 20; i += 1) expect((await fetch(`${h.api.url}/console/sign-in`)).status).toBe(200);
    const { path } = await h.invite(email('fresh'));
    expect((await fetch(`${h.api.url}${path}`)).status).toBe(200);
    expect(await sessionRows()).toBe(before);
    // The cookie-bound token of the anonymous form is accepted; a made-up one is not.
    const address = email('posts');
    const { client } = await h.signedIn(address);
    await client.get('/console/keys');
    const anonymous = createConsoleClient(h.api.url);
    await anonymous.get('/console/sign-in');
    expect((await anonymous.post('/console/sign-in', { email: address, password: PASSWORD }, { csrf: 'x'.repeat(43) })).status).toBe(403);
    await anonymous.get('/console/sign-in');
    expect((await anonymous.post('/console/sign-in', { email: address, password: PASSWORD })).status).toBe(303);
    // Without the cookie, the token from the page is refused.
    const stranger = createConsoleClient(h.api.url);
    await stranger.get('/console/sign-in');
    const token = stranger.hidden('_csrf')!;
    stranger.setCookie(null);
    expect((await stranger.post('/console/sign-in', { email: address, password: PASSWORD }, { csrf: token })).status).toBe(403);
  });
}

describe('console sessions on SQLite', () => sessionSuite('sqlite'));

const reachable = (await pingRedis()) === null;
describeWithRedis('console sessions on Redis', reachable, () => sessionSuite('redis'));

describe('key creation per account', () => {
  it('is limited to 20 an hour (creations and rolls together), and the sign-in records stay in the audit trail', async () => {
    const h = await startConsoleHarness('sqlite');
    try {
      const { client } = await h.signedIn(email('keys'));
      let refused = 0;
      for (let i = 0; i < 22; i += 1) {
        await client.get('/console/keys');
        const page = await client.post('/console/keys', { name: `k${i}`, expiry: 'none', nonce: client.hidden('nonce') ?? '' });
        if (page.text.includes('Too many keys created')) refused += 1;
        const id = /href="\/console\/keys\/(key_[A-Za-z0-9_-]+)"/.exec((await client.get('/console/keys')).text)?.[1];
        if (id) {
          await client.get(`/console/keys/${id}/revoke`);
          await client.post(`/console/keys/${id}/revoke`, {});
        }
      }
      expect(refused).toBe(2);
      expect((await client.get('/console/audit')).text).toContain('Signed in');
    } finally {
      await h.close();
    }
  }, 120_000);
});
