// Accounts, invitations, sessions, audit and password-attempt counters in keys.sqlite (the default backend, beside the keys).
import { KeyStoreUnavailableError } from '../keys/key-store.ts';
import { openKeysDatabase } from '../keys/sqlite-key-store.ts';
import { AccountExistsError, DAY_MS, DEFAULT_AUDIT_KEEP_DAYS } from './account-store.ts';
import type { Account, AccountStore, AttemptCounter, AuditEntry, Invitation, SessionRecord } from './account-store.ts';

interface AccountRow {
  id: string;
  email: string | null;
  name: string;
  role: Account['role'];
  status: Account['status'];
  created_at: string;
  password_hash: string | null;
  password_changed_at: string | null;
}

const fromRow = (row: AccountRow): Account => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  status: row.status,
  createdAt: row.created_at,
  passwordHash: row.password_hash,
  passwordChangedAt: row.password_changed_at,
});

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code?.startsWith('SQLITE_CONSTRAINT') ?? false;

export function openSqliteAccountStore(file: string, options: { auditKeepDays?: number } = {}): AccountStore {
  const auditKeepMs = (options.auditKeepDays ?? DEFAULT_AUDIT_KEEP_DAYS) * DAY_MS;
  const db = openKeysDatabase(file);
  const insert = db.prepare(
    `INSERT INTO accounts (id, email, name, role, status, created_at, password_hash, password_changed_at)
     VALUES (@id, @email, @name, @role, @status, @createdAt, @passwordHash, @passwordChangedAt)`,
  );
  const insertIfMissing = db.prepare(
    `INSERT OR IGNORE INTO accounts (id, email, name, role, status, created_at, password_hash, password_changed_at)
     VALUES (@id, @email, @name, @role, @status, @createdAt, @passwordHash, @passwordChangedAt)`,
  );
  const byId = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE id = ?');
  const byEmail = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE email = ?');
  const all = db.prepare<[], AccountRow>('SELECT * FROM accounts ORDER BY created_at, id');
  const dropInvitations = db.prepare('DELETE FROM invitations WHERE account_id = ? OR expires_at <= ?');
  const addInvitation = db.prepare('INSERT INTO invitations (token_hash, account_id, expires_at) VALUES (?, ?, ?)');
  const invitation = db.prepare<[string, number], { token_hash: string; account_id: string; expires_at: number }>(
    'SELECT * FROM invitations WHERE token_hash = ? AND expires_at > ?',
  );
  const dropInvitation = db.prepare('DELETE FROM invitations WHERE token_hash = ?');
  const dropInvitationsOf = db.prepare('DELETE FROM invitations WHERE account_id = ?');
  const upsertSession = db.prepare(
    `INSERT INTO console_sessions (id_hash, account_id, record, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (id_hash) DO UPDATE SET account_id = excluded.account_id, record = excluded.record, expires_at = excluded.expires_at`,
  );
  const purgeSessions = db.prepare('DELETE FROM console_sessions WHERE expires_at <= ?');
  const session = db.prepare<[string, number], { record: string }>(
    'SELECT record FROM console_sessions WHERE id_hash = ? AND expires_at > ?',
  );
  const dropSession = db.prepare('DELETE FROM console_sessions WHERE id_hash = ?');
  const dropSessionsOf = db.prepare('DELETE FROM console_sessions WHERE account_id = ?');
  const addAudit = db.prepare('INSERT INTO audit_entries (account_id, at, record) VALUES (?, ?, ?)');
  // ISO-8601 UTC strings sort as their instants.
  const trimAudit = db.prepare('DELETE FROM audit_entries WHERE at < ?');
  const audit = db.prepare<[string, number], { record: string }>(
    'SELECT record FROM audit_entries WHERE account_id = ? ORDER BY seq DESC LIMIT ?',
  );
  // One statement counts and reads back: a window that has closed starts again at 1.
  const countOne = db.prepare<{ subject: string; now: number; resetAt: number }, { count: number; reset_at: number }>(
    `INSERT INTO attempt_counters (subject, count, reset_at) VALUES (@subject, 1, @resetAt)
     ON CONFLICT (subject) DO UPDATE SET
       count = CASE WHEN reset_at <= @now THEN 1 ELSE count + 1 END,
       reset_at = CASE WHEN reset_at <= @now THEN excluded.reset_at ELSE reset_at END
     RETURNING count, reset_at`,
  );
  const readCount = db.prepare<[string, number], { count: number }>('SELECT count FROM attempt_counters WHERE subject = ? AND reset_at > ?');
  const refundOne = db.prepare('UPDATE attempt_counters SET count = count - 1 WHERE subject = ? AND count > 0 AND reset_at > ?');
  const dropCounter = db.prepare('DELETE FROM attempt_counters WHERE subject = ?');
  const purgeCounters = db.prepare('DELETE FROM attempt_counters WHERE reset_at <= ?');

  const guard = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      if (error instanceof AccountExistsError) throw error;
      throw new KeyStoreUnavailableError(`account store ${file} failed: ${(error as Error).message}`, { cause: error });
    }
  };

  const update = db.transaction((id: string, patch: Parameters<AccountStore['updateAccount']>[1]) => {
    const row = byId.get(id);
    if (!row) return null;
    const next: Account = { ...fromRow(row), ...patch };
    if (patch.email !== undefined && patch.email !== null) {
      const holder = byEmail.get(patch.email);
      if (holder && holder.id !== id) throw new AccountExistsError('e-mail');
    }
    db.prepare(
      `UPDATE accounts SET email = @email, name = @name, role = @role, status = @status,
         password_hash = @passwordHash, password_changed_at = @passwordChangedAt WHERE id = @id`,
    ).run(next);
    return next;
  });
  const take = db.transaction((tokenHash: string, now: number) => {
    const row = invitation.get(tokenHash, now);
    dropInvitation.run(tokenHash);
    return row ? { tokenHash: row.token_hash, accountId: row.account_id, expiresAt: row.expires_at } : null;
  });
  // Under one write lock (BEGIN IMMEDIATE): no other request or process can slip between the count and the verdict.
  const countAttempt = db.transaction((counters: AttemptCounter[], now: number) => {
    purgeCounters.run(now);
    const counts = counters.map(() => 0);
    let retryAfterMs = 0;
    counters.forEach((counter, i) => {
      if (counter.limit === null) return;
      const row = countOne.get({ subject: counter.subject, now, resetAt: now + counter.windowMs })!;
      counts[i] = row.count;
      if (row.count > counter.limit) retryAfterMs = Math.max(retryAfterMs, row.reset_at - now);
    });
    const admitted = retryAfterMs === 0;
    counters.forEach((counter, i) => {
      if (counter.limit !== null) return;
      counts[i] = admitted
        ? countOne.get({ subject: counter.subject, now, resetAt: now + counter.windowMs })!.count
        : (readCount.get(counter.subject, now)?.count ?? 0);
    });
    return { admitted, counts, retryAfterMs };
  });
  const appendAudit = db.transaction((entry: AuditEntry) => {
    addAudit.run(entry.accountId, entry.at, JSON.stringify(entry));
    trimAudit.run(new Date(Date.now() - auditKeepMs).toISOString());
  });

  return {
    kind: 'sqlite',
    async createAccount(account) {
      guard(() => {
        try {
          insert.run(account);
        } catch (error) {
          if (isUniqueViolation(error)) throw new AccountExistsError(byId.get(account.id) ? 'id' : 'e-mail');
          throw error;
        }
      });
    },
    async ensureAccount(account) {
      return guard(() => insertIfMissing.run(account).changes === 1);
    },
    async findAccount(id) {
      const row = guard(() => byId.get(id));
      return row ? fromRow(row) : null;
    },
    async findAccountByEmail(email) {
      const row = guard(() => byEmail.get(email));
      return row ? fromRow(row) : null;
    },
    async listAccounts() {
      return guard(() => all.all()).map(fromRow);
    },
    async updateAccount(id, patch) {
      return guard(() => update.immediate(id, patch));
    },
    async putInvitation(invitation: Invitation) {
      guard(() =>
        db.transaction(() => {
          dropInvitations.run(invitation.accountId, Date.now());
          addInvitation.run(invitation.tokenHash, invitation.accountId, invitation.expiresAt);
        }).immediate(),
      );
    },
    async peekInvitation(tokenHash, now) {
      const row = guard(() => invitation.get(tokenHash, now));
      return row ? { tokenHash: row.token_hash, accountId: row.account_id, expiresAt: row.expires_at } : null;
    },
    async takeInvitation(tokenHash, now) {
      return guard(() => take.immediate(tokenHash, now));
    },
    async deleteInvitationsOf(accountId) {
      guard(() => dropInvitationsOf.run(accountId));
    },
    async putSession(record: SessionRecord, expiresAt: number) {
      guard(() => {
        // Expired rows go as new ones come: the table never holds more than the live sessions and a few stale ones.
        purgeSessions.run(Date.now());
        upsertSession.run(record.idHash, record.accountId, JSON.stringify(record), expiresAt);
      });
    },
    async getSession(idHash, now) {
      const row = guard(() => session.get(idHash, now));
      return row ? (JSON.parse(row.record) as SessionRecord) : null;
    },
    async deleteSession(idHash) {
      guard(() => dropSession.run(idHash));
    },
    async deleteSessionsOf(accountId) {
      guard(() => dropSessionsOf.run(accountId));
    },
    async appendAudit(entry) {
      guard(() => appendAudit.immediate(entry));
    },
    async listAudit(accountId, limit) {
      return guard(() => audit.all(accountId, limit)).map((row) => JSON.parse(row.record) as AuditEntry);
    },
    async countAttempt(counters, now) {
      return guard(() => countAttempt.immediate(counters, now));
    },
    async refundAttempt(subjects, now) {
      guard(() => db.transaction(() => subjects.forEach((subject) => refundOne.run(subject, now))).immediate());
    },
    async clearAttempts(subjects) {
      guard(() => db.transaction(() => subjects.forEach((subject) => dropCounter.run(subject))).immediate());
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
