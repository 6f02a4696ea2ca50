// Key pages over HTTP: the secret after a redirect, a key rolled once only, the roll reminder's rule, short row actions.
import { describe, expect, it } from 'vitest';
import { KeyAlreadyRolledError } from '../../../../api/accounts/account-errors.ts';
import { CLI_ACTOR } from '../../../../api/accounts/audit.ts';
import { needsRollReminder, rollAccountKey } from '../../../../api/accounts/key-service.ts';
import { completeStoredKey } from '../../../../api/keys/key-store.ts';
import type { ConsoleClient } from '../../support/console-client.ts';
import { setUpConsoleHarness } from '../support/console-harness.ts';
import type { ConsoleHarness } from '../support/console-harness.ts';

let h: ConsoleHarness;
let n = 0;
const email = (label: string) => `${label}-${process.pid}-${(n += 1)}@example.com`;
setUpConsoleHarness('sqlite', (started) => (h = started));

async function create(client: ConsoleClient, name: string, expiry = 'none') {
  await client.get('/console/keys');
  const posted = await client.post('/console/keys', { name, expiry, nonce: client.hidden('nonce') ?? '' });
  const list = await client.get('/console/keys');
  const id = [...list.text.matchAll(/href="\/console\/keys\/(key_[A-Za-z0-9_-]+)"/g)].map((m) => m[1]!).at(-1)!;
  return { posted, id };
}

describe('the secret page is a redirect after POST', () => {
  it('POST → 303 → GET shows the secret once (no-store, never in a URL); a reload says it was shown already', async () => {
    const { client } = await h.signedIn(email('secret'));
    await client.get('/console/keys');
    const posted = await client.post('/console/keys', { name: 'redirected', expiry: '90', nonce: client.hidden('nonce') ?? '' });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe('/console/keys/secret');
    expect(posted.text).not.toMatch(/lds_live_/);
    const shown = await client.get('/console/keys/secret');
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toContain('no-store');
    const secret = /lds_live_[0-9A-Za-z]{46}/.exec(shown.text)![0];
    expect(shown.text).toContain('Key “redirected” is created and expires');
    expect((await h.api.get('/api/v1/key', { secret })).status).toBe(200);
    const again = await client.get('/console/keys/secret');
    expect(again.status).toBe(200);
    expect(again.text).toContain('The secret was shown already');
    expect(again.text).not.toContain(secret);
    // The new key stands out in the list.
    expect((await client.get('/console/keys')).text).toMatch(/<tr class="fresh">\s*<th scope="row"[^>]*><a href="\/console\/keys\/key_[^"]+">redirected<\/a>/);
  });
});

describe('a key is rolled once', () => {
  it('the old key names its successor, offers no roll, and a second roll is refused by the page and the use case', async () => {
    const { client, accountId } = await h.signedIn(email('roll'));
    const { id } = await create(client, 'payments', '30');
    await client.get(`/console/keys/${id}`);
    const rolled = await client.post(`/console/keys/${id}/roll`, { overlap: '24h', nonce: client.hidden('nonce') ?? '' });
    expect(rolled.location).toBe('/console/keys/secret');
    expect((await client.get('/console/keys/secret')).text).toContain('is rolled. The old secret');
    const old = await client.get(`/console/keys/${id}`);
    expect(old.text).toMatch(/<dt>Replaced by<\/dt><dd><a href="\/console\/keys\/key_[^"]+">payments \(<code>lds_live_\w+…\w{4}<\/code>\)<\/a><\/dd>/);
    expect(old.text).not.toContain('name="overlap"');
    expect(old.text).toContain('was rolled already');
    // No "roll it" reminder about a key that ends on purpose.
    expect(old.text).not.toContain('within 7 days');
    const list = await client.get('/console/keys');
    expect(list.text).toMatch(/<span class="badge warn">rolled · ends [^<]+<\/span>/);
    expect(list.text).toContain(`>Details<span class="visually-hidden"> “payments”</span></a>`);
    await expect(rollAccountKey(h.api.server.stores, accountId, id, 'now', CLI_ACTOR)).rejects.toBeInstanceOf(KeyAlreadyRolledError);
    const again = await client.post(`/console/keys/${id}/roll`, { overlap: 'now', nonce: 'stale' });
    expect(again.status).toBe(303); // a stale form does nothing
  });

  it('a 7-day key made on purpose is not nagged about', async () => {
    const { client } = await h.signedIn(email('short'));
    await create(client, 'ci run', '7');
    const page = await client.get('/console/keys');
    expect(page.text).toContain('expires soon');
    expect(page.text).not.toContain('within 7 days');
  });
});

describe('needsRollReminder', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString();
  const key = (patch: Parameters<typeof completeStoredKey>[0]) => completeStoredKey(patch);
  it.each([
    ['a 90-day key ending in 3 days', key({ id: 'k', accountId: 'a', lifetimeDays: 90, expiresAt: inDays(3) }), true],
    ['a 90-day key ending in 30 days', key({ id: 'k', accountId: 'a', lifetimeDays: 90, expiresAt: inDays(30) }), false],
    ['a rolled key in its overlap', key({ id: 'k', accountId: 'a', lifetimeDays: 90, expiresAt: inDays(1), rolledTo: 'k2' }), false],
    ['a 7-day key', key({ id: 'k', accountId: 'a', lifetimeDays: 7, expiresAt: inDays(2) }), false],
    ['a revoked key', key({ id: 'k', accountId: 'a', lifetimeDays: 90, expiresAt: inDays(2), revokedAt: inDays(-1) }), false],
  ])('%s: %s', (_what, stored, expected) => expect(needsRollReminder(stored, now)).toBe(expected));
});

describe('a key is shown by its prefix and last four', () => {
  it('in the list, on its page and on its revoke page; a key stored before the last four were kept shows its prefix only', async () => {
    const { client, accountId } = await h.signedIn(email('last-four'));
    const { id } = await create(client, 'shown in part');
    const secret = /lds_live_[0-9A-Za-z]{46}/.exec((await client.get('/console/keys/secret')).text)![0];
    const shown = `<code>${secret.slice(0, 12)}…${secret.slice(-4)}</code>`;
    expect((await client.get('/console/keys')).text).toContain(shown);
    expect((await client.get(`/console/keys/${id}`)).text).toContain(shown);
    expect((await client.get(`/console/keys/${id}/revoke`)).text).toContain(shown);
    const stored = (await h.api.server.keyStore.findById(id))!;
    const older = { ...stored, id: `${id}-older`, name: 'made before', secretHash: 'ab'.repeat(32), lastFour: null };
    await h.api.server.keyStore.insert(older);
    expect(older.accountId).toBe(accountId);
    const page = await client.get(`/console/keys/${older.id}`);
    expect(page.text).toContain(`<code>${stored.prefix}…</code>`);
  });
});

describe('a long name keeps the row short', () => {
  it('the visible action text is short and the name is read by screen readers; cells carry their column name', async () => {
    const { client } = await h.signedIn(email('long'));
    const long = 'n'.repeat(100);
    await create(client, long);
    const page = await client.get('/console/keys');
    expect(page.text).toContain(`>Revoke…<span class="visually-hidden"> “${long}”</span></a>`);
    expect(page.text).toContain('data-label="Prefix"><code>lds_live_');
    expect(page.text).toContain('<td class="when" data-label="Created">');
  });
});
