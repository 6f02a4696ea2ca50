// Console imports in <dataDir>/console-imports.sqlite: every `serve` process of one machine sees the same jobs.
import path from 'node:path';
import Database from 'better-sqlite3';
import { preparePrivateDatabase } from '../../../platform/private-files.ts';
import { IMPORT_CLAIM_TTL_MS, IMPORT_JOBS_KEPT, type ImportJob, type ImportJobStore } from './import-job-store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS console_imports (
  id TEXT PRIMARY KEY,
  country TEXT NOT NULL,
  state TEXT NOT NULL,
  started_at TEXT NOT NULL,
  claim_until INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS console_imports_by_country ON console_imports (country, state);
CREATE INDEX IF NOT EXISTS console_imports_by_start ON console_imports (started_at);
`;

export function consoleImportsPath(dataDir: string): string {
  return path.join(dataDir, 'console-imports.sqlite');
}

export function openSqliteImportJobStore(file: string): ImportJobStore {
  preparePrivateDatabase(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  const holder = db.prepare<[string, number], { record: string }>(
    `SELECT record FROM console_imports WHERE country = ? AND state = 'running' AND claim_until > ? ORDER BY started_at LIMIT 1`,
  );
  const upsert = db.prepare(
    `INSERT INTO console_imports (id, country, state, started_at, claim_until, record) VALUES (@id, @country, @state, @startedAt, @claimUntil, @record)
     ON CONFLICT (id) DO UPDATE SET state = excluded.state, claim_until = excluded.claim_until, record = excluded.record`,
  );
  const byId = db.prepare<[string], { record: string }>('SELECT record FROM console_imports WHERE id = ?');
  const newest = db.prepare<[number], { record: string }>(
    `SELECT record FROM console_imports ORDER BY (state = 'running') DESC, started_at DESC LIMIT ?`,
  );
  const prune = db.prepare(
    `DELETE FROM console_imports WHERE state != 'running' AND id NOT IN
       (SELECT id FROM console_imports WHERE state != 'running' ORDER BY started_at DESC LIMIT ?)`,
  );
  const row = (job: ImportJob, now: number) => ({
    id: job.id,
    country: job.country,
    state: job.state,
    startedAt: job.startedAt,
    claimUntil: job.state === 'running' ? now + IMPORT_CLAIM_TTL_MS : 0,
    record: JSON.stringify(job),
  });
  // IMMEDIATE: the check and the insert hold the write lock together, so two processes cannot both claim a country.
  const claim = db.transaction((job: ImportJob, now: number): ImportJob | null => {
    const held = holder.get(job.country, now);
    if (held) return JSON.parse(held.record) as ImportJob;
    upsert.run(row(job, now));
    return null;
  });
  return {
    async claim(job, now) {
      return claim.immediate(job, now);
    },
    async save(job, now) {
      upsert.run(row(job, now));
      if (job.state !== 'running') prune.run(IMPORT_JOBS_KEPT);
    },
    async get(id) {
      const found = byId.get(id);
      return found ? (JSON.parse(found.record) as ImportJob) : null;
    },
    async list() {
      return newest.all(IMPORT_JOBS_KEPT * 2).map((r) => JSON.parse(r.record) as ImportJob);
    },
    async close() {
      db.close();
    },
  };
}
