// Password guessing against the real server (SQLite and real Redis): limits counted before the hash, no lockout of the owner, the password form too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressSubject } from '../../../api/accounts/password-attempts.ts';
import { createConsoleClient } from '../support/console-client.ts';
import type { ConsoleClient } from '../support/console-client.ts';
import { fetchFrom } from '../support/from-address.ts';
import { describeWithRedis, pingRedis } from '../../support/redis.ts';
import { PASSWORD, startConsoleHarness } from '../console/support/console-harness.ts';
import type { Backend, ConsoleHarness } from '../console/support/console-harness.ts';

let counter = 0;
const email = (label: string) => `${label}-${process.pid}-${(counter += 1)}@example.com`;
let lastOctet = 10;
/** A client address no other test uses. */
const nextAddress = () => `127.0.0.${(lastOctet += 1)}`;

function attemptsSuite(backend: Backend) {
  let h: ConsoleHarness;
  beforeAll(async () => {
    h = await startConsoleHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });
  const clientAt = (address: string): ConsoleClient => createConsoleClient(h.api.url, { fetch: fetchFrom(address) });
  async function accountWithPassword(label: string): Promise<string> {
    const address = email(label);
    const { path, token } = await h.invite(address);
    const client = clientAt(nextAddress());
    await client.get(path);
    expect((await client.post('/console/invitation', { token, password: PASSWORD, confirm: PASSWORD })).status).toBe(303);
    return address;
  }

  it('a burst of 40 concurrent sign-ins from one address checks at most 6 passwords; the right one sent last is refused', async () => {
    const address = await accountWithPassword('burst');
    const client = clientAt(nextAddress());
    await client.get('/console/sign-in');
    const wrong = Array.from({ length: 39 }, (_, i) => client.post('/console/sign-in', { email: address, password: `wrong guess number ${i}` }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const right = client.post('/console/sign-in', { email: address, password: PASSWORD });
    const answers = await Promise.all([...wrong, right]);
    const checked = answers.filter((answer) => answer.status === 401).length;
    expect(checked).toBeLessThanOrEqual(6);
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(33);
    expect((await right).status).toBe(429);
    expect(Number((await right).headers.get('retry-after'))).toBeGreaterThan(0);
  }, 120_000);

  it('after 8 wrong passwords from one address the owner still signs in from another', async () => {
    const address = await accountWithPassword('owner');
    const attacker = clientAt(nextAddress());
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      await attacker.get('/console/sign-in');
      statuses.push((await attacker.post('/console/sign-in', { email: address, password: `attacker guess ${i}` })).status);
    }
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
    const owner = clientAt(nextAddress());
    await owner.get('/console/sign-in');
    const signedIn = await owner.post('/console/sign-in', { email: address, password: PASSWORD });
    expect(signedIn.status).toBe(303);
    expect((await owner.get('/console/keys')).status).toBe(200);
    // The failures are in the owner's audit trail, with the attacker's address.
    const trail = await owner.get('/console/audit');
    expect(trail.text).toContain('Sign-in failed');
  }, 120_000);

  it('30 addresses × 5 wrong passwords check at most 10 for the account, and the owner\'s known browser still signs in meanwhile', async () => {
    const address = await accountWithPassword('spread');
    const owner = clientAt(nextAddress());
    await owner.get('/console/sign-in');
    expect((await owner.post('/console/sign-in', { email: address, password: PASSWORD })).status).toBe(303);
    await owner.post('/console/sign-out', {});
    const attackers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const client = clientAt(nextAddress());
        await client.get('/console/sign-in');
        return client;
      }),
    );
    const attack = Promise.all(
      attackers.flatMap((client, a) => Array.from({ length: 5 }, (_, i) => client.post('/console/sign-in', { email: address, password: `spread guess ${a}-${i}` }))),
    );
    await owner.get('/console/sign-in');
    const during = await owner.post('/console/sign-in', { email: address, password: PASSWORD });
    const answers = await attack;
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(10);
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(140);
    expect(during.status).toBe(303);
    // A browser that never signed in to this account is refused from a fresh address too.
    const stranger = clientAt(nextAddress());
    await stranger.get('/console/sign-in');
    expect((await stranger.post('/console/sign-in', { email: address, password: PASSWORD })).status).toBe(429);
  }, 180_000);

  it('the password form is no oracle: after 30 wrong current passwords the right one is refused, audited with the address', async () => {
    const address = await accountWithPassword('change');
    const from = nextAddress();
    const client = clientAt(from);
    await client.get('/console/sign-in');
    expect((await client.post('/console/sign-in', { email: address, password: PASSWORD })).status).toBe(303);
    await client.get('/console/account');
    const next = 'a brand new passphrase here';
    let checked = 0;
    for (let i = 0; i < 30; i += 1) {
      const answer = await client.post('/console/password', { current: `not the password ${i}`, password: next, confirm: next });
      if (answer.text.includes('The current password is not right.')) checked += 1;
    }
    expect(checked).toBeLessThanOrEqual(6);
    const right = await client.post('/console/password', { current: PASSWORD, password: next, confirm: next });
    expect(right.status).toBe(400);
    expect(right.text).toContain('Too many wrong passwords');
    const audit = await client.get('/console/audit');
    expect(audit.text).toContain('Password change failed');
    expect(audit.text).toContain(from);
    // The old password still works: nothing was changed. (The wrong guesses used the account's budget for unknown
    // browsers, so it is this browser, known to the account since its sign-in, that signs in again.)
    await client.post('/console/sign-out', {});
    await client.get('/console/sign-in');
    expect((await client.post('/console/sign-in', { email: address, password: PASSWORD })).status).toBe(303);
    const elsewhere = clientAt(nextAddress());
    await elsewhere.get('/console/sign-in');
    expect((await elsewhere.post('/console/sign-in', { email: address, password: PASSWORD })).status).toBe(429);
  }, 180_000);
}

describe('addressSubject', () => {
  it('counts an IPv6 client by its /64 and an IPv4 client by its address', () => {
    expect(addressSubject('2001:db8:1:2:aaaa::1')).toBe(addressSubject('2001:db8:1:2:bbbb:cccc:dddd:2'));
    expect(addressSubject('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:db8:1:3::1')).not.toBe(addressSubject('2001:db8:1:2::1'));
    expect(addressSubject('::1')).toBe('0:0:0:0::/64');
    expect(addressSubject('203.0.113.5')).toBe('203.0.113.5');
  });
});

describe('password attempts on SQLite', () => attemptsSuite('sqlite'));

const reachable = (await pingRedis()) === null;
describeWithRedis('password attempts on Redis', reachable, () => attemptsSuite('redis'));
