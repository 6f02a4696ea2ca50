// Every read-only open of a snapshot file goes through openSnapshotFile (trusted_schema off): no other `new Database(` in pipeline/ and api/ but the named writers and private stores.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { openSnapshotFile } from '../../pipeline/snapshot/open-snapshot-file.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The files that may open SQLite themselves, and why: none of them reads a snapshot file that was fetched or served. */
const OWN_OPENERS: Record<string, string> = {
  'pipeline/snapshot/open-snapshot-file.ts': 'the one opener of snapshot files',
  'pipeline/snapshot/snapshot-builder.ts': 'writes the candidate it builds',
  'pipeline/snapshot/snapshot-file-check.ts': 'an in-memory database holding the expected schema',
  'pipeline/labels/name-suggest-review.ts': 'the label review database of this machine',
  'pipeline/labels/unknown-label-store.ts': 'the unknown-label database of this machine',
  'api/keys/sqlite-key-store.ts': 'the key store (keys.sqlite)',
  'api/console/ops/sqlite-import-job-store.ts': 'the console import store',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

describe('snapshot file openers', () => {
  it('no file in pipeline/ or api/ opens SQLite itself but the named ones', () => {
    const openers = ['pipeline', 'api'].flatMap(sourceFiles).filter((file) => /new Database\(/.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(openers.filter((file) => !(file in OWN_OPENERS))).toEqual([]);
  });

  it('opens read-only with trusted_schema off, and keeps a lock timeout when asked', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lodging-openers-'));
    try {
      const file = path.join(dir, 'x.sqlite');
      const writer = new Database(file);
      writer.exec('CREATE TABLE t (a)');
      writer.close();
      const db = openSnapshotFile(file, { timeout: 0 });
      try {
        expect(db.pragma('trusted_schema', { simple: true })).toBe(0);
        expect(db.readonly).toBe(true);
        expect(() => db.exec('INSERT INTO t VALUES (1)')).toThrow(/readonly/i);
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
