// A served snapshot's connection reads its pages through a bounded page cache, not a memory map.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_MMAP_BYTES, SNAPSHOT_PAGE_CACHE_KIB } from '../../../model/limits.ts';
import { applyServedPragmas } from '../../../pipeline/snapshot/snapshot-connection.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'served-pragmas-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('applyServedPragmas', () => {
  it('sets the memory map and the page cache from the limits', () => {
    const file = path.join(dir, 'snapshot.sqlite');
    new Database(file).exec('CREATE TABLE t (x)').close();
    const db = new Database(file, { readonly: true });
    try {
      db.pragma('mmap_size = 268435456');
      applyServedPragmas(db);
      expect(db.pragma('mmap_size', { simple: true })).toBe(SNAPSHOT_MMAP_BYTES);
      expect(db.pragma('cache_size', { simple: true })).toBe(-SNAPSHOT_PAGE_CACHE_KIB);
    } finally {
      db.close();
    }
  });

  it('maps nothing: mapped pages would count in the process RSS', () => {
    expect(SNAPSHOT_MMAP_BYTES).toBe(0);
  });
});
