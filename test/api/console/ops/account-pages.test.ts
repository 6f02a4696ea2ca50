// Accounts page against the real server: an existing e-mail in another letter case is a form error inside the console layout; the invitation link has a Copy button; sign-in fills the e-mail.
import { describe, expect, it } from 'vitest';
import { createConsoleClient, type ConsoleClient } from '../../support/console-client.ts';
import { PASSWORD } from '../support/console-harness.ts';
import { setUpSignedInOps, type OpsHarness } from './support/ops-harness.ts';

let harness: OpsHarness;
let operator: ConsoleClient;

setUpSignedInOps({ operator: 'accounts-ops@example.org' }, (suite) => ({ harness, operator } = suite));

describe('accounts page', () => {
  it('refuses an e-mail that has an account in another letter case with a 400 beside the field, inside the console layout', async () => {
    await operator.get('/console/ops/accounts');
    const first = await operator.post('/console/ops/accounts', { email: 'ana.case@example.org', name: '', role: 'developer' });
    expect(first.status).toBe(200);
    await operator.get('/console/ops/accounts');
    const again = await operator.post('/console/ops/accounts', { email: 'Ana.Case@Example.ORG', name: 'Ana', role: 'developer' });
    expect(again.status).toBe(400);
    expect(again.text).toMatch(/<div class="field has-error">\s*<label for="field-email">E-mail<\/label>[\s\S]*?<strong class="error" id="field-email-error">an account with the e-mail ana\.case@example\.org already exists/);
    expect(again.text).toMatch(/<nav[\s\S]*href="\/console\/ops\/accounts"/);
    expect(again.text).toContain('value="Ana.Case@Example.ORG"');
    const accounts = await harness.api.server.stores.accounts.listAccounts();
    expect(accounts.filter((a) => a.email === 'ana.case@example.org')).toHaveLength(1);
  });

  it('shows the invitation link with a Copy button that works without script by selecting the text', async () => {
    await operator.get('/console/ops/accounts');
    const invited = await operator.post('/console/ops/accounts', { email: 'copy-me@example.org', name: '', role: 'developer' });
    expect(invited.text).toMatch(/<input id="invite-link" class="secret" type="text" readonly value="http[^"]+\/console\/invitation[^"]*"/);
    expect(invited.text).toContain('<button type="button" class="button" data-copy="invite-link" hidden>Copy</button>');
    expect(invited.text).toContain('/console/static/console.js');
  });

  it('fills the e-mail on the sign-in page after the password is set', async () => {
    const { path, token } = await harness.invite('fill-me@example.org', 'developer');
    const client = createConsoleClient(harness.api.url);
    await client.get(path);
    const set = await client.post('/console/invitation', { token, password: PASSWORD, confirm: PASSWORD });
    expect(set.status).toBe(303);
    const signIn = await client.get(set.location!);
    expect(signIn.text).toMatch(/<input id="field-email" name="email" type="email" value="fill-me@example\.org"/);
    expect(signIn.text).toMatch(/id="field-password"[^>]*autofocus/);
    expect((await client.get('/console/sign-in?email=%3Cscript%3E')).text).not.toContain('value="<script>');
  });

  it('shows an invited account as "invited" until the invitation is accepted, then "active"', async () => {
    const { path, token } = await harness.invite('invited-later@example.org', 'developer');
    const row = async () => /<a href="\/console\/ops\/accounts\/[^"]+">invited-later@example\.org<\/a>[\s\S]*?<\/tr>/.exec((await operator.get('/console/ops/accounts')).text)![0];
    expect(await row()).toContain('<span class="badge warn">invited</span>');
    const id = (await harness.api.server.stores.accounts.findAccountByEmail('invited-later@example.org'))!.id;
    expect((await operator.get(`/console/ops/accounts/${id}`)).text).toContain(' · invited</p>');
    const client = createConsoleClient(harness.api.url);
    await client.get(path);
    expect((await client.post('/console/invitation', { token, password: PASSWORD, confirm: PASSWORD })).status).toBe(303);
    expect(await row()).toContain('<span class="badge active">active</span>');
    expect((await operator.get(`/console/ops/accounts/${id}`)).text).toContain(' · active</p>');
  });
});
