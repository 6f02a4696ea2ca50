// Every destructive operator action has a GET page naming its consequence, with the one POST button: lists link there, never post directly.
import { describe, expect, it } from 'vitest';
import type { ConsoleClient } from '../../support/console-client.ts';
import { setUpSignedInOps, type OpsHarness } from './support/ops-harness.ts';

let harness: OpsHarness;
let operator: ConsoleClient;
let devId: string;

setUpSignedInOps({ operator: 'confirm-ops@example.org', developer: 'confirm-dev@example.org' }, (suite) => ({ harness, operator, developerId: devId } = suite));

describe('confirmation pages of destructive operator actions', () => {
  it('disabling an account: the list links to a page naming the consequence; its button disables', async () => {
    const list = await operator.get('/console/ops/accounts');
    expect(list.text).toContain(`href="/console/ops/accounts/${devId}/disable">Disable<span class="visually-hidden"> confirm-dev@example.org</span>…</a>`);
    expect(list.text).not.toMatch(/name="status" value="disabled"/);
    const page = await operator.get(`/console/ops/accounts/${devId}/disable`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<h1>Disable confirm-dev@example\.org\?<\/h1>/);
    expect(page.text).toMatch(/signed out everywhere and cannot sign in, and its 0 active keys get <strong>401 Unauthorized<\/strong>/);
    expect(page.text).toContain(`action="/console/ops/accounts/${devId}/status"`);
    expect(page.text).toMatch(/<input type="hidden" name="status" value="disabled"><button type="submit" class="button danger">Disable<\/button> <a class="button plain" href="\/console\/ops\/accounts">Cancel<\/a>/);
    expect((await operator.post(`/console/ops/accounts/${devId}/status`, { status: 'disabled' })).status).toBe(303);
    expect((await harness.api.server.stores.accounts.findAccount(devId))?.status).toBe('disabled');
    // Enabling again is not destructive: a plain button on the list.
    expect((await operator.get('/console/ops/accounts')).text).toMatch(/name="status" value="active"><button[^>]*>Enable confirm-dev@example\.org/);
    expect((await operator.post(`/console/ops/accounts/${devId}/status`, { status: 'active' })).status).toBe(303);
  });

  it('making an operator: the page says what the account can then do', async () => {
    const page = await operator.get(`/console/ops/accounts/${devId}/role`);
    expect(page.text).toMatch(/<h1>Make confirm-dev@example\.org an operator\?<\/h1>/);
    expect(page.text).toMatch(/publish and roll back every country's data/);
    expect(page.text).toMatch(/name="role" value="operator"><button type="submit" class="button danger">Make operator<\/button>/);
  });

  it("revoking a key on the operator side: the developer side's page, naming the key and its owner", async () => {
    const key = await harness.api.newKey(devId, 'ci key');
    expect((await operator.get(`/console/ops/accounts/${devId}`)).text).toContain(`href="/console/ops/keys/${key.id}/revoke">Revoke<span class="visually-hidden"> ci key</span>…</a>`);
    const page = await operator.get(`/console/ops/keys/${key.id}/revoke`);
    expect(page.text).toMatch(/<h1>Revoke “ci key”\?<\/h1>/);
    expect(page.text).toMatch(/of confirm-dev@example\.org gets <strong>401 Unauthorized<\/strong> from its next request\. This cannot be undone\./);
    expect((await operator.post(`/console/ops/keys/${key.id}/revoke`, {})).status).toBe(303);
    expect((await harness.api.get('/api/v1/key', { secret: key.secret })).status).toBe(401);
    // A revoked key has nothing left to confirm.
    expect((await operator.get(`/console/ops/keys/${key.id}/revoke`)).status).toBe(303);
  });

  it('removing a suppression: the page names the entry and its note; an entry not on the list is a 404', async () => {
    await operator.get('/console/ops/suppressions');
    expect((await operator.post('/console/ops/suppressions', { kind: 'domain', value: 'hotel-sol.es', note: 'owner asked on the phone' })).status).toBe(303);
    const list = await operator.get('/console/ops/suppressions');
    const href = /href="(\/console\/ops\/suppressions\/remove\?kind=domain&amp;value=hotel-sol\.es)">Remove/.exec(list.text)?.[1];
    expect(href).toBeTruthy();
    const page = await operator.get(href!.replaceAll('&amp;', '&'));
    expect(page.text).toMatch(/<h1>Remove the suppression of hotel-sol\.es\?<\/h1>/);
    expect(page.text).toMatch(/published again \(it was added for: owner asked on the phone\)/);
    expect(page.text).toMatch(/name="value" value="hotel-sol\.es"><button type="submit" class="button danger">Remove suppression<\/button>/);
    expect((await operator.get('/console/ops/suppressions/remove?kind=domain&value=nowhere.example')).status).toBe(404);
  });

  it("offers no confirmation against one's own account", async () => {
    const me = (await harness.api.server.stores.accounts.listAccounts()).find((a) => a.email === 'confirm-ops@example.org')!;
    expect((await operator.get(`/console/ops/accounts/${me.id}/disable`)).status).toBe(404);
  });
});
