// Key pages: list, create (secret shown once), details with usage chart, roll with overlap, revoke with confirmation.
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { AccountDisabledError, KeyAlreadyRolledError, KeyNotActiveError, KeyNotFoundError, TooManyKeysCreatedError } from '../../accounts/account-errors.ts';
import { InvalidKeyInputError, MAX_KEY_LIFETIME_DAYS } from '../../keys/create-key.ts';
import {
  ROLL_OVERLAP_NAMES,
  createAccountKey,
  findAccountKey,
  keyState,
  listAccountKeys,
  revokeAccountKey,
  rollAccountKey,
} from '../../accounts/key-service.ts';
import type { RollOverlap } from '../../accounts/key-service.ts';
import { MAX_ACTIVE_KEYS_PER_ACCOUNT, TooManyActiveKeysError } from '../../keys/key-store.ts';
import type { StoredKey } from '../../keys/key-store.ts';
import { HOUR_MS } from '../../usage/usage-store.ts';
import type { ConsoleKit, ConsolePlugin } from '../console-kit.ts';
import type { Notice } from '../console-layout.ts';
import { button, field, postForm, selectField, when } from '../form-html.ts';
import { errorOf, formChoice, formText, parseForm, parseQuery } from '../form-input.ts';
import type { FieldErrors } from '../form-input.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';
import { keyExpiry, keyLabel, keyShown, keyStatusBadge } from '../key-markup.ts';
import { shownSecretText } from '../../keys/key-secret.ts';
import { CHART_HOURS, renderUsageChart, usageSeries } from '../usage-chart.ts';
import { redirectToSecret, showSecretPage } from './key-secret-page.ts';

const LIFETIMES = [
  { value: 'none', label: 'No expiry', days: null },
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: MAX_KEY_LIFETIME_DAYS },
] as const;
const OVERLAP_LABELS: Record<RollOverlap, string> = {
  now: 'Now: the old key stops at once',
  '24h': 'In 24 hours',
  '7d': 'In 7 days',
};
const NOTICES: ReadonlyMap<string, Notice> = new Map([
  ['revoked', { kind: 'success', text: 'The key is revoked: every request with it is refused from now on.' }],
  ['form-used', { kind: 'warning', text: 'That form was already used (or is out of date), so nothing more was done. A secret is shown only once.' }],
]);

/** The forms and query of these pages. The name's rule (1 to 100 characters) is the use case's; the schema checks its shape. */
const NONCE_FORM = z.object({ nonce: formText({ max: 100 }) });
const CREATE_FORM = z.object({
  name: formText({ max: 1000 }),
  expiry: formChoice(LIFETIMES.map((l) => l.value) as [string, ...string[]], 'Choose one of the offered lifetimes.').default('none'),
});
const ROLL_FORM = z.object({ overlap: formChoice(ROLL_OVERLAP_NAMES, 'Choose when the old key stops working.') });
const PAGE_QUERY = z.object({ notice: z.string().optional().catch(undefined) });
/** Keys made this recently are highlighted in the list ("new"), so the one just made is easy to find. */
const FRESH_MS = 15 * 60_000;

/** A one-time token in the create and roll forms: a resubmitted form (reload, back) does nothing twice. */
async function issueNonce(kit: ConsoleKit, res: Response): Promise<string> {
  const session = kit.session(res)!;
  session.record.formNonce = randomBytes(16).toString('base64url');
  await kit.sessions.save(session.record);
  return session.record.formNonce;
}

async function takeNonce(kit: ConsoleKit, req: Request, res: Response): Promise<boolean> {
  const session = kit.session(res)!;
  const form = parseForm(NONCE_FORM, req);
  if (!session.record.formNonce || !form.ok || form.data.nonce !== session.record.formNonce) return false;
  session.record.formNonce = null;
  await kit.sessions.save(session.record);
  return true;
}

function lastUsed(key: StoredKey): Markup {
  return key.lastUsedAt ? html`<span class="nowrap">${when(key.lastUsedAt)}</span><br><small>from ${key.lastUsedAddress ?? 'unknown'}</small>` : html`never`;
}

function keyActions(key: StoredKey): Markup {
  const roll = key.rolledTo ? 'Details' : 'Details and roll';
  // Short visible text; the key's name is read by screen readers only, so a long name cannot push the actions off screen.
  return html`<td class="actions"><a class="button plain" href="/console/keys/${key.id}">${roll}<span class="visually-hidden"> “${key.name}”</span></a> <a class="button danger-link" href="/console/keys/${key.id}/revoke">Revoke…<span class="visually-hidden"> “${key.name}”</span></a></td>`;
}

