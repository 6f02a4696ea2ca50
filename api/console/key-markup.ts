// How a key's state and expiry read on both sides of the console (the developer's keys and an operator's view of an account).
import type { Account } from '../accounts/account-store.ts';
import { shownSecretText } from '../keys/key-secret.ts';
import { expiresSoon, keyState } from '../accounts/key-service.ts';
import type { StoredKey } from '../keys/key-store.ts';
import { when } from './form-html.ts';
import { html } from '../../platform/html/index.ts';
import type { Markup } from '../../platform/html/index.ts';

/** The state badge: revoked, expired, "rolled · ends …", "expires soon", active; "refused" while the account is disabled. */
export function keyStatusBadge(key: StoredKey, now: Date, account?: Pick<Account, 'status'>): Markup {
  const state = keyState(key, now);
  if (state === 'active' && account && account.status !== 'active') return html`<span class="badge revoked">refused · account disabled</span>`;
  if (state === 'active' && key.rolledTo) return html`<span class="badge warn">rolled · ends ${when(key.expiresAt)}</span>`;
  if (state === 'active' && expiresSoon(key, now)) return html`<span class="badge warn">expires soon</span>`;
  return html`<span class="badge ${state}">${state}</span>`;
}

/** The expiry cell: "—" once revoked (the expiry no longer matters), else the instant or "never". */
export function keyExpiry(key: StoredKey): string {
  return key.revokedAt ? '—' : when(key.expiresAt, 'never');
}

/** The secret shown in part: its prefix and last four (the prefix only for keys made before the last four were kept). */
export function keyShown(key: Pick<StoredKey, 'prefix' | 'lastFour'>): Markup {
  return html`<code>${shownSecretText(key)}</code>`;
}

/** "name (prefix…last four)", the way a key is named outside its own row. */
export function keyLabel(key: Pick<StoredKey, 'name' | 'prefix' | 'lastFour'>): Markup {
  return html`${key.name} (${keyShown(key)})`;
}
