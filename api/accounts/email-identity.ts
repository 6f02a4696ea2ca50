// When two account e-mails are the same address: compared after NFKC and case folding (a fullwidth or differently cased twin is one address).
import type { Account } from './account-store.ts';

/**
 * The form two e-mails are compared in: NFKC (fullwidth and compatibility letters become plain ones), then case
 * folded (upper then lower case folds ß to ss and the like, which lower case alone does not), then NFKC again.
 */
export function emailIdentity(email: string): string {
  return email.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

/** The account already holding this address, compared as emailIdentity does, other than `exceptId`. */
export function emailHolder(accounts: readonly Account[], email: string, exceptId?: string): Account | null {
  const wanted = emailIdentity(email);
  return accounts.find((a) => a.id !== exceptId && a.email !== null && emailIdentity(a.email) === wanted) ?? null;
}

/** Groups of two or more accounts (ids, oldest first) whose e-mails are one address: listed for an operator, never merged. */
export function emailCollisions(accounts: readonly Account[]): Account[][] {
  const groups = new Map<string, Account[]>();
  for (const account of accounts) {
    if (account.email === null) continue;
    const key = emailIdentity(account.email);
    groups.set(key, [...(groups.get(key) ?? []), account]);
  }
  return [...groups.values()].filter((group) => group.length > 1).map((group) => [...group].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)));
}
