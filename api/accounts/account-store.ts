// The accounts store contract (accounts, invitations, console sessions, audit trail, password-attempt counters), SQLite or Redis.
import { AppError } from '../../platform/errors/app-error.ts';

export const ROLES = ['developer', 'operator'] as const;
export type Role = (typeof ROLES)[number];
export type AccountStatus = 'active' | 'disabled';
/** An account's status as people read it: "invited" while an invited account has set no password yet. */
export type AccountStanding = AccountStatus | 'invited';

export interface Account {
  id: string;
  /** Lower-case; null for an account made by the migration from existing keys, until someone invites it. */
  email: string | null;
  name: string;
  role: Role;
  status: AccountStatus;
  createdAt: string;
  /** scrypt PHC string (passwords.ts); null until the invitation is accepted. */
  passwordHash: string | null;
  passwordChangedAt: string | null;
}

/** Disabled wins; an account with an e-mail and no password is waiting on its invitation (one made from existing keys, with no e-mail, is active). */
export function accountStanding(account: Pick<Account, 'status' | 'email' | 'passwordHash'>): AccountStanding {
  if (account.status !== 'active') return account.status;
  return account.email !== null && account.passwordHash === null ? 'invited' : 'active';
}

export type AccountPatch = Partial<Pick<Account, 'email' | 'name' | 'role' | 'status' | 'passwordHash' | 'passwordChangedAt'>>;

export interface Invitation {
  /** SHA-256 of the token in the link; the token itself is never stored. */
  tokenHash: string;
  accountId: string;
  expiresAt: number;
}

export interface SessionRecord {
  /** SHA-256 of the cookie value: a copy of the store gives no usable session. */
  idHash: string;
  /** null: an anonymous session (it carries the sign-in form's CSRF token). */
  accountId: string | null;
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
  /** One-time token of the create-key form, so a resubmitted form cannot create (or show) a second secret. */
  formNonce: string | null;
  /** A new key's secret waiting to be shown once after the redirect, sealed with a key derived from the cookie (absent: none). */
  pendingSecret?: string | null;
}

export type AuditAction =
  | 'account-created'
  | 'account-invited'
  | 'account-disabled'
  | 'account-enabled'
  | 'role-changed'
  | 'password-set'
  | 'password-changed'
  | 'signed-in'
  | 'sign-in-failed'
  | 'locked-out'
  | 'password-change-failed'
  | 'signed-out'
  | 'signed-out-everywhere'
  | 'key-created'
  | 'key-rolled'
  | 'key-revoked'
  | 'key-expired'
  // Operator actions, in the acting operator's trail (operator console and the CLI's same use cases).
  | 'import-started'
  | 'held-published'
  | 'held-discarded'
  | 'rolled-back'
  | 'rolled-forward'
  | 'suppression-added'
  | 'suppression-removed'
  | 'label-mapped';

export interface AuditEntry {
  at: string;
  accountId: string;
  action: AuditAction;
  /** Who did it: an account id, "cli" (a shell on the server) or "system". */
  actor: string;
  address: string | null;
  keyId: string | null;
  detail: string | null;
}

/** One counter of password attempts: `limit` attempts per window, or null for a counter that only counts. */
export interface AttemptCounter {
  subject: string;
  limit: number | null;
  /** The window opens at the subject's first attempt and closes windowMs later. */
  windowMs: number;
}

export interface AttemptAdmission {
  /** False when a limited counter went over its limit: the password must not be checked. */
  admitted: boolean;
  /** Each counter's attempts in its window, this one included (in the order given). */
  counts: number[];
  /** Admitted: 0; refused: until the last full window closes. */
  retryAfterMs: number;
}

export interface AccountStore {
  readonly kind: 'sqlite' | 'redis';
  /** AccountExistsError when the id or the e-mail is taken. */
  createAccount(account: Account): Promise<void>;
  /** Creates the account unless its id exists; true when it was created (the keys migration). */
  ensureAccount(account: Account): Promise<boolean>;
  findAccount(id: string): Promise<Account | null>;
  findAccountByEmail(email: string): Promise<Account | null>;
  listAccounts(): Promise<Account[]>;
  /** AccountExistsError when a new e-mail is taken; null when the id is unknown. */
  updateAccount(id: string, patch: AccountPatch): Promise<Account | null>;

  /** Stores an invitation and drops the account's earlier ones (one link is valid at a time). */
  putInvitation(invitation: Invitation): Promise<void>;
  /** Looks an invitation up without using it. */
  peekInvitation(tokenHash: string, now: number): Promise<Invitation | null>;
  /** Uses an invitation: atomically removed, so a link works once. Null when unknown or expired. */
  takeInvitation(tokenHash: string, now: number): Promise<Invitation | null>;

  /** Drops every invitation of the account (its links stop working). */
  deleteInvitationsOf(accountId: string): Promise<void>;

  putSession(session: SessionRecord, expiresAt: number): Promise<void>;
  getSession(idHash: string, now: number): Promise<SessionRecord | null>;
  deleteSession(idHash: string): Promise<void>;
  deleteSessionsOf(accountId: string): Promise<void>;

  appendAudit(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  listAudit(accountId: string, limit: number): Promise<AuditEntry[]>;

  /**
   * Counts one attempt, atomically, BEFORE the password is checked: every limited counter counts it; when one goes over
   * its limit the attempt is refused and the unlimited counters are left alone; otherwise they count it too.
   */
  countAttempt(counters: AttemptCounter[], now: number): Promise<AttemptAdmission>;
  /** Takes one attempt back from each subject still in its window (a right password is not a failure). */
  refundAttempt(subjects: string[], now: number): Promise<void>;
  clearAttempts(subjects: string[]): Promise<void>;

  close(): Promise<void>;
}

export class AccountExistsError extends AppError {
  declare readonly code: 'account-exists';
  constructor(what: string) {
    super(`an account with this ${what} already exists`, { code: 'account-exists', status: 409 });
    this.name = 'AccountExistsError';
  }
}

/** How long audit entries are kept (LODGING_AUDIT_KEEP_DAYS): by age only, never by count, so no flood of events can push older ones out. */
export const DEFAULT_AUDIT_KEEP_DAYS = 90;
export const DAY_MS = 86_400_000;
