// THE one decision of which snapshot files must never be deleted: current, kept (published), held candidates, open by a process.
import Database from 'better-sqlite3';
import type { CountryCode } from '../../model/place.ts';
import { readPointer } from './snapshot-pointer.ts';
import { READ_SQL } from './statements.ts';

/** Why a snapshot file is protected; null means it is an orphan (a killed or interrupted build's leftover). */
export type Protection = 'current' | 'kept-snapshot' | 'held-candidate' | 'open';

/**
 * Versions held as publication candidates (built, not published, waiting for `lodging publish` or a discard).
 * The publication use cases list theirs here; until they exist there are none.
 */
export function heldCandidateVersions(_dataDir: string, _country: CountryCode): ReadonlySet<string> {
  return new Set();
}

/**
 * The protection test for one country, read once (pointer, held candidates) and then asked per file:
 * - current: the version the pointer names;
 * - kept-snapshot: any published version (the publish-time prune decides how many stay, see snapshot-pruner.ts);
 * - held-candidate: heldCandidateVersions;
 * - open: a process holds a lock on it (a builder keeps an exclusive lock from its first write until it closes).
 * A pointer that cannot be read throws: protecting without knowing the current file could delete it.
 */
export function snapshotProtection(dataDir: string, country: CountryCode): (file: string, version: string) => Protection | null {
  const current = readPointer(dataDir, country)?.version ?? null;
  const held = heldCandidateVersions(dataDir, country);
  return (file, version) => {
    if (version === current) return 'current';
    if (held.has(version)) return 'held-candidate';
    const state = snapshotState(file);
    if (state === 'published') return 'kept-snapshot';
    if (state === 'in-use') return 'open';
    return null;
  };
}

/**
 * Publishing writes published_at into meta. A locked file belongs to a live process (whatever its age); an
 * unlocked, unpublished one to a killed or interrupted build.
 */
export function snapshotState(file: string): 'published' | 'in-use' | 'unpublished' {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 0 });
    return db.prepare(READ_SQL.selectMeta).pluck().get('published_at') === undefined ? 'unpublished' : 'published';
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code) ? 'in-use' : 'unpublished';
  } finally {
    db?.close();
  }
}
