// The console's tables in keys.sqlite (accounts, invitations, sessions, audit, password-attempt counters, usage, export downloads): one home for them.
import type { Database } from 'better-sqlite3';

export const ACCOUNTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (
  id                  TEXT PRIMARY KEY,
  email               TEXT UNIQUE,
  name                TEXT NOT NULL,
  role                TEXT NOT NULL,
  status              TEXT NOT NULL,
  created_at          TEXT NOT NULL,
  password_hash       TEXT,
  password_changed_at TEXT
);
CREATE TABLE IF NOT EXISTS invitations (
  token_hash  TEXT PRIMARY KEY,
  account_id  TEXT NOT NULL,
  expires_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS invitations_by_account ON invitations (account_id);
CREATE TABLE IF NOT EXISTS console_sessions (
  id_hash     TEXT PRIMARY KEY,
  account_id  TEXT,
  record      TEXT NOT NULL,
  expires_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS console_sessions_by_account ON console_sessions (account_id);
CREATE INDEX IF NOT EXISTS console_sessions_by_expiry ON console_sessions (expires_at);
CREATE TABLE IF NOT EXISTS audit_entries (
  seq         INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id  TEXT NOT NULL,
  at          TEXT NOT NULL,
  record      TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_by_account ON audit_entries (account_id, seq);
CREATE INDEX IF NOT EXISTS audit_by_age ON audit_entries (at);
CREATE TABLE IF NOT EXISTS attempt_counters (
  subject     TEXT PRIMARY KEY,
  count       INTEGER NOT NULL,
  reset_at    INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS attempt_counters_by_reset ON attempt_counters (reset_at);
CREATE TABLE IF NOT EXISTS key_usage (
  key_id   TEXT NOT NULL,
  hour     INTEGER NOT NULL,
  ok       INTEGER NOT NULL DEFAULT 0,
  limited  INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, hour)
);
CREATE TABLE IF NOT EXISTS key_downloads (
  key_id   TEXT NOT NULL,
  day      INTEGER NOT NULL,         -- UTC days since the epoch
  count    INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, day)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS key_download_files (
  key_id   TEXT NOT NULL,
  day      INTEGER NOT NULL,
  file     TEXT NOT NULL,            -- counted that day: resuming it is free
  PRIMARY KEY (key_id, day, file)
) WITHOUT ROWID;
`;

/** Every table the console needs, created when missing (idempotent, safe on every open). */
export function ensureAccountsSchema(db: Database): void {
  db.exec(ACCOUNTS_SCHEMA);
}
