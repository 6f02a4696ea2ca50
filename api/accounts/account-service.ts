// Account use cases shared by `lodging accounts` and the console: create, invite, accept, disable/enable, role, password.
import { createHash, randomBytes } from 'node:crypto';
import { AccountExistsError, ROLES } from './account-store.ts';
import type { Account, AccountStore, Role } from './account-store.ts';
import { AccountInputError, UnknownAccountError } from './account-errors.ts';
import { audit } from './audit.ts';
import { emailHolder } from './email-identity.ts';
import { cleanText } from './input-hygiene.ts';
import type { Actor } from './audit.ts';
import { attemptPassword } from './password-attempts.ts';
import { HashingQueueFullError } from './hashing-queue.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const INVITATION_TTL_MS = 24 * 3_600_000;
/**
 * The new-password rules, loaded on the first password set: their strength estimator and its dictionaries (some 3 MB
 * of heap) stay out of a server whose accounts set none.
 */
const loadPasswordPolicy = () => import('./password-policy.ts');

/** Invitation tokens look like our other secrets (lds_…), so log redaction and secret scanners treat them alike. */
const INVITATION_PREFIX = 'lds_inv_';
const EMAIL = /^[^\s@<>"'(),;:\\[\]]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)+$/;

/** Stored as NFKC in lower case: a fullwidth `ａｂ@example.org` is stored, and signs in, as `ab@example.org`. */
export function normaliseEmail(email: string): string {
  const checked = cleanText(email, 'e-mail', { max: 254 });
  if (!checked.ok) throw new AccountInputError(checked.problem);
  const value = checked.value.normalize('NFKC').toLowerCase();
  if (value.length > 254 || !EMAIL.test(value)) throw new AccountInputError('e-mail must be an address like name@example.com');
  return value;
}

export function parseRole(role: string): Role {
  if (!(ROLES as readonly string[]).includes(role)) throw new AccountInputError(`role must be one of ${ROLES.join(', ')}`);
  return role as Role;
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/console/invitation?token=${token}`;
}

/** An account by id or e-mail. */
export async function resolveAccount(accounts: AccountStore, reference: string): Promise<Account> {
  const ref = reference.trim();
  const byId = await accounts.findAccount(ref);
  if (byId) return byId;
  if (ref.includes('@')) {
    const byEmail = await accounts.findAccountByEmail(ref.toLowerCase());
    if (byEmail) return byEmail;
  }
  throw new UnknownAccountError(ref);
}

export interface Invited {
  account: Account;
  /** Shown once to whoever invites (there is no mail server); only its hash is stored. */
  inviteUrl: string;
}

async function issueInvitation(accounts: AccountStore, account: Account, publicUrl: string, by: Actor): Promise<Invited> {
  const token = INVITATION_PREFIX + randomBytes(32).toString('base64url');
  await accounts.putInvitation({ tokenHash: tokenHash(token), accountId: account.id, expiresAt: Date.now() + INVITATION_TTL_MS });
  await audit(accounts, account.id, 'account-invited', by);
  return { account, inviteUrl: invitationUrl(publicUrl, token) };
}

export async function createAccount(
  accounts: AccountStore,
  input: { email: string; name?: string; role?: string },
  publicUrl: string,
  by: Actor,
): Promise<Invited> {
  const email = normaliseEmail(input.email);
  // Neither letter case nor a compatibility form makes a second account: addresses stored before count too.
  const holder = (await accounts.findAccountByEmail(email)) ?? emailHolder(await accounts.listAccounts(), email);
  if (holder) throw new AccountInputError(`an account with the e-mail ${holder.email ?? email} already exists: give it a new invitation from its row instead`);
  const named = cleanText(input.name ?? email.split('@')[0] ?? email, 'name', { max: 100 });
  if (!named.ok) throw new AccountInputError(named.problem);
  const name = named.value;
  const account: Account = {
    id: `acct_${randomBytes(9).toString('base64url')}`,
    email,
    name,
    role: parseRole(input.role ?? 'developer'),
    status: 'active',
    createdAt: new Date().toISOString(),
    passwordHash: null,
    passwordChangedAt: null,
  };
  try {
    await accounts.createAccount(account);
  } catch (error) {
    // Another invitation for the same address in the same instant.
    if (error instanceof AccountExistsError) throw new AccountInputError(`an account with the e-mail ${email} already exists`);
    throw error;
  }
  await audit(accounts, account.id, 'account-created', by, { detail: `role ${account.role}` });
  return issueInvitation(accounts, account, publicUrl, by);
}

/** A new invitation link (the previous one stops working); `email` gives one to an account the migration made. */
export async function inviteAccount(
  accounts: AccountStore,
  reference: string,
  publicUrl: string,
  by: Actor,
  email?: string,
): Promise<Invited> {
  let account = await resolveAccount(accounts, reference);
  if (email !== undefined) {
    const normalised = normaliseEmail(email);
    const holder = emailHolder(await accounts.listAccounts(), normalised, account.id);
    if (holder) throw new AccountInputError(`an account with the e-mail ${holder.email ?? normalised} already exists`);
    account = (await accounts.updateAccount(account.id, { email: normalised })) ?? account;
  }
  if (account.email === null) throw new AccountInputError(`account ${account.id} has no e-mail yet: add --email`);
  return issueInvitation(accounts, account, publicUrl, by);
}

/** The account an unused, unexpired invitation link is for, or null. */
export async function invitationAccount(accounts: AccountStore, token: string): Promise<Account | null> {
  const invitation = await accounts.peekInvitation(tokenHash(token), Date.now());
  const account = invitation ? await accounts.findAccount(invitation.accountId) : null;
  // A disabled account's link sets nothing: enabling it again is the operator's decision.
  return account?.status === 'active' ? account : null;
}

/** Sets the password from an invitation link; the link works once. AccountInputError when the password is refused. */
export async function acceptInvitation(accounts: AccountStore, token: string, password: string, by: Omit<Actor, 'actor'>): Promise<Account | null> {
  const pending = await invitationAccount(accounts, token);
  if (!pending) return null;
  const problem = (await loadPasswordPolicy()).newPasswordProblem(password, pending);
  if (problem) throw new AccountInputError(problem);
  const invitation = await accounts.takeInvitation(tokenHash(token), Date.now());
  if (!invitation) return null;
  const holder = await accounts.findAccount(invitation.accountId);
  if (holder?.status !== 'active') return null;
  const hash = await hashPassword(password);
  const account = await accounts.updateAccount(invitation.accountId, { passwordHash: hash, passwordChangedAt: new Date().toISOString() });
  if (!account) return null;
  // A new password (the reset path is a new invitation): whoever held a session or an older link is out.
  await accounts.deleteSessionsOf(account.id);
  await accounts.deleteInvitationsOf(account.id);
  await audit(accounts, account.id, 'password-set', { actor: account.id, address: by.address });
  return account;
}

export async function changePassword(
  accounts: AccountStore,
  accountId: string,
  current: string,
  next: string,
  by: Actor,
): Promise<void> {
  const account = await accounts.findAccount(accountId);
  if (!account?.passwordHash) throw new AccountInputError('The current password is not right.');
  const hash = account.passwordHash;
  // The same limits as sign-in, on the same counters: this form is no way around them.
  const outcome = await attemptPassword(accounts, { email: account.email ?? account.id, address: by.address ?? 'unknown' }, () => verifyPassword(hash, current));
  if (!outcome.checked && outcome.busy) throw new HashingQueueFullError(outcome.retryAfterS);
  if (outcome.checked && !outcome.ok) await audit(accounts, accountId, 'password-change-failed', by, { detail: 'current password wrong' });
  const waitS = outcome.checked ? outcome.lockedForS : outcome.retryAfterS;
  if (waitS !== null) throw new AccountInputError(`Too many wrong passwords. Try again in ${Math.ceil(waitS / 60)} minutes.`);
  if (!outcome.checked || !outcome.ok) throw new AccountInputError('The current password is not right.');
  const problem = (await loadPasswordPolicy()).newPasswordProblem(next, account);
  if (problem) throw new AccountInputError(problem);
  await accounts.updateAccount(accountId, { passwordHash: await hashPassword(next), passwordChangedAt: new Date().toISOString() });
  await audit(accounts, accountId, 'password-changed', by);
}

/** Disabling signs the account out everywhere and voids its invitation link; its keys are refused by the key lookup itself from the next request. */
export async function setAccountStatus(accounts: AccountStore, reference: string, status: Account['status'], by: Actor): Promise<Account> {
  const account = await resolveAccount(accounts, reference);
  const updated = (await accounts.updateAccount(account.id, { status })) ?? account;
  if (status === 'disabled') {
    await accounts.deleteSessionsOf(account.id);
    await accounts.deleteInvitationsOf(account.id);
  }
  await audit(accounts, account.id, status === 'disabled' ? 'account-disabled' : 'account-enabled', by);
  return updated;
}

export async function setAccountRole(accounts: AccountStore, reference: string, role: string, by: Actor): Promise<Account> {
  const account = await resolveAccount(accounts, reference);
  const updated = (await accounts.updateAccount(account.id, { role: parseRole(role) })) ?? account;
  await audit(accounts, account.id, 'role-changed', by, { detail: `${account.role} → ${updated.role}` });
  return updated;
}
