// Sign-in: one answer for an unknown e-mail and a wrong password; attempts limited per address, per account and per known browser before the hash (password-attempts.ts), the hash in the bounded queue.
import type { Logger } from 'pino';
import type { Account, AccountStore } from './account-store.ts';
import { audit } from './audit.ts';
import { knownBrowserId, knownBrowserToken } from './known-browser.ts';
import { PASSWORD_ATTEMPTS, attemptPassword } from './password-attempts.ts';
import type { AttemptPolicy } from './password-attempts.ts';
import { verifyAgainstNothing, verifyPassword } from './passwords.ts';
import type { HashingQueue } from './hashing-queue.ts';

export type SignInResult =
  /** knownBrowser: a new known-browser token for this browser (when the server has a key for them). */
  | { ok: true; account: Account; knownBrowser: string | null }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; retryAfterS: number }
  /** The hashing queue is full: nothing was checked or counted; try again after retryAfterS. */
  | { ok: false; reason: 'busy'; retryAfterS: number };

export async function signIn(
  accounts: AccountStore,
  input: {
    email: string;
    password: string;
    address: string;
    /** The browser's known-browser token, and the key this server signs them with (none: every browser is unknown). */
    browserToken?: string | null;
    browserKey?: Buffer | null;
    /** The queue the password is checked in (default: the process's). */
    hashing?: HashingQueue;
  },
  logger: Logger,
  policy: AttemptPolicy = PASSWORD_ATTEMPTS,
): Promise<SignInResult> {
  // As normaliseEmail stores it (NFKC, lower case); then as typed, for an address stored before that rule.
  const typed = input.email.trim().toLowerCase().slice(0, 254);
  const email = typed.normalize('NFKC').toLowerCase();
  let account: Account | null = null;
  const knownBrowser = input.browserKey ? knownBrowserId(input.browserKey, email, input.browserToken) : null;
  const outcome = await attemptPassword(accounts, { email, address: input.address, knownBrowser }, async () => {
    account = email === '' ? null : ((await accounts.findAccountByEmail(email)) ?? (typed === email ? null : await accounts.findAccountByEmail(typed)));
    // A known browser's check goes ahead of the others waiting in the hashing queue.
    const turn = { priority: knownBrowser ? ('known-browser' as const) : ('other' as const), ...(input.hashing ? { queue: input.hashing } : {}) };
    const passwordOk = account?.passwordHash ? await verifyPassword(account.passwordHash, input.password, turn) : await verifyAgainstNothing(input.password, turn);
    return Boolean(account && passwordOk && account.status === 'active');
  }, policy);
  if (!outcome.checked) return { ok: false, reason: outcome.busy ? 'busy' : 'locked', retryAfterS: outcome.retryAfterS };
  const checked = account as Account | null;
  if (outcome.ok && checked) {
    await audit(accounts, checked.id, 'signed-in', { actor: checked.id, address: input.address });
    return { ok: true, account: checked, knownBrowser: input.browserKey ? knownBrowserToken(input.browserKey, email) : null };
  }
  if (checked) {
    await audit(accounts, checked.id, 'sign-in-failed', { actor: checked.id, address: input.address }, checked.status === 'active' ? {} : { detail: 'account disabled' });
  }
  if (outcome.lockedForS !== null) {
    logger.warn({ accountId: checked?.id ?? null, address: input.address, seconds: outcome.lockedForS }, 'console sign-in locked out');
    if (checked) await audit(accounts, checked.id, 'locked-out', { actor: checked.id, address: input.address }, { detail: `this address waits up to ${outcome.lockedForS} s` });
    return { ok: false, reason: 'locked', retryAfterS: outcome.lockedForS };
  }
  return { ok: false, reason: 'invalid' };
}