function keyTable(keys: StoredKey[], now: Date, caption: string, withActions: boolean): Markup {
  const fresh = (key: StoredKey) => withActions && now.getTime() - Date.parse(key.creationTime) < FRESH_MS;
  return html`<div class="table-wrap"><table class="keys">
<caption>${caption}</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col">Status</th>${
    withActions ? html`<th scope="col"><span class="visually-hidden">Actions</span></th>` : ''
  }</tr></thead>
<tbody>${keys.map(
    (key) => html`<tr${fresh(key) ? html` class="fresh"` : ''}>
<th scope="row"><a href="/console/keys/${key.id}">${key.name}</a></th>
<td>${keyShown(key)}</td>
<td class="when">${when(key.creationTime)}</td>
<td>${lastUsed(key)}</td>
<td class="when">${keyExpiry(key)}</td>
<td>${keyStatusBadge(key, now)}${key.revokedAt ? html`<br><small class="nowrap">${when(key.revokedAt)}</small>` : ''}</td>
${withActions ? keyActions(key) : ''}
</tr>`,
  )}</tbody></table></div>`;
}

async function keysPage(kit: ConsoleKit, req: Request, res: Response, extra: { notices?: Notice[]; status?: number; name?: string; errors?: FieldErrors } = {}) {
  const account = kit.account(res);
  const now = new Date();
  const keys = await listAccountKeys(kit.deps.stores, account.id, now);
  const active = keys.filter((key) => keyState(key, now) === 'active');
  const inactive = keys.filter((key) => keyState(key, now) !== 'active').reverse();
  const full = active.length >= MAX_ACTIVE_KEYS_PER_ACCOUNT;
  const csrf = await kit.csrfToken(res);
  const nonce = await issueNonce(kit, res);
  const query = parseQuery(PAGE_QUERY, req);
  const notice = query.ok && query.data.notice !== undefined ? NOTICES.get(query.data.notice) : undefined;
  await kit.send(req, res, {
    title: 'API keys',
    status: extra.status ?? 200,
    notices: [...(notice ? [notice] : []), ...(extra.notices ?? [])],
    body: html`<p class="lead">Send a key in the <code>X-API-Key</code> header of every request. Use one key per application, so each can be rolled or revoked on its own. An account holds at most ${MAX_ACTIVE_KEYS_PER_ACCOUNT} active keys.</p>
<section aria-labelledby="create-heading" class="card">
<h2 id="create-heading">Create a key</h2>
${postForm(
  '/console/keys',
  csrf,
  html`<input type="hidden" name="nonce" value="${nonce}">
<div class="row">
${field({ label: 'Name', name: 'name', required: true, maxLength: 100, value: extra.name ?? '', hint: 'What uses it, e.g. "booking site production".', error: errorOf(extra.errors, 'name') })}
${selectField({ label: 'Expires after', name: 'expiry', options: LIFETIMES.map((l) => ({ value: l.value, label: l.label, selected: l.value === '90' })), error: errorOf(extra.errors, 'expiry') })}
</div>
${full ? html`<p class="limit" id="limit-note">You have ${active.length} active keys, the most an account may hold. Revoke a key, or roll one, to make another.</p>` : ''}
${button('Create key', full ? { disabled: true, describedBy: 'limit-note' } : {})}`,
)}
</section>
<section aria-labelledby="active-heading">
<h2 id="active-heading">Active keys <small>(${active.length} of ${MAX_ACTIVE_KEYS_PER_ACCOUNT})</small></h2>
${active.length === 0 ? html`<p>No active key yet.</p>` : keyTable(active, now, 'Keys that authenticate now', true)}
</section>
${
  inactive.length > 0
    ? html`<section aria-labelledby="old-heading"><h2 id="old-heading">Revoked and expired keys</h2>${keyTable(inactive, now, 'Keys that no longer authenticate', false)}</section>`
    : ''
}`,
  });
}

function keyErrorNotice(error: unknown): Notice | null {
  if (error instanceof TooManyActiveKeysError) {
    return { kind: 'error', text: `This account already has ${MAX_ACTIVE_KEYS_PER_ACCOUNT} active keys. Revoke or roll one first.` };
  }
  if (error instanceof AccountDisabledError) return { kind: 'error', text: 'This account is disabled.' };
  if (error instanceof TooManyKeysCreatedError) return { kind: 'error', text: `Too many keys created in the last hour. Try again in ${Math.ceil(error.retryAfterS / 60)} minutes.` };
  if (error instanceof KeyNotActiveError) return { kind: 'error', text: 'This key is revoked or expired: it can no longer be rolled.' };
  if (error instanceof KeyAlreadyRolledError) return { kind: 'error', text: 'This key was rolled already: roll its replacement instead (a key is rolled once, so a name never has two successors).' };
  return null;
}

