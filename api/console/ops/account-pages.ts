// Accounts: list with key counts and usage, invite (the link shown once), disable/enable, role; an account's keys, any of which an operator may revoke.
import type { Request, Response } from 'express';
import { z } from 'zod';
import { AccountInputError, KeyNotFoundError, UnknownAccountError } from '../../accounts/account-errors.ts';
import { createAccount, inviteAccount, resolveAccount, setAccountRole, setAccountStatus } from '../../accounts/account-service.ts';
import { ROLES, accountStanding, type Account, type AccountStanding } from '../../accounts/account-store.ts';
import { keyState, listAccountKeys, revokeAccountKey } from '../../accounts/key-service.ts';
import type { StoredKey } from '../../keys/key-store.ts';
import { HOUR_MS, hourOf } from '../../usage/usage-store.ts';
import type { ConsoleKit } from '../console-kit.ts';
import type { Notice } from '../console-layout.ts';
import { button, field, postForm, selectField, when } from '../form-html.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';
import { errorOf, firstError, formChoice, formText, parseForm } from '../form-input.ts';
import type { FieldErrors } from '../form-input.ts';
import { OPS, flash, operatorOnly, sendOps, type OpsPlugin } from './ops-kit.ts';
import { keyExpiry, keyShown, keyStatusBadge } from '../key-markup.ts';

const NOTICES: Record<string, Notice> = {
  disabled: { kind: 'success', text: 'Disabled: signed out everywhere; its keys are refused from the next request.' },
  enabled: { kind: 'success', text: 'Enabled.' },
  role: { kind: 'success', text: 'Role changed.' },
  revoked: { kind: 'success', text: 'Key revoked: refused from the next request.' },
};
const WEEK_MS = 7 * 24 * HOUR_MS;

/** The invitation form; the e-mail's and name's own rules are the use case's. */
const INVITE_FORM = z.object({
  email: formText({ max: 254 }),
  name: formText({ max: 100 }),
  role: formChoice(ROLES, `must be one of ${ROLES.join(', ')}`).default('developer'),
});
const STATUS_FORM = z.object({ status: formChoice(['active', 'disabled'], 'must be active or disabled') });
const ROLE_FORM = z.object({ role: formChoice(ROLES, `must be one of ${ROLES.join(', ')}`) });

/** A form of hidden fields that did not parse: said as the use case's own refusals are (the page's error line). */
function formFields<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const form = parseForm(schema, req);
  if (!form.ok) throw new AccountInputError(firstError(form.errors));
  return form.data;
}

/** An account's keys as operators see them: a revoke button on each active one. */
function keyTable(keys: StoredKey[], now: Date, caption: string, account: Pick<Account, 'status'>): Markup {
  return html`<div class="table-wrap"><table><caption>${caption}</caption><thead><tr><th scope="col">Key</th><th scope="col">Prefix</th><th scope="col">State</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
<tbody>${keys.map((k) => {
    const state = keyState(k, now);
    return html`<tr><th scope="row">${k.name}</th><td>${keyShown(k)}</td><td>${keyStatusBadge(k, now, account)}${k.revokedAt ? html`<br><small>${when(k.revokedAt)}</small>` : ''}</td><td>${when(k.lastUsedAt)}${k.lastUsedAddress ? ` from ${k.lastUsedAddress}` : ''}</td><td class="when">${keyExpiry(k)}</td><td class="actions">${
      state === 'active' ? html`<a class="button danger-link" href="${OPS}/keys/${k.id}/revoke">Revoke<span class="visually-hidden"> ${k.name}</span>…</a>` : ''
    }</td></tr>`;
  })}</tbody></table></div>`;
}

const STANDING_BADGE: Record<AccountStanding, string> = { active: 'active', invited: 'warn', disabled: 'revoked' };

function standingBadge(account: Account): Markup {
  const standing = accountStanding(account);
  return html`<span class="badge ${STANDING_BADGE[standing]}">${standing}</span>`;
}

interface AccountRow {
  account: Account;
  active: number;
  total: number;
  requests: number;
  limited: number;
}

async function accountRow(kit: ConsoleKit, account: Account, now: Date): Promise<AccountRow> {
  const keys = await listAccountKeys(kit.deps.stores, account.id, now);
  let requests = 0;
  let limited = 0;
  for (const key of keys) {
    for (const hour of await kit.deps.stores.usage.hourly(key.id, hourOf(now.getTime() - WEEK_MS))) {
      requests += hour.ok + hour.limited;
      limited += hour.limited;
    }
  }
  return { account, active: keys.filter((k) => keyState(k, now) === 'active').length, total: keys.length, requests, limited };
}

