// THE one answer to "which snapshot files of a country must stay on disk": the pruner and the orphan cleanup ask here.
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { openSnapshotFile } from './open-snapshot-file.ts';
import type { CountryCode } from '../../model/place.ts';
import { readCatalog } from './snapshot-catalog.ts';
import { countryDir, parseSnapshotFileName } from './snapshot-paths.ts';
import { readPointer } from './snapshot-pointer.ts';
import { READ_SQL } from './statements.ts';

export const DEFAULT_KEEP_SNAPSHOTS = 5;

export interface ProtectionOptions {
  /** Published snapshots kept for rollback, the current one included (LODGING_KEEP_SNAPSHOTS, default 5, at least 1). */
  keep?: number;
  now?: number;
  /** Sealed files to treat as published when the country has no catalog yet (older data directories). */
  legacyPublished?: () => string[];
}

/**
 * The versions that must not be deleted: the current one; the newest `keep` published ones (for rollback);
 * candidates held for review until their time runs out. Throws when the pointer cannot be read.
 */
export function protectedSnapshotVersions(dataDir: string, country: CountryCode, options: ProtectionOptions = {}): Set<string> {
  const keep = Math.max(1, Math.trunc(options.keep ?? DEFAULT_KEEP_SNAPSHOTS));
  const now = options.now ?? Date.now();
  const current = readPointer(dataDir, country)?.version ?? null;
  const catalog = readCatalog(dataDir, country);
  const kept = new Set<string>();
  if (current !== null) kept.add(current);
  const published = catalog
    ? catalog.published.map((entry) => entry.version)
    : (options.legacyPublished?.() ?? sealedVersionsByName(dataDir, country)).sort().reverse();
  for (const version of published) {
    if (kept.size >= keep) break;
    kept.add(version);
  }
  for (const version of heldCandidateVersions(dataDir, country, now)) kept.add(version);
  return kept;
}

/** Candidates held for review (refused imports, dry runs) whose time has not run out: never an orphan. */
export function heldCandidateVersions(dataDir: string, country: CountryCode, now = Date.now()): ReadonlySet<string> {
  return new Set((readCatalog(dataDir, country)?.held ?? []).filter((h) => Date.parse(h.heldUntil) > now).map((h) => h.version));
}

function sealedVersionsByName(dataDir: string, country: CountryCode): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(countryDir(dataDir, country));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const parsed = parseSnapshotFileName(name);
    return parsed && parsed.country === country ? [parsed.version] : [];
  });
}

/** Why a snapshot file is protected; null means it is an orphan (a killed or interrupted build's leftover). */
export type Protection = 'current' | 'kept-snapshot' | 'held-candidate' | 'open';

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
    db = openSnapshotFile(file, { timeout: 0 });
    return db.prepare(READ_SQL.selectMeta).pluck().get('published_at') === undefined ? 'unpublished' : 'published';
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code) ? 'in-use' : 'unpublished';
  } finally {
    db?.close();
  }
}
