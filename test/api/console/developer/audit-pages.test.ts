// The audit trail over HTTP: keys by name and prefix, "replaced by" as a link, who did it in words, paging past 200 events.
import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE } from '../../../../api/console/developer/audit-pages.ts';
import { createConsoleClient } from '../../support/console-client.ts';
import { setUpConsoleHarness } from '../support/console-harness.ts';
import type { ConsoleHarness } from '../support/console-harness.ts';

let h: ConsoleHarness;
setUpConsoleHarness('sqlite', (started) => (h = started));

describe('audit trail', () => {
  it('names keys, links the successor, tells a failed sign-in from you, and pages past 200 events', async () => {
    const address = `audit-${process.pid}@example.com`;
    const { client, accountId } = await h.signedIn(address);
    await client.get('/console/keys');
    await client.post('/console/keys', { name: 'billing', expiry: 'none', nonce: client.hidden('nonce') ?? '' });
    const id = /href="\/console\/keys\/(key_[A-Za-z0-9_-]+)"/.exec((await client.get('/console/keys')).text)![1]!;
    await client.get(`/console/keys/${id}`);
    await client.post(`/console/keys/${id}/roll`, { overlap: '24h', nonce: client.hidden('nonce') ?? '' });
    const stranger = createConsoleClient(h.api.url);
    await stranger.get('/console/sign-in');
    await stranger.post('/console/sign-in', { email: address, password: 'not the password at all' });

    const page = await client.get('/console/audit');
    expect(page.text).not.toMatch(/>key_[A-Za-z0-9_-]+</);
    expect(page.text).toMatch(/<a href="\/console\/keys\/key_[^"]+">billing \(<code>lds_live_\w+…\w{4}<\/code>\)<\/a>/);
    expect(page.text).toMatch(/replaced by <a href="\/console\/keys\/key_[^"]+">billing \(<code>/);
    expect(page.text).toMatch(/works until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    expect(page.text).toMatch(/Sign-in failed<\/th>.*?<td data-label="By">someone signing in with your e-mail<\/td>/s);
    expect(page.text).not.toContain('Older events');

    const at = new Date(Date.now() - 86_400_000).toISOString();
    for (let i = 0; i < AUDIT_PAGE_SIZE; i += 1) {
      await h.api.server.stores.accounts.appendAudit({ at, accountId, action: 'signed-out', actor: accountId, address: '127.0.0.1', keyId: null, detail: null });
    }
    const first = await client.get('/console/audit');
    expect(first.text).toContain('href="/console/audit?page=2">Older events');
    expect((first.text.match(/<tr><td class="when"/g) ?? []).length).toBe(AUDIT_PAGE_SIZE);
    const second = await client.get('/console/audit?page=2');
    expect(second.text).toContain('Key created');
    expect(second.text).toContain('← Newer events');
  });
});