function inviteLink(url: string, email: string | null): Markup {
  return html`<div class="notice success" role="status"><p>Invitation for ${email ?? 'the account'}: give this link to the person. It works once, for 24 hours, and is <strong>not shown again</strong>.</p>
<label for="invite-link">Invitation link</label>
<div class="copy-row"><input id="invite-link" class="secret" type="text" readonly value="${url}" spellcheck="false" autocomplete="off">
<button type="button" class="button" data-copy="invite-link" hidden>Copy</button></div>
<p class="copied" data-copied-for="invite-link" role="status" hidden>Copied to the clipboard.</p></div>`;
}

async function accountsPage(kit: ConsoleKit, req: Request, res: Response, extra: { invite?: Markup; errors?: FieldErrors; form?: Record<string, string> } = {}) {
  const now = new Date();
  const accounts = await kit.deps.stores.accounts.listAccounts();
  const rows = await Promise.all(accounts.map((a) => accountRow(kit, a, now)));
  const csrf = await kit.csrfToken(res);
  const me = kit.account(res).id;
  await sendOps(kit, req, res, {
    title: 'Accounts',
    status: extra.errors ? 400 : 200,
    notices: flash(kit, req, NOTICES),
    body: html`${extra.invite ?? ''}
<section class="card narrow" aria-labelledby="invite-heading"><h2 id="invite-heading">Invite someone</h2>
${postForm(
  `${OPS}/accounts`,
  csrf,
  html`${field({ label: 'E-mail', name: 'email', type: 'email', required: true, value: extra.form?.email ?? '', error: errorOf(extra.errors, 'email'), autocomplete: 'off' })}
${field({ label: 'Name (optional)', name: 'name', value: extra.form?.name ?? '', maxLength: 100, error: errorOf(extra.errors, 'name') })}
${selectField({ label: 'Role', name: 'role', options: ROLES.map((r) => ({ value: r, label: r, selected: r === (extra.form?.role ?? 'developer') })), error: errorOf(extra.errors, 'role') })}
${button('Invite')}`,
)}</section>
<div class="table-wrap"><table><caption>${rows.length} account${rows.length === 1 ? '' : 's'}; usage is the last 7 days</caption>
<thead><tr><th scope="col">Account</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col" class="num">Keys (active)</th><th scope="col" class="num">Requests (429)</th><th scope="col">Actions</th></tr></thead>
<tbody>${rows.map(({ account: a, active, total, requests, limited }) => {
  const label = a.email ?? a.id;
  return html`<tr><th scope="row"><a href="${OPS}/accounts/${a.id}">${label}</a><br><small>${a.name} · since ${when(a.createdAt)}</small></th>
<td>${a.role}</td><td>${standingBadge(a)}</td>
<td class="num">${total} (${active})</td><td class="num">${requests} (${limited})</td>
<td class="actions">${
    a.id === me
      ? html`<small>you</small>`
      : html`${
          // Disabling and a role change are confirmed on their own page (it names the consequence); enabling is not destructive.
          a.status === 'active'
            ? html`<a class="button danger-link" href="${OPS}/accounts/${a.id}/disable">Disable<span class="visually-hidden"> ${label}</span>…</a>`
            : postForm(`${OPS}/accounts/${a.id}/status`, csrf, html`<input type="hidden" name="status" value="active">${button(`Enable ${label}`, { kind: 'plain' })}`, { className: 'inline' })
        }
<a class="button plain" href="${OPS}/accounts/${a.id}/role">Make<span class="visually-hidden"> ${label}</span> ${a.role === 'operator' ? 'developer' : 'operator'}…</a>
${a.email ? postForm(`${OPS}/accounts/${a.id}/invite`, csrf, button('New invitation', { kind: 'plain', ariaLabel: `New invitation for ${label}` }), { className: 'inline' }) : ''}`
  }</td></tr>`;
})}</tbody></table></div>`,
  });
}