async function notFound(kit: ConsoleKit, req: Request, res: Response) {
  await kit.send(req, res, { title: 'Key not found', status: 404, body: html`<p>You have no key with this id.</p><p><a href="/console/keys">Back to your keys</a></p>` });
}

/** A link to a key of the same roll chain, by its name and prefix (the id when it is gone). */
function relative(id: string, key: StoredKey | null): Markup {
  return html`<a href="/console/keys/${id}">${key ? keyLabel(key) : id}</a>`;
}

async function detailPage(kit: ConsoleKit, req: Request, res: Response, key: StoredKey, notices: Notice[] = [], status = 200, errors: FieldErrors = {}) {
  const account = kit.account(res);
  const now = new Date();
  const keys = await listAccountKeys(kit.deps.stores, account.id, now);
  const activeCount = keys.filter((k) => keyState(k, now) === 'active').length;
  const state = keyState(key, now);
  const predecessor = key.rolledFrom ? await kit.deps.stores.keys.findById(key.rolledFrom) : null;
  const successor = key.rolledTo ? await kit.deps.stores.keys.findById(key.rolledTo) : null;
  const usage = usageSeries(await kit.deps.stores.usage.hourly(key.id, now.getTime() - CHART_HOURS * HOUR_MS), now.getTime(), Date.parse(key.creationTime));
  const csrf = await kit.csrfToken(res);
  const nonce = state === 'active' && !key.rolledTo ? await issueNonce(kit, res) : '';
  const full = activeCount >= MAX_ACTIVE_KEYS_PER_ACCOUNT;
  const overlaps = ROLL_OVERLAP_NAMES.filter((o) => !full || o === 'now');
  await kit.send(req, res, {
    title: `Key “${key.name}”`,
    status,
    notices,
    body: html`<dl class="facts">
<dt>Prefix</dt><dd>${keyShown(key)}</dd>
<dt>Status</dt><dd>${keyStatusBadge(key, now)}</dd>
<dt>Created</dt><dd>${when(key.creationTime)}</dd>
<dt>Expires</dt><dd>${keyExpiry(key)}</dd>
<dt>Last used</dt><dd>${lastUsed(key)}</dd>
${key.rolledFrom ? html`<dt>Replaces</dt><dd>${relative(key.rolledFrom, predecessor)}</dd>` : ''}
${key.rolledTo ? html`<dt>Replaced by</dt><dd>${relative(key.rolledTo, successor)}</dd>` : ''}
</dl>
<section aria-labelledby="usage-heading"><h2 id="usage-heading">Usage</h2>${renderUsageChart(usage, `Key ${key.name}`)}</section>
${
  state === 'active' && key.rolledTo
    ? html`<section aria-labelledby="roll-heading" class="card"><h2 id="roll-heading">Roll</h2><p>This key was rolled already and ends ${when(key.expiresAt)}; to roll again, roll its replacement, ${relative(key.rolledTo, successor)}.</p></section>
<section aria-labelledby="revoke-heading"><h2 id="revoke-heading">Revoke</h2><p>Revoking refuses every request with this key from the next one on, before the end of its overlap. It cannot be undone.</p>
<p><a class="button danger-link" href="/console/keys/${key.id}/revoke">Revoke…</a></p></section>`
    : state === 'active'
    ? html`<section aria-labelledby="roll-heading" class="card"><h2 id="roll-heading">Roll</h2>
<p>Rolling makes a new secret with the same name and expiry settings. The old secret keeps working for the overlap you choose, so you can deploy the new one first.</p>
${full ? html`<p class="limit">With ${activeCount} active keys there is no room for both during an overlap: only “now” is offered.</p>` : ''}
${postForm(
  `/console/keys/${key.id}/roll`,
  csrf,
  html`<input type="hidden" name="nonce" value="${nonce}">
${selectField({ label: 'Old key stops working', name: 'overlap', options: overlaps.map((o) => ({ value: o, label: OVERLAP_LABELS[o], selected: o === (full ? 'now' : '24h') })), error: errorOf(errors, 'overlap') })}
${button('Roll')}`,
)}</section>
<section aria-labelledby="revoke-heading"><h2 id="revoke-heading">Revoke</h2><p>Revoking refuses every request with this key from the next one on. It cannot be undone.</p>
<p><a class="button danger-link" href="/console/keys/${key.id}/revoke">Revoke…</a></p></section>`
    : ''
}
<p><a href="/console/keys">Back to your keys</a></p>`,
  });
}

