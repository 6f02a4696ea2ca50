// The developer console against the real app and stores (SQLite, and real Redis under a unique prefix): journey, isolation, CSRF, sessions, limits, secrets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAccountStatus } from '../../../api/accounts/account-service.ts';
import { CLI_ACTOR } from '../../../api/accounts/audit.ts';
import { createConsoleClient, hiddenValue } from '../support/console-client.ts';
import type { ConsoleClient } from '../support/console-client.ts';
import { describeWithRedis, pingRedis } from '../../support/redis.ts';
import { startTestApi } from '../support/test-api.ts';
import { PASSWORD, startConsoleHarness } from './support/console-harness.ts';
import type { Backend, ConsoleHarness } from './support/console-harness.ts';

let emailCounter = 0;
const email = (label: string) => `${label}-${process.pid}-${(emailCounter += 1)}@example.com`;

async function createKeyIn(client: ConsoleClient, name: string, expiry = 'none') {
  await client.get('/console/keys');
  const posted = await client.post('/console/keys', { name, expiry, nonce: client.hidden('nonce') ?? '' });
  // Redirect after POST: the secret is on the page the 303 leads to.
  const page = posted.status === 303 && posted.location === '/console/keys/secret' ? await client.get(posted.location) : posted;
  const secret = /lds_live_[0-9A-Za-z]{46}/.exec(page.text)?.[0] ?? null;
  const list = await client.get('/console/keys');
  const ids = [...list.text.matchAll(/href="\/console\/keys\/(key_[A-Za-z0-9_-]+)"/g)].map((m) => m[1]!);
  return { page, secret, id: ids.at(-1) ?? null };
}

