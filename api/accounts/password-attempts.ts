// Password-guessing limits shared by sign-in and the password-change form: counted atomically before the slow hash.
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { AccountStore, AttemptCounter } from './account-store.ts';
import { HashingQueueFullError } from './hashing-queue.ts';

export interface AttemptPolicy {
  /** Attempts at one account from one client address per window: past it that address waits, the owner elsewhere does not. */
  perAccountAndAddress: number;
  /** Attempts from one client address at any accounts per window. */
  perAddress: number;
  /** Passwords checked for one account per window from browsers it has never signed in with, whatever their addresses. */
  perAccount: number;
  /** Attempts at one account per window from a browser that signed in to it before (its own budget: no lockout of the owner). */
  perKnownBrowser: number;
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
  perAccount: 10,
  perKnownBrowser: 5,
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

/** How many leading bits of an IPv6 address are one client: a /64 is what one subscriber is usually given. */
const IPV6_CLIENT_BITS = 64;

/** The address attempts are counted under: an IPv4 address itself, an IPv6 address by its /64 (`2001:db8:1:2::/64`). */
export function addressSubject(address: string): string {
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  if (right.some((group) => group.includes('.')) || left.some((group) => group.includes('.'))) return address; // IPv4-mapped: as written
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  const prefix = groups.slice(0, IPV6_CLIENT_BITS / 16).map((group) => Number.parseInt(group || '0', 16).toString(16));
  return `${prefix.join(':')}::/${IPV6_CLIENT_BITS}`;
}

/** The e-mail by a hash, so the store holds no list of attempted e-mails. */
export function emailSubject(email: string): string {
  return createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32);
}

function subjectsOf(email: string, address: string, knownBrowser: string | null) {
  const who = emailSubject(email);
  const from = addressSubject(address);
  return {
    pair: `pair:${who}:${from}`,
    address: `address:${from}`,
    account: `account:${who}`,
    checks: `account-checks:${who}`,
    browser: knownBrowser === null ? null : `browser:${who}:${createHash('sha256').update(knownBrowser).digest('hex').slice(0, 32)}`,
  };
}

export type AttemptOutcome =
  /** busy: the hashing queue was full (hashing-queue.ts); the attempt was given back, nothing was checked. */
  | { checked: false; retryAfterS: number; busy?: boolean }
  /** lockedForS: this failure used the address's last attempt (the caller says so, logs and audits it once). */
  | { checked: true; ok: boolean; lockedForS: number | null };

/**
 * Counts the attempt, refuses it when a limit is reached (the password is then never hashed), waits the account's
 * slowdown, then checks the password with `verify`. A right password clears this address's count for the account
 * and the account's failures, and gives the address its attempt back. When the hashing queue refuses the check
 * (full), the attempt is given back and the outcome says busy.
 */
export async function attemptPassword(
  accounts: AccountStore,
  input: { email: string; address: string; knownBrowser?: string | null },
  verify: () => Promise<boolean>,
  policy: AttemptPolicy = PASSWORD_ATTEMPTS,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<AttemptOutcome> {
  const subjects = subjectsOf(input.email, input.address, input.knownBrowser ?? null);
  // A known browser counts against its own budget only: attacks from elsewhere neither lock it out nor slow it down.
  const counters: AttemptCounter[] = subjects.browser
    ? [{ subject: subjects.browser, limit: policy.perKnownBrowser, windowMs: policy.windowMs }]
    : [
        { subject: subjects.pair, limit: policy.perAccountAndAddress, windowMs: policy.windowMs },
        { subject: subjects.address, limit: policy.perAddress, windowMs: policy.windowMs },
        { subject: subjects.checks, limit: policy.perAccount, windowMs: policy.windowMs },
        { subject: subjects.account, limit: null, windowMs: policy.accountMemoryMs },
      ];
  const now = Date.now();
  const admission = await accounts.countAttempt(counters, now);
  if (!admission.admitted) return { checked: false, retryAfterS: Math.max(1, Math.ceil(admission.retryAfterMs / 1000)) };
  const failuresSoFar = (admission.counts[counters.length - 1] ?? 1) - 1;
  const wait = slowdownMs(failuresSoFar, policy);
  if (wait > 0) await sleep(wait);
  let ok: boolean;
  try {
    ok = await verify();
  } catch (error) {
    if (!(error instanceof HashingQueueFullError)) throw error;
    await accounts.refundAttempt(counters.map((counter) => counter.subject), Date.now());
    return { checked: false, retryAfterS: error.retryAfterS, busy: true };
  }
  if (ok) {
    await accounts.clearAttempts(subjects.browser ? [subjects.browser] : [subjects.pair, subjects.account]);
    if (!subjects.browser) await accounts.refundAttempt([subjects.address, subjects.checks], Date.now());
  }
  const full = counters.some((counter, i) => counter.limit !== null && (admission.counts[i] ?? 0) >= counter.limit);
  // The window opened at the first attempt, so the full window is an upper bound of the wait.
  return { checked: true, ok, lockedForS: !ok && full ? Math.ceil(policy.windowMs / 1000) : null };
}