export const keyPages: ConsolePlugin = (router, kit) => {
  kit.nav.push({ href: '/console/keys', label: 'Keys' });
  const ownKey = async (req: Request, res: Response): Promise<StoredKey | null> => {
    try {
      return await findAccountKey(kit.deps.stores, kit.account(res).id, String(req.params.id));
    } catch (error) {
      if (error instanceof KeyNotFoundError) return null;
      throw error;
    }
  };

  router.get('/keys', kit.requireAccount, (req, res) => keysPage(kit, req, res));
  router.get('/keys/secret', kit.requireAccount, (req, res) => showSecretPage(kit, req, res));

  router.post('/keys', kit.requireAccount, async (req, res) => {
    if (!(await takeNonce(kit, req, res))) return res.redirect(303, '/console/keys?notice=form-used');
    const form = parseForm(CREATE_FORM, req);
    if (!form.ok) return keysPage(kit, req, res, { status: 400, errors: form.errors });
    const lifetime = LIFETIMES.find((l) => l.value === form.data.expiry) ?? LIFETIMES[0];
    try {
      const created = await createAccountKey(
        kit.deps.stores,
        { accountId: kit.account(res).id, name: form.data.name, lifetimeDays: lifetime.days },
        kit.actor(req, res),
      );
      await redirectToSecret(kit, req, res, { keyId: created.key.id, name: created.key.name, secret: created.secret, expiresAt: created.stored.expiresAt, rolled: null });
    } catch (error) {
      if (error instanceof InvalidKeyInputError) return keysPage(kit, req, res, { status: 400, name: form.data.name, errors: { name: 'Give the key a name of 1 to 100 characters.' } });
      const notice = keyErrorNotice(error);
      if (notice) return keysPage(kit, req, res, { status: 409, notices: [notice] });
      throw error;
    }
  });

  router.get('/keys/:id', kit.requireAccount, async (req, res) => {
    const key = await ownKey(req, res);
    if (!key) return notFound(kit, req, res);
    await detailPage(kit, req, res, key);
  });

  router.get('/keys/:id/revoke', kit.requireAccount, async (req, res) => {
    const key = await ownKey(req, res);
    if (!key) return notFound(kit, req, res);
    if (key.revokedAt) return res.redirect(303, `/console/keys/${key.id}`);
    await kit.send(req, res, {
      title: `Revoke “${key.name}”?`,
      body: html`<p>Every application that sends the key ${keyShown(key)} gets <strong>401 Unauthorized</strong> from its next request. This cannot be undone.</p>
${postForm(`/console/keys/${key.id}/revoke`, await kit.csrfToken(res), html`${button('Revoke', { kind: 'danger' })} <a class="button plain" href="/console/keys">Cancel</a>`)}`,
    });
  });

  router.post('/keys/:id/revoke', kit.requireAccount, async (req, res) => {
    const key = await ownKey(req, res);
    if (!key) return notFound(kit, req, res);
    await revokeAccountKey(kit.deps.stores, kit.account(res).id, key.id, kit.actor(req, res));
    res.redirect(303, '/console/keys?notice=revoked');
  });

  router.post('/keys/:id/roll', kit.requireAccount, async (req, res) => {
    const key = await ownKey(req, res);
    if (!key) return notFound(kit, req, res);
    if (!(await takeNonce(kit, req, res))) return res.redirect(303, '/console/keys?notice=form-used');
    const form = parseForm(ROLL_FORM, req);
    if (!form.ok) return detailPage(kit, req, res, key, [{ kind: 'error', text: 'The key was not rolled: see the form below.' }], 400, form.errors);
    const { overlap } = form.data;
    try {
      const { old, created } = await rollAccountKey(kit.deps.stores, kit.account(res).id, key.id, overlap, kit.actor(req, res));
      await redirectToSecret(kit, req, res, {
        keyId: created.key.id,
        name: created.key.name,
        secret: created.secret,
        expiresAt: created.stored.expiresAt,
        rolled: { oldPrefix: shownSecretText(old), oldUntil: overlap === 'now' ? null : old.expiresAt },
      });
    } catch (error) {
      const notice = keyErrorNotice(error);
      if (notice) return detailPage(kit, req, res, key, [notice], 409);
      throw error;
    }
  });
};
