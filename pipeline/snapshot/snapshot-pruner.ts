// Removes snapshot files nobody will serve again: sealed files protected-snapshots.ts does not protect, stale partial builds, orphans.
import fs from 'node:fs';
import path from 'node:path';
import { COUNTRY_CODES, type CountryCode } from '../../model/place.ts';
import { companionPaths, countryDir, parseSnapshotFileName, snapshotFileName, snapshotOfRecordsName } from './snapshot-paths.ts';
import { isPointerTempFile } from './snapshot-pointer.ts';
import { protectedSnapshotVersions, snapshotProtection, snapshotState } from './protected-snapshots.ts';

/** Unpublished files younger than this are left alone: a builder may be creating one right now. */
export const STALE_AFTER_MS = 60 * 60 * 1000;

export interface PruneOptions {
  /** Published versions to keep, the current one included (default 5, at least 1). */
  keep?: number;
  /** For tests: the time stale files are measured against. */
  now?: number;
  staleAfterMs?: number;
}

/**
 * Deletes, in the country's directory: sealed versions that protectedSnapshotVersions does not protect (it keeps
 * the current one, the newest `keep` published and held candidates); files of killed builds (unpublished,
 * unlocked) untouched for `staleAfterMs`; their leftovers.
 * Never renames a database file. Returns the names of the files deleted.
 */
export function pruneSnapshots(dataDir: string, country: CountryCode, options: PruneOptions = {}): string[] {
  const dir = countryDir(dataDir, country);
  const names = listDirectory(dir);
  const isStale = staleTest(options);
  const removed: string[] = [];
  const remove = (name: string): void => {
    const file = path.join(dir, name);
    for (const doomed of [file, ...companionPaths(file)]) {
      if (fs.existsSync(doomed)) {
        fs.rmSync(doomed, { force: true });
        removed.push(path.basename(doomed));
      }
    }
  };

  const sealed: string[] = [];
  for (const name of names) {
    const parsed = parseSnapshotFileName(name);
    if (!parsed || parsed.country !== country) continue;
    const file = path.join(dir, name);
    const state = snapshotState(file);
    if (state === 'published') sealed.push(parsed.version);
    else if (state === 'unpublished' && isStale(file)) remove(name);
  }
  // A pointer that cannot be read throws here: pruning without knowing the current file could delete it.
  const kept = protectedSnapshotVersions(dataDir, country, {
    ...(options.keep === undefined ? {} : { keep: options.keep }),
    ...(options.now === undefined ? {} : { now: options.now }),
    legacyPublished: () => [...sealed],
  });
  for (const version of sealed.sort().reverse()) if (!kept.has(version)) remove(snapshotFileName(country, version));

  for (const name of names) {
    const base = /^(.+\.sqlite)-(?:journal|wal|shm|sha256)$/.exec(name)?.[1] ?? snapshotOfRecordsName(name) ?? undefined;
    const orphan = base !== undefined && !fs.existsSync(path.join(dir, base));
    if ((orphan || isPointerTempFile(name)) && fs.existsSync(path.join(dir, name)) && isStale(path.join(dir, name))) {
      fs.rmSync(path.join(dir, name), { force: true });
      removed.push(name);
    }
  }
  return removed;
}

function listDirectory(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function staleTest(options: PruneOptions): (file: string) => boolean {
  const now = options.now ?? Date.now();
  const staleAfterMs = options.staleAfterMs ?? STALE_AFTER_MS;
  return (file) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    return stat !== undefined && now - stat.mtimeMs > staleAfterMs;
  };
}

/**
 * Files left by an interrupted import are orphans as soon as no process holds them; a build takes its lock within
 * the first moments of its life, hence the short grace. Run at the start of every import and of `serve`.
 */
export const ORPHAN_GRACE_MS = 5_000;

/** Removes every country's orphans (never a protected file, never a published version): the names removed. */
export function cleanOrphanSnapshots(dataDir: string, options: { now?: number } = {}): string[] {
  const removed: string[] = [];
  for (const country of COUNTRY_CODES) {
    const dir = countryDir(dataDir, country);
    const names = listDirectory(dir);
    if (names.length === 0) continue;
    const protection = snapshotProtection(dataDir, country);
    const isStale = staleTest({ staleAfterMs: ORPHAN_GRACE_MS, ...(options.now === undefined ? {} : { now: options.now }) });
    for (const name of names) {
      const parsed = parseSnapshotFileName(name);
      const file = path.join(dir, name);
      if (!parsed || parsed.country !== country || !isStale(file) || protection(file, parsed.version) !== null) continue;
      for (const doomed of [file, ...companionPaths(file)]) {
        if (fs.existsSync(doomed)) {
          fs.rmSync(doomed, { force: true });
          removed.push(path.basename(doomed));
        }
      }
    }
    for (const name of listDirectory(dir)) {
      const base = /^(.+\.sqlite)-(?:journal|wal|shm|sha256)$/.exec(name)?.[1] ?? snapshotOfRecordsName(name) ?? undefined;
      const orphan = base !== undefined && !fs.existsSync(path.join(dir, base));
      if ((orphan || isPointerTempFile(name)) && isStale(path.join(dir, name))) {
        fs.rmSync(path.join(dir, name), { force: true });
        removed.push(name);
      }
    }
  }
  return removed;
}