function consoleSuite(backend: Backend) {
  let h: ConsoleHarness;
  beforeAll(async () => {
    h = await startConsoleHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });
  const apiKey = (secret: string) => h.api.get('/api/v1/key', { secret });

  it('journey: invitation → password → sign in → create key → the API answers 200 → revoke → 401', async () => {
    const address = email('journey');
    const { path, token } = await h.invite(address);
    const client = createConsoleClient(h.api.url);
    const form = await client.get(path);
    expect(form.status).toBe(200);
    expect(form.text).toContain('<label for="field-password">New password</label>');
    expect((await client.post('/console/invitation', { token, password: PASSWORD, confirm: PASSWORD })).location).toBe(
      `/console/sign-in?${new URLSearchParams({ notice: 'password-set', email: address }).toString()}`,
    );
    // The link works once.
    expect((await client.get(path)).status).toBe(404);
    await client.get('/console/sign-in');
    const signedIn = await client.post('/console/sign-in', { email: address, password: PASSWORD });
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe('/console/keys');

    const { page, secret, id } = await createKeyIn(client, 'journey key');
    expect(page.status).toBe(200);
    expect(page.text).toContain('shown only this once');
    expect(page.text).toContain(`curl -H &#39;X-API-Key: ${secret}&#39;`);
    expect((await apiKey(secret!)).status).toBe(200);

    expect((await client.get(`/console/keys/${id}/revoke`)).text).toContain('>Revoke</button>');
    const revoked = await client.post(`/console/keys/${id}/revoke`, {});
    expect(revoked.location).toBe('/console/keys?notice=revoked');
    expect((await apiKey(secret!)).status).toBe(401);
    const list = await client.get('/console/keys');
    expect(list.text).toContain('Revoked and expired keys');
  });

  it("another account's key id answers 404 on every page and action, and changes nothing", async () => {
    const owner = await h.signedIn(email('owner'));
    const other = await h.signedIn(email('other'));
    const { id, secret } = await createKeyIn(owner.client, 'mine');
    expect((await other.client.get(`/console/keys/${id}`)).status).toBe(404);
    expect((await other.client.get(`/console/keys/${id}/revoke`)).status).toBe(404);
    await other.client.get('/console/keys');
    expect((await other.client.post(`/console/keys/${id}/revoke`, {})).status).toBe(404);
    expect((await other.client.post(`/console/keys/${id}/roll`, { overlap: 'now', nonce: other.client.hidden('nonce') ?? '' })).status).toBe(404);
    expect((await apiKey(secret!)).status).toBe(200);
    expect((await other.client.get('/console/keys')).text).not.toContain(id!);
  });

  it('a state change without the CSRF token, or from another site, is refused with 403', async () => {
    const { client } = await h.signedIn(email('csrf'));
    await client.get('/console/keys');
    const nonce = client.hidden('nonce') ?? '';
    expect((await client.post('/console/keys', { name: 'no token', nonce }, { csrf: false })).status).toBe(403);
    expect((await client.post('/console/keys', { name: 'bad token', nonce }, { csrf: 'x'.repeat(43) })).status).toBe(403);
    expect((await client.post('/console/keys', { name: 'cross', nonce }, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await client.post('/console/keys', { name: 'origin', nonce }, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await client.post('/console/sign-out', {}, { csrf: false })).status).toBe(403);
    const list = await client.get('/console/keys');
    expect(list.text).toContain('No active key yet');
    // Nothing changes state on GET.
    expect((await client.get('/console/sign-out')).status).toBe(404);
  });

  it('session fixation: sign-in issues a new session id, and the pre-sign-in id grants nothing', async () => {
    const address = email('fixation');
    const { path, token } = await h.invite(address);
    const client = createConsoleClient(h.api.url);
    await client.get(path);
    await client.post('/console/invitation', { token, password: PASSWORD, confirm: PASSWORD });
    await client.get('/console/sign-in');
    const before = client.cookie();
    expect(before).not.toBeNull();
    await client.post('/console/sign-in', { email: address, password: PASSWORD });
    const after = client.cookie();
    expect(after).not.toBe(before);
    expect((await client.get('/console/keys')).status).toBe(200);
    const attacker = createConsoleClient(h.api.url);
    attacker.setCookie(before);
    const page = await attacker.get('/console/keys');
    expect(page.status).toBe(303);
    expect(page.location).toMatch(/^\/console\/sign-in/);
  });

  it('the session cookie is HttpOnly and SameSite=Lax, not Secure over http', async () => {
    const res = await fetch(`${h.api.url}/console/sign-in`);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('lodging_console='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
  });

  it('a key name with <script> is shown escaped on every page', async () => {
    const { client } = await h.signedIn(email('xss'));
    const name = '<script>alert(1)</script>';
    const { page, id } = await createKeyIn(client, name);
    for (const text of [page.text, (await client.get('/console/keys')).text, (await client.get(`/console/keys/${id}`)).text, (await client.get('/console/audit')).text]) {
      expect(text).not.toContain(name);
      expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
  });

  it('brute force: the same answer for an unknown e-mail and a wrong password, then 429 with Retry-After, logged', async () => {
    const address = email('brute');
    await h.signedIn(address);
    const client = createConsoleClient(h.api.url);
    await client.get('/console/sign-in');
    const unknown = await client.post('/console/sign-in', { email: email('nobody'), password: 'wrong password 1' });
    await client.get('/console/sign-in');
    const wrong = await client.post('/console/sign-in', { email: address, password: 'wrong password 1' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const message = (text: string) => /<div class="notice error"[^>]*>([^<]*)</.exec(text)?.[1];
    expect(message(unknown.text)).toBe(message(wrong.text));
    let last = wrong;
    for (let i = 0; i < 4; i += 1) {
      await client.get('/console/sign-in');
      last = await client.post('/console/sign-in', { email: address, password: `wrong password ${i}` });
    }
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // While locked, even the right password is refused.
    await client.get('/console/sign-in');
    expect((await client.post('/console/sign-in', { email: address, password: PASSWORD })).status).toBe(429);
    expect(h.logs.some((line) => line.includes('console sign-in locked out'))).toBe(true);
  });

  it('the secret appears in no log line and on no later page', async () => {
    const { client } = await h.signedIn(email('secret'));
    const { secret, id } = await createKeyIn(client, 'secret check');
    expect((await apiKey(secret!)).status).toBe(200);
    const later = [
      await client.get('/console/keys'),
      await client.get(`/console/keys/${id}`),
      await client.get('/console/audit'),
      await client.get('/console/account'),
    ];
    for (const page of later) expect(page.text).not.toContain(secret!);
    // Resubmitting the create form (reload, back button) neither shows the secret nor makes another key.
    const again = await client.post('/console/keys', { name: 'secret check', expiry: 'none', nonce: 'used' });
    expect(again.status).toBe(303);
    expect(again.location).toBe('/console/keys?notice=form-used');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.logs.join('\n')).not.toContain(secret!);
    expect(h.logs.join('\n')).not.toContain(secret!.slice(12));
  });

  it("a disabled account's keys answer 401 from the next request, its sessions end, and it cannot sign in", async () => {
    const address = email('disabled');
    const { client, accountId } = await h.signedIn(address);
    const { secret } = await createKeyIn(client, 'soon refused');
    expect((await apiKey(secret!)).status).toBe(200);
    await setAccountStatus(h.api.server.stores.accounts, accountId, 'disabled', CLI_ACTOR);
    expect((await apiKey(secret!)).status).toBe(401);
    expect((await client.get('/console/keys')).status).toBe(303);
    const fresh = createConsoleClient(h.api.url);
    await fresh.get('/console/sign-in');
    expect((await fresh.post('/console/sign-in', { email: address, password: PASSWORD })).status).toBe(401);
    await setAccountStatus(h.api.server.stores.accounts, accountId, 'active', CLI_ACTOR);
    expect((await apiKey(secret!)).status).toBe(200);
  });

  it('five active keys: the create button explains the limit and the server refuses a sixth', async () => {
    const { client } = await h.signedIn(email('five'));
    for (let i = 0; i < 5; i += 1) expect((await createKeyIn(client, `k${i}`)).page.status).toBe(200);
    const list = await client.get('/console/keys');
    expect(list.text).toMatch(/<button type="submit" class="button primary" disabled aria-describedby="limit-note">Create key<\/button>/);
    expect(list.text).toContain('the most an account may hold');
    const sixth = await client.post('/console/keys', { name: 'sixth', expiry: 'none', nonce: client.hidden('nonce') ?? '' });
    expect(sixth.status).toBe(409);
    expect(sixth.text).toContain('already has 5 active keys');
  });

  it('roll with a 24-hour overlap: both secrets work, the old one is flagged; at five keys only "now" is offered', async () => {
    const { client } = await h.signedIn(email('roll'));
    const { secret, id } = await createKeyIn(client, 'rolling', '30');
    const detail = await client.get(`/console/keys/${id}`);
    expect(detail.text).toContain('<option value="24h" selected>');
    const rolledPost = await client.post(`/console/keys/${id}/roll`, { overlap: '24h', nonce: client.hidden('nonce') ?? '' });
    expect(rolledPost.location).toBe('/console/keys/secret');
    const rolled = await client.get('/console/keys/secret');
    expect(rolled.status).toBe(200);
    const replacement = /lds_live_[0-9A-Za-z]{46}/.exec(rolled.text)![0];
    expect((await apiKey(secret!)).status).toBe(200);
    expect((await apiKey(replacement)).status).toBe(200);
    const list = await client.get('/console/keys');
    expect(list.text).toContain('rolled · ends');
    // The old key ends on purpose: no page nags to roll it, and it cannot be rolled a second time.
    expect((await client.get('/console/audit')).text).not.toContain('expires within 7 days');
    expect((await client.get(`/console/keys/${id}`)).text).not.toContain('name="overlap"');
    const successor = /href="\/console\/keys\/(key_[A-Za-z0-9_-]+)">rolling \(/.exec((await client.get(`/console/keys/${id}`)).text)![1]!;
    for (let i = 0; i < 3; i += 1) await createKeyIn(client, `filler ${i}`);
    const full = await client.get(`/console/keys/${successor}`);
    expect(full.text).not.toContain('value="24h"');
    const now = await client.post(`/console/keys/${successor}/roll`, { overlap: 'now', nonce: full.text.includes('nonce') ? hiddenValue(full.text, 'nonce')! : '' });
    expect(now.status).toBe(303);
    expect((await client.get('/console/keys/secret')).status).toBe(200);
    expect((await apiKey(replacement)).status).toBe(401);
    const audit = await client.get('/console/audit');
    expect(audit.text).toContain('Key rolled');
    expect(audit.text).toContain('Key created');
  });

  it('usage: answered and 429 requests per hour are counted and drawn; last use shows time and address', async () => {
    const { client } = await h.signedIn(email('usage'));
    const { secret, id } = await createKeyIn(client, 'counted');
    for (let i = 0; i < 3; i += 1) expect((await apiKey(secret!)).status).toBe(200);
    // A request is counted when its response has finished, which may come after the client has read it, and a flush
    // already under way (the recorder's timer) writes what was counted before it: flushed and read until both show.
    const counted = (text: string) => text.includes('3 answered') && text.includes('from 127.0.0.1');
    let detail = { text: '' };
    for (let tries = 0; tries < 50 && !counted(detail.text); tries += 1) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      await h.api.server.usage.flush();
      detail = await client.get(`/console/keys/${id}`);
    }
    expect(detail.text).toContain('3 answered, 0 refused');
    expect(detail.text).toContain('<svg');
    expect(detail.text).toContain("from 127.0.0.1");
  });

  it('sign out everywhere ends every session; change password needs the current one', async () => {
    const address = email('everywhere');
    const first = await h.signedIn(address);
    const second = createConsoleClient(h.api.url);
    await second.get('/console/sign-in');
    await second.post('/console/sign-in', { email: address, password: PASSWORD });
    expect((await second.get('/console/keys')).status).toBe(200);
    await first.client.get('/console/account');
    const wrong = await first.client.post('/console/password', { current: 'not it at all', password: 'a new long passphrase', confirm: 'a new long passphrase' });
    expect(wrong.status).toBe(400);
    const common = await first.client.post('/console/password', { current: PASSWORD, password: 'password1234', confirm: 'password1234' });
    expect(common.text).toContain('too common');
    expect((await first.client.post('/console/sign-out-everywhere', {})).location).toBe('/console/sign-in?notice=signed-out-everywhere');
    expect((await second.get('/console/keys')).status).toBe(303);
    expect((await first.client.get('/console/keys')).status).toBe(303);
  });
}

describe('developer console on SQLite', () => consoleSuite('sqlite'));

const reachable = (await pingRedis()) === null;
describeWithRedis('developer console on Redis', reachable, () => consoleSuite('redis'));

describe('developer console behind an https public URL', () => {
  it('names the cookie __Host-lodging_console and marks it Secure', async () => {
    const api = await startTestApi({ exports: {}, env: { LODGING_PUBLIC_URL: 'https://console.example' } });
    try {
      const res = await fetch(`${api.url}/console/sign-in`);
      const cookie = res.headers.getSetCookie().find((line) => line.startsWith('__Host-lodging_console='));
      expect(cookie).toMatch(/^__Host-lodging_console=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await api.close();
    }
  });
});
