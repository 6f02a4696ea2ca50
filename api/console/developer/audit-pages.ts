// The account's audit trail, paged: keys (by name and prefix) created, rolled, revoked and expired, sign-ins and lockouts, with time and address.
import { z } from 'zod';
import type { AuditAction, AuditEntry } from '../../accounts/account-store.ts';
import type { StoredKey } from '../../keys/key-store.ts';
import type { ConsoleKit, ConsolePlugin } from '../console-kit.ts';
import { parseQuery } from '../form-input.ts';
import { keyLabel } from '../key-markup.ts';
import { formatCount, formatTime } from '../../../platform/format/index.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';

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
  'rolled-forward': 'Rolled forward',
  'suppression-added': 'Suppression added',
  'suppression-removed': 'Suppression removed',
  'label-mapped': 'Label mapped',
};

/** Events per page; older ones are a link away. */
export const AUDIT_PAGE_SIZE = 200;
/** Attempts made by whoever typed the account's e-mail: recorded under the account, but not done by its owner. */
const ATTEMPTS: readonly AuditAction[] = ['sign-in-failed', 'locked-out'];
const AUDIT_QUERY = z.object({ page: z.coerce.number().int().min(1).max(1000).catch(1).default(1) });
const TOKEN = /(key_[A-Za-z0-9_-]+)|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)/g;

/** Detail text with key ids as links naming the key (name and prefix) and ISO instants in the console's time format. */
export function auditDetail(detail: string, keys: ReadonlyMap<string, StoredKey>): Markup {
  const parts: (string | Markup)[] = [];
  let at = 0;
  for (const match of detail.matchAll(TOKEN)) {
    parts.push(detail.slice(at, match.index));
    const [token, keyId, instant] = match;
    const key = keyId ? keys.get(keyId) : undefined;
    if (keyId) parts.push(key ? html`<a href="/console/keys/${keyId}">${keyLabel(key)}</a>` : keyId);
    else parts.push(formatTime(instant ?? token, { seconds: true }));
    at = match.index + token.length;
  }
  parts.push(detail.slice(at));
  return html`${parts}`;
}

/** Who acted, in words: you, an operator by e-mail, the CLI, the system; a failed sign-in is not "you". */
async function actorText(kit: ConsoleKit, entry: AuditEntry, accountId: string, names: Map<string, string>): Promise<string> {
  if (entry.actor === accountId) return ATTEMPTS.includes(entry.action) ? 'someone signing in with your e-mail' : 'you';
  if (entry.actor === 'cli') return 'a shell on the server (lodging CLI)';
  if (entry.actor === 'system') return 'the service';
  if (!names.has(entry.actor)) {
    const other = entry.actor.startsWith('acc') ? await kit.deps.stores.accounts.findAccount(entry.actor).catch(() => null) : null;
    names.set(entry.actor, other ? `${other.email ?? other.id} (operator)` : entry.actor);
  }
  return names.get(entry.actor)!;
}

export const auditPages: ConsolePlugin = (router, kit) => {
  kit.nav.push({ href: '/console/audit', label: 'Audit trail' });
  router.get('/audit', kit.requireAccount, async (req, res) => {
    const account = kit.account(res);
    const query = parseQuery(AUDIT_QUERY, req);
    const page = query.ok ? query.data.page : 1;
    const skip = (page - 1) * AUDIT_PAGE_SIZE;
    const fetched = await kit.deps.stores.accounts.listAudit(account.id, skip + AUDIT_PAGE_SIZE + 1);
    const entries = fetched.slice(skip, skip + AUDIT_PAGE_SIZE);
    const older = fetched.length > skip + AUDIT_PAGE_SIZE;
    const keys = new Map((await kit.deps.stores.keys.listByAccount(account.id)).map((key) => [key.id, key]));
    const names = new Map<string, string>();
    const rows = [];
    for (const e of entries) {
      const key = e.keyId ? keys.get(e.keyId) : undefined;
      rows.push(html`<tr><td class="when">${formatTime(e.at, { seconds: true })}</td><th scope="row">${AUDIT_LABELS[e.action] ?? e.action}</th><td>${
        e.keyId ? html`<a href="/console/keys/${e.keyId}">${key ? keyLabel(key) : e.keyId}</a>` : '—'
      }</td><td>${await actorText(kit, e, account.id, names)}</td><td>${e.address ?? '—'}</td><td>${e.detail ? auditDetail(e.detail, keys) : ''}</td></tr>`);
    }
    const from = entries.length === 0 ? 0 : skip + 1;
    await kit.send(req, res, {
      title: 'Audit trail',
      body: html`<p class="lead">What happened to this account and its keys, newest first, ${formatCount(AUDIT_PAGE_SIZE)} events a page. Times are UTC.</p>
<div class="table-wrap"><table>
<caption>Events ${formatCount(from)}–${formatCount(skip + entries.length)} of ${account.email ?? account.id}</caption>
<thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">Key</th><th scope="col">By</th><th scope="col">From</th><th scope="col">Details</th></tr></thead>
<tbody>${rows}</tbody></table></div>
${
  page > 1 || older
    ? html`<nav class="pager" aria-label="Audit pages">${page > 1 ? html`<a href="/console/audit${page > 2 ? `?page=${page - 1}` : ''}">← Newer events</a>` : ''}${
        older ? html` <a href="/console/audit?page=${page + 1}">Older events →</a>` : ''
      }</nav>`
    : ''
}`,
    });
  });
};
