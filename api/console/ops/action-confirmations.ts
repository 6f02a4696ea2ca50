// The confirmation pages of the operator's destructive actions on accounts, keys and suppressions: each names the consequence and posts to the action's own route.
import type { Request, Response } from 'express';
import { z } from 'zod';
import { KeyNotFoundError, UnknownAccountError } from '../../accounts/account-errors.ts';
import { resolveAccount } from '../../accounts/account-service.ts';
import type { Account } from '../../accounts/account-store.ts';
import { findAccountKey, keyState, listAccountKeys } from '../../accounts/key-service.ts';
import { SUPPRESSION_KINDS, listSuppressions } from '../../../pipeline/index.ts';
import type { ConsoleKit } from '../console-kit.ts';
import { keyShown } from '../key-markup.ts';
import { html } from '../../../platform/html/index.ts';
import { formChoice, formText, parseQuery } from '../form-input.ts';
import { confirmationPage } from './confirmation-page.ts';
import { OPS, operatorOnly, sendOps, type OpsPlugin } from './ops-kit.ts';

const REMOVE_QUERY = z.object({ kind: formChoice(SUPPRESSION_KINDS, 'is not a suppression kind'), value: formText({ max: 200 }) });

const nameOf = (a: Account) => a.email ?? a.id;

export const actionConfirmations: OpsPlugin = (router, kit, ops) => {
  const guard = operatorOnly(kit);
  const missing = (req: Request, res: Response, what: string, back: string) =>
    sendOps(kit, req, res, { title: `No such ${what}`, status: 404, body: html`<p><a href="${back}">Back</a></p>` });
  const accountOf = async (req: Request, res: Response): Promise<Account | null> => {
    try {
      const account = await resolveAccount(kit.deps.stores.accounts, String(req.params.id));
      // One's own account is never offered: the actions refuse it, and so do their confirmations.
      if (account.id !== kit.account(res).id) return account;
    } catch (error) {
      if (!(error instanceof UnknownAccountError)) throw error;
    }
    await missing(req, res, 'account', `${OPS}/accounts`);
    return null;
  };

  router.get(`/ops/accounts/:id/disable`, ...guard, async (req, res) => {
    const account = await accountOf(req, res);
    if (!account) return;
    if (account.status === 'disabled') return res.redirect(303, `${OPS}/accounts`);
    const active = (await listAccountKeys(kit.deps.stores, account.id)).filter((k) => keyState(k, new Date()) === 'active').length;
    await confirmationPage(kit, req, res, {
      title: `Disable ${nameOf(account)}?`,
      consequence: html`<p>${nameOf(account)} is signed out everywhere and cannot sign in, and its ${active} active key${active === 1 ? '' : 's'} get <strong>401 Unauthorized</strong> from the next request. You can enable the account again later; its keys then work again.</p>`,
      action: `${OPS}/accounts/${account.id}/status`,
      fields: { status: 'disabled' },
      button: 'Disable',
      cancel: `${OPS}/accounts`,
    });
  });

  router.get(`/ops/accounts/:id/role`, ...guard, async (req, res) => {
    const account = await accountOf(req, res);
    if (!account) return;
    const role = account.role === 'operator' ? 'developer' : 'operator';
    await confirmationPage(kit, req, res, {
      title: `Make ${nameOf(account)} ${role === 'operator' ? 'an operator' : 'a developer'}?`,
      consequence:
        role === 'operator'
          ? html`<p>${nameOf(account)} can then publish and roll back every country's data, import files, change suppressions, and disable accounts and revoke keys, yours included.</p>`
          : html`<p>${nameOf(account)} loses the operator pages at the next request: only their own keys remain.</p>`,
      action: `${OPS}/accounts/${account.id}/role`,
      fields: { role },
      button: role === 'operator' ? 'Make operator' : 'Make developer',
      cancel: `${OPS}/accounts`,
    });
  });

  router.get(`/ops/keys/:id/revoke`, ...guard, async (req, res) => {
    let key;
    try {
      key = await findAccountKey(kit.deps.stores, null, String(req.params.id));
    } catch (error) {
      if (!(error instanceof KeyNotFoundError)) throw error;
      return missing(req, res, 'key', `${OPS}/accounts`);
    }
    if (key.revokedAt) return res.redirect(303, `${OPS}/accounts/${key.accountId}`);
    const owner = await kit.deps.stores.accounts.findAccount(key.accountId);
    await confirmationPage(kit, req, res, {
      title: `Revoke “${key.name}”?`,
      consequence: html`<p>Every application that sends the key ${keyShown(key)} of ${owner ? nameOf(owner) : 'its account'} gets <strong>401 Unauthorized</strong> from its next request. This cannot be undone.</p>`,
      action: `${OPS}/keys/${key.id}/revoke`,
      button: 'Revoke',
      cancel: `${OPS}/accounts/${key.accountId}`,
    });
  });

  router.get(`/ops/suppressions/remove`, ...guard, async (req, res) => {
    const query = parseQuery(REMOVE_QUERY, req);
    const listing = await listSuppressions(ops.dataDir);
    const entry = query.ok ? listing.entries.find((e) => e.kind === query.data.kind && e.value === query.data.value) : undefined;
    if (!entry) return missing(req, res, 'suppression', `${OPS}/suppressions`);
    await confirmationPage(kit, req, res, {
      title: `Remove the suppression of ${entry.value}?`,
      consequence: html`<p>From the next import of the country, listings with this ${entry.kind === 'id' ? 'place id' : entry.kind} are published again${
        entry.note ? html` (it was added for: ${entry.note})` : ''
      }. Until then the API serves what it serves now.</p>`,
      action: `${OPS}/suppressions/remove`,
      fields: { kind: entry.kind, value: entry.value },
      button: 'Remove suppression',
      cancel: `${OPS}/suppressions`,
    });
  });
};
