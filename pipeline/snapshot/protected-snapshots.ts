// THE one answer to "which snapshot files of a country must stay on disk": the pruner and any orphan cleanup ask here.
import fs from 'node:fs';
import type { CountryCode } from '../../model/place.ts';
import { readCatalog } from './snapshot-catalog.ts';
import { countryDir, parseSnapshotFileName } from './snapshot-paths.ts';
import { readPointer } from './snapshot-pointer.ts';

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