export const accountPages: OpsPlugin = (router, kit) => {
  const guard = operatorOnly(kit);
  router.get(`/ops/accounts`, ...guard, (req, res) => accountsPage(kit, req, res));

  router.post(`/ops/accounts`, ...guard, async (req, res) => {
    const parsed = parseForm(INVITE_FORM, req);
    if (!parsed.ok) return accountsPage(kit, req, res, { errors: parsed.errors });
    const form = parsed.data;
    try {
      const invited = await createAccount(kit.deps.stores.accounts, { email: form.email, ...(form.name.trim() ? { name: form.name } : {}), role: form.role }, kit.deps.publicUrl, kit.actor(req, res));
      await accountsPage(kit, req, res, { invite: inviteLink(invited.inviteUrl, invited.account.email) });
    } catch (error) {
      if (error instanceof AccountInputError) return accountsPage(kit, req, res, { errors: { email: error.message }, form });
      throw error;
    }
  });

  const onAccount = (path: string, act: (req: Request, res: Response, id: string) => Promise<void>) =>
    router.post(`/ops/accounts/:id/${path}`, ...guard, async (req, res) => {
      try {
        await act(req, res, String(req.params.id));
      } catch (error) {
        if (error instanceof UnknownAccountError || error instanceof AccountInputError) return accountsPage(kit, req, res, { errors: { email: error.message } });
        throw error;
      }
    });
  onAccount('status', async (req, res, id) => {
    const { status } = formFields(STATUS_FORM, req);
    if (id === kit.account(res).id) throw new AccountInputError('you cannot disable your own account');
    await setAccountStatus(kit.deps.stores.accounts, id, status, kit.actor(req, res));
    res.redirect(303, `${OPS}/accounts?notice=${status === 'disabled' ? 'disabled' : 'enabled'}`);
  });
  onAccount('role', async (req, res, id) => {
    if (id === kit.account(res).id) throw new AccountInputError('you cannot change your own role');
    await setAccountRole(kit.deps.stores.accounts, id, formFields(ROLE_FORM, req).role, kit.actor(req, res));
    res.redirect(303, `${OPS}/accounts?notice=role`);
  });
  onAccount('invite', async (req, res, id) => {
    const invited = await inviteAccount(kit.deps.stores.accounts, id, kit.deps.publicUrl, kit.actor(req, res));
    await accountsPage(kit, req, res, { invite: inviteLink(invited.inviteUrl, invited.account.email) });
  });

  router.get(`/ops/accounts/:id`, ...guard, async (req, res) => {
    let account: Account;
    try {
      account = await resolveAccount(kit.deps.stores.accounts, String(req.params.id));
    } catch (error) {
      if (!(error instanceof UnknownAccountError)) throw error;
      return sendOps(kit, req, res, { title: 'No such account', status: 404, body: html`<p><a href="${OPS}/accounts">All accounts</a></p>` });
    }
    const now = new Date();
    const keys = await listAccountKeys(kit.deps.stores, account.id, now);
    const current = keys.filter((k) => k.revokedAt === null);
    const revoked = keys.filter((k) => k.revokedAt !== null).sort((a, b) => b.revokedAt!.localeCompare(a.revokedAt!));
    await sendOps(kit, req, res, {
      title: `Keys of ${account.email ?? account.id}`,
      notices: flash(kit, req, NOTICES),
      body: html`<p class="lead">${account.name} · ${account.role} · ${accountStanding(account)}</p>
${keys.length === 0 ? html`<p>No keys.</p>` : ''}
${current.length > 0 ? keyTable(current, now, 'Active and expired keys', account) : ''}
${
  revoked.length > 0
    ? html`<section aria-labelledby="revoked-heading"><h2 id="revoked-heading">Revoked keys</h2><p>Kept as long as the audit trail (LODGING_AUDIT_KEEP_DAYS), then removed.</p>${keyTable(revoked, now, 'Keys revoked, newest first', account)}</section>`
    : ''
}
<p><a href="${OPS}/accounts">All accounts</a></p>`,
    });
  });

  router.post(`/ops/keys/:id/revoke`, ...guard, async (req, res) => {
    try {
      const key = await revokeAccountKey(kit.deps.stores, null, String(req.params.id), kit.actor(req, res));
      res.redirect(303, `${OPS}/accounts/${key.accountId}?notice=revoked`);
    } catch (error) {
      if (!(error instanceof KeyNotFoundError)) throw error;
      await sendOps(kit, req, res, { title: 'No such key', status: 404, body: html`<p><a href="${OPS}/accounts">All accounts</a></p>` });
    }
  });
};
