// The accounts store contract (accounts, invitations, console sessions, audit trail, sign-in throttles), SQLite or Redis.
import { AppError } from '../../platform/errors/app-error.ts';

export const ROLES = ['developer', 'operator'] as const;
export type Role = (typeof ROLES)[number];
export type AccountStatus = 'active' | 'disabled';

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

export interface ThrottleState {
  /** Failures since the last lockout (or success). */
  failures: number;
  /** Lockouts so far: each doubles the next one. */
  lockouts: number;
  /** Epoch ms; 0 when not locked. */
  lockedUntil: number;
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

  putSession(session: SessionRecord, expiresAt: number): Promise<void>;
  getSession(idHash: string, now: number): Promise<SessionRecord | null>;
  deleteSession(idHash: string): Promise<void>;
  deleteSessionsOf(accountId: string): Promise<void>;

  appendAudit(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  listAudit(accountId: string, limit: number): Promise<AuditEntry[]>;

  /** Records one failed sign-in for the subject, atomically, and returns the new state (see nextThrottleState). */
  recordSignInFailure(subject: string, now: number, policy: ThrottlePolicy): Promise<ThrottleState>;
  throttleState(subject: string, now: number): Promise<ThrottleState>;
  clearThrottle(subject: string): Promise<void>;

  close(): Promise<void>;
}

export class AccountExistsError extends AppError {
  declare readonly code: 'account-exists';
  constructor(what: string) {
    super(`an account with this ${what} already exists`, { code: 'account-exists', status: 409 });
    this.name = 'AccountExistsError';
  }
}

export const NO_THROTTLE: ThrottleState = { failures: 0, lockouts: 0, lockedUntil: 0 };
/** A throttle record is forgotten a day after its last failure. */
export const THROTTLE_MEMORY_MS = 24 * 3_600_000;
/** Audit entries kept per account. */
export const AUDIT_KEPT_PER_ACCOUNT = 1000;

export interface ThrottlePolicy {
  /** Failures that trigger a lockout. */
  failuresBeforeLockout: number;
  /** The first lockout; each later one doubles, up to maxLockoutMs. */
  firstLockoutMs: number;
  maxLockoutMs: number;
}

/** One more failure. The Redis store applies the same rule in Lua (redis-account-store.ts). */
export function nextThrottleState(state: ThrottleState, now: number, policy: ThrottlePolicy): ThrottleState {
  if (state.lockedUntil > now) return state;
  const failures = state.failures + 1;
  if (failures < policy.failuresBeforeLockout) return { ...state, failures };
  const lockMs = Math.min(policy.firstLockoutMs * 2 ** state.lockouts, policy.maxLockoutMs);
  return { failures: 0, lockouts: state.lockouts + 1, lockedUntil: now + lockMs };
}
