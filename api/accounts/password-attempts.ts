// Password-guessing limits shared by sign-in and the password-change form: counted atomically before the slow hash.
import { createHash } from 'node:crypto';
import type { AccountStore, AttemptCounter } from './account-store.ts';

export interface AttemptPolicy {
  /** Attempts at one account from one client address per window: past it that address waits, the owner elsewhere does not. */
  perAccountAndAddress: number;
  /** Attempts from one client address at any accounts per window. */
  perAddress: number;
  windowMs: number;
  /** Failures at one account (from anywhere) before each attempt is slowed down. */
  freeFailures: number;
  /** The first slowdown; it doubles with each further failure, up to maxSlowdownMs. */
  firstSlowdownMs: number;
  maxSlowdownMs: number;
  /** How long an account's failures are remembered. */
  accountMemoryMs: number;
}

export const PASSWORD_ATTEMPTS: AttemptPolicy = {
  perAccountAndAddress: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
  freeFailures: 3,
  firstSlowdownMs: 1000,
  maxSlowdownMs: 30_000,
  accountMemoryMs: 24 * 3_600_000,
};

/** The wait before checking a password when `failures` recent attempts at the account went wrong. */
export function slowdownMs(failures: number, policy: AttemptPolicy = PASSWORD_ATTEMPTS): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.firstSlowdownMs * 2 ** doublings, policy.maxSlowdownMs);
}

/** Subjects name the e-mail by a hash, so the store holds no list of attempted e-mails. */
function subjectsOf(email: string, address: string) {
  const who = createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32);
  return { pair: `pair:${who}:${address}`, address: `address:${address}`, account: `account:${who}` };
}

export type AttemptOutcome =
  | { checked: false; retryAfterS: number }
  /** lockedForS: this failure used the address's last attempt (the caller says so, logs and audits it once). */
  | { checked: true; ok: boolean; lockedForS: number | null };

/**
 * Counts the attempt, refuses it when a limit is reached (the password is then never hashed), waits the account's
 * slowdown, then checks the password with `verify`. A right password clears this address's count for the account
 * and the account's failures, and gives the address its attempt back.
 */
export async function attemptPassword(
  accounts: AccountStore,
  input: { email: string; address: string },
  verify: () => Promise<boolean>,
  policy: AttemptPolicy = PASSWORD_ATTEMPTS,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<AttemptOutcome> {
  const subjects = subjectsOf(input.email, input.address);
  const counters: AttemptCounter[] = [
    { subject: subjects.pair, limit: policy.perAccountAndAddress, windowMs: policy.windowMs },
    { subject: subjects.address, limit: policy.perAddress, windowMs: policy.windowMs },
    { subject: subjects.account, limit: null, windowMs: policy.accountMemoryMs },
  ];
  const now = Date.now();
  const admission = await accounts.countAttempt(counters, now);
  if (!admission.admitted) return { checked: false, retryAfterS: Math.max(1, Math.ceil(admission.retryAfterMs / 1000)) };
  const wait = slowdownMs((admission.counts[2] ?? 1) - 1, policy);
  if (wait > 0) await sleep(wait);
  const ok = await verify();
  if (ok) {
    await accounts.clearAttempts([subjects.pair, subjects.account]);
    await accounts.refundAttempt([subjects.address], Date.now());
  }
  const full = (admission.counts[0] ?? 0) >= policy.perAccountAndAddress || (admission.counts[1] ?? 0) >= policy.perAddress;
  // The window opened at the first attempt, so the full window is an upper bound of the wait.
  return { checked: true, ok, lockedForS: !ok && full ? Math.ceil(policy.windowMs / 1000) : null };
}
