// The default key store: <dataDir>/keys.sqlite, separate from snapshots; every lookup reads the file, so revocation is immediate.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { KeyStoreUnavailableError, MAX_ACTIVE_KEYS_PER_ACCOUNT, TooManyActiveKeysError } from './key-store.ts';
import type { KeyStore, StoredKey } from './key-store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  id            TEXT PRIMARY KEY,
  account_id    TEXT NOT NULL,
  name          TEXT NOT NULL,
  prefix        TEXT NOT NULL,
  secret_hash   TEXT NOT NULL UNIQUE,
  creation_time TEXT NOT NULL,
  revoked_at    TEXT
);
CREATE INDEX IF NOT EXISTS api_keys_by_account ON api_keys (account_id, revoked_at);
`;

interface KeyRow {
  id: string;
  account_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  creation_time: string;
  revoked_at: string | null;
}

const fromRow = (row: KeyRow): StoredKey => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  prefix: row.prefix,
  secretHash: row.secret_hash,
  creationTime: row.creation_time,
  revokedAt: row.revoked_at,
});

export function keysDatabasePath(dataDir: string): string {
  return path.join(dataDir, 'keys.sqlite');
}

export function openSqliteKeyStore(file: string, now: () => Date = () => new Date()): KeyStore {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);

  const countActive = db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM api_keys WHERE account_id = ? AND revoked_at IS NULL',
  );
  const insertRow = db.prepare(
    `INSERT INTO api_keys (id, account_id, name, prefix, secret_hash, creation_time, revoked_at)
     VALUES (@id, @accountId, @name, @prefix, @secretHash, @creationTime, NULL)`,
  );
  const byHash = db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE secret_hash = ? AND revoked_at IS NULL');
  const byAccount = db.prepare<[string], KeyRow>(
    'SELECT * FROM api_keys WHERE account_id = ? ORDER BY creation_time, rowid',
  );
  const byId = db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE id = ?');
  const markRevoked = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');

  // IMMEDIATE takes the write lock before counting, so two concurrent creates cannot both pass the check.
  const insertChecked = db.transaction((key: StoredKey) => {
    if ((countActive.get(key.accountId)?.n ?? 0) >= MAX_ACTIVE_KEYS_PER_ACCOUNT) {
      throw new TooManyActiveKeysError(key.accountId);
    }
    insertRow.run(key);
  });
  const revokeChecked = db.transaction((id: string) => {
    markRevoked.run(now().toISOString(), id);
    const row = byId.get(id);
    return row ? fromRow(row) : null;
  });

  const guard = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      if (error instanceof TooManyActiveKeysError) throw error;
      throw new KeyStoreUnavailableError(`key store ${file} failed: ${(error as Error).message}`, { cause: error });
    }
  };

  return {
    kind: 'sqlite',
    async insert(key) {
      guard(() => insertChecked.immediate(key));
    },
    async findActiveByHash(secretHash) {
      const row = guard(() => byHash.get(secretHash));
      return row ? fromRow(row) : null;
    },
    async listByAccount(accountId) {
      return guard(() => byAccount.all(accountId)).map(fromRow);
    },
    async revoke(id) {
      return guard(() => revokeChecked.immediate(id));
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
