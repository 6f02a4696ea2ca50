// The account's audit trail: keys created, rolled, revoked and expired, sign-ins and lockouts, with time and client address.
import type { AuditAction } from '../../accounts/account-store.ts';
import type { ConsolePlugin } from '../console-kit.ts';
import { when } from '../form-html.ts';
import { html } from '../../../platform/html/index.ts';

export const AUDIT_LABELS: Record<AuditAction, string> = {
  'account-created': 'Account created',
  'account-invited': 'Invitation issued',
  'account-disabled': 'Account disabled',
  'account-enabled': 'Account enabled',
  'role-changed': 'Role changed',
  'password-set': 'Password set',
  'password-changed': 'Password changed',
  'signed-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'locked-out': 'Sign-in locked out',
  'password-change-failed': 'Password change failed',
  'signed-out': 'Signed out',
  'signed-out-everywhere': 'Signed out everywhere',
  'key-created': 'Key created',
  'key-rolled': 'Key rolled',
  'key-revoked': 'Key revoked',
  'key-expired': 'Key expired',
  'import-started': 'Import started',
  'held-published': 'Held candidate published',
  'held-discarded': 'Held candidate discarded',
  'rolled-back': 'Rolled back',
  'suppression-added': 'Suppression added',
  'suppression-removed': 'Suppression removed',
  'label-mapped': 'Label mapped',
};

export const auditPages: ConsolePlugin = (router, kit) => {
  kit.nav.push({ href: '/console/audit', label: 'Audit trail' });
  router.get('/audit', kit.requireAccount, async (req, res) => {
    const account = kit.account(res);
    const entries = await kit.deps.stores.accounts.listAudit(account.id, 200);
    await kit.send(req, res, {
      title: 'Audit trail',
      body: html`<p class="lead">What happened to this account and its keys, newest first (the last 200 events).</p>
<div class="table-wrap"><table>
<caption>Events of ${account.email ?? account.id}</caption>
<thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Key</th><th scope="col">By</th><th scope="col">From</th><th scope="col">Details</th></tr></thead>
<tbody>${entries.map(
        (e) => html`<tr><td>${when(e.at)}</td><th scope="row">${AUDIT_LABELS[e.action] ?? e.action}</th><td>${
          e.keyId ? html`<a href="/console/keys/${e.keyId}">${e.keyId}</a>` : '—'
        }</td><td>${e.actor === account.id ? 'you' : e.actor}</td><td>${e.address ?? '—'}</td><td>${e.detail ?? ''}</td></tr>`,
      )}</tbody></table></div>`,
    });
  });
};
