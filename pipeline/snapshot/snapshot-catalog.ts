// A country's catalog (catalog.json): the snapshots it published, newest first, and the candidates held for review.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PublicationStatus } from '../normalise/normalised-listing.ts';
import type { CountryCode } from '../../model/place.ts';
import { countryDir } from './snapshot-paths.ts';
import type { SnapshotInfo } from './reader-types.ts';

/** One export file as it was read: enough to tell which delivery a snapshot came from. */
export interface SourceFileDigest {
  name: string;
  size: number;
  sha256: string;
}

/** A snapshot that became current at some point (a publish, never a rollback). */
export interface PublishedSnapshotEntry extends SnapshotInfo {
  byStatus: Record<PublicationStatus, number> | null;
  sources: SourceFileDigest[];
  forced: boolean;
  /** Who published it: the OS user or the console account. */
  by: string;
  /** Why gates were overridden (only when forced). */
  reason: string | null;
}

/** A sealed candidate waiting for review (refused by a gate, or a dry run): never pruned until heldUntil. */
export interface HeldCandidateEntry {
  version: string;
  runId: string;
  heldUntil: string;
}

export interface SnapshotCatalog {
  published: PublishedSnapshotEntry[];
  held: HeldCandidateEntry[];
  /** The last 50 rollbacks: who pointed the country back at which snapshot. */
  rollbacks?: { at: string; by: string; from: string | null; to: string }[];
}

export function catalogPath(dataDir: string, country: CountryCode): string {
  return path.join(countryDir(dataDir, country), 'catalog.json');
}

/** The catalog, or null when the country has none yet (snapshots published before catalogs existed). */
export function readCatalog(dataDir: string, country: CountryCode): SnapshotCatalog | null {
  let text: string;
  try {
    text = fs.readFileSync(catalogPath(dataDir, country), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<SnapshotCatalog>;
  return { published: parsed.published ?? [], held: parsed.held ?? [], rollbacks: parsed.rollbacks ?? [] };
}

/** Read, change, write atomically (temp file and rename). Callers hold the country's lock. */
export function updateCatalog(dataDir: string, country: CountryCode, change: (catalog: SnapshotCatalog) => void): SnapshotCatalog {
  const catalog = readCatalog(dataDir, country) ?? { published: [], held: [] };
  change(catalog);
  const target = catalogPath(dataDir, country);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(temp, `${JSON.stringify(catalog, null, 2)}\n`);
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  return catalog;
}
