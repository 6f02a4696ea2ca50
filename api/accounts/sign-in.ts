// Sign-in: one answer for an unknown e-mail and a wrong password, failures limited per account and per address with growing lockouts.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Account, AccountStore, ThrottlePolicy, ThrottleState } from './account-store.ts';
import { audit } from './audit.ts';
import { verifyAgainstNothing, verifyPassword } from './passwords.ts';

/** 5 failures lock an e-mail for 1 minute, then 2, 4, 8… up to an hour. */
export const ACCOUNT_THROTTLE: ThrottlePolicy = { failuresBeforeLockout: 5, firstLockoutMs: 60_000, maxLockoutMs: 3_600_000 };
/** 20 failures lock a client address the same way (it may try many e-mails). */
export const ADDRESS_THROTTLE: ThrottlePolicy = { failuresBeforeLockout: 20, firstLockoutMs: 60_000, maxLockoutMs: 3_600_000 };

export type SignInResult =
  | { ok: true; account: Account }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; retryAfterS: number };

export interface SignInPolicies {
  account: ThrottlePolicy;
  address: ThrottlePolicy;
}

/** Throttle subjects: the e-mail is hashed, so the store holds no list of attempted addresses. */
const accountSubject = (email: string) => `email:${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;
const addressSubject = (address: string) => `address:${address}`;

export async function signIn(
  accounts: AccountStore,
  input: { email: string; password: string; address: string },
  logger: Logger,
  policies: SignInPolicies = { account: ACCOUNT_THROTTLE, address: ADDRESS_THROTTLE },
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase().slice(0, 254);
  const subjects = [accountSubject(email), addressSubject(input.address)] as const;
  const now = Date.now();
  const states = await Promise.all(subjects.map((subject) => accounts.throttleState(subject, now)));
  const lockedUntil = Math.max(...states.map((state) => state.lockedUntil));
  if (lockedUntil > now) return { ok: false, reason: 'locked', retryAfterS: Math.ceil((lockedUntil - now) / 1000) };

  const account = email === '' ? null : await accounts.findAccountByEmail(email);
  const passwordOk = account?.passwordHash
    ? await verifyPassword(account.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (account && passwordOk && account.status === 'active') {
    await accounts.clearThrottle(subjects[0]);
    await audit(accounts, account.id, 'signed-in', { actor: account.id, address: input.address });
    return { ok: true, account };
  }

  const after: ThrottleState[] = await Promise.all([
    accounts.recordSignInFailure(subjects[0], now, policies.account),
    accounts.recordSignInFailure(subjects[1], now, policies.address),
  ]);
  const by = { actor: account?.id ?? 'unknown', address: input.address };
  if (account) await audit(accounts, account.id, 'sign-in-failed', by, account.status === 'active' ? {} : { detail: 'account disabled' });
  const newLock = Math.max(...after.map((state) => state.lockedUntil));
  if (newLock > now) {
    const which = after[0]!.lockedUntil > now ? 'account' : 'address';
    const seconds = Math.ceil((newLock - now) / 1000);
    logger.warn({ lockout: which, accountId: account?.id ?? null, address: input.address, seconds }, 'console sign-in locked out');
    if (account) await audit(accounts, account.id, 'locked-out', by, { detail: `${which} locked for ${seconds} s` });
    return { ok: false, reason: 'locked', retryAfterS: seconds };
  }
  return { ok: false, reason: 'invalid' };
}
