// A snapshot as a shared store holds it: its catalog entry, its content digest, its object, its signature; and which ones the store may drop.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { CountryCode } from '../../model/place.ts';
import type { PublishedSnapshotEntry } from '../snapshot/snapshot-catalog.ts';
import { isSnapshotVersion } from '../snapshot/snapshot-paths.ts';
import { AppError } from '../../platform/errors/app-error.ts';

export interface StoredSnapshot {
  entry: PublishedSnapshotEntry;
  /** SHA-256 of the sealed file, hex: the object's name and what every replica checks before serving it. */
  sha256: string;
  /** The sealed file's size. */
  size: number;
  /** How the object holds the file: 'br' brotli-compressed (quality 4 for a snapshot: about 27 % of its size); absent, as it is. */
  encoding?: ObjectEncoding;
  /** The version's export files in the same object store (each under its SHA-256, as it is); absent on older records. */
  exports?: StoredExportFile[];
  /** The publisher's signature over the record (LODGING_SNAPSHOT_SIGNING_KEY); absent on an unsigned record. */
  signature?: RecordSignature;
}

/** A shared record that is not a snapshot record of its country: never followed, reported as the country's problem. */
export class UnusableRecordError extends AppError {
  constructor(country: CountryCode) {
    super(`the shared pointer of ${country} is not a snapshot record`, { code: 'unusable-record', status: 502 });
    this.name = 'UnusableRecordError';
  }
}

export type ObjectEncoding = 'br';

/** A version's export files as a record lists them, in the order they are uploaded and fetched: the manifest last. */
export const STORED_EXPORT_KINDS = ['parquet', 'jsonl.gz', 'manifest.json'] as const;

export type StoredExportKind = (typeof STORED_EXPORT_KINDS)[number];

export interface StoredExportFile {
  kind: StoredExportKind;
  /** SHA-256 of the file, hex: its object's name and what a replica checks before serving it. */
  sha256: string;
  size: number;
}

const isStoredExportFile = (value: unknown): boolean => {
  const file = value as Partial<StoredExportFile> | null;
  return (
    !!file &&
    (STORED_EXPORT_KINDS as readonly unknown[]).includes(file.kind) &&
    typeof file.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(file.sha256) &&
    Number.isSafeInteger(file.size) &&
    (file.size as number) >= 0
  );
};

/** What the publisher adds to a record: the bucket prefix and country it is for, its place in the country's sequence, when, with which key. */
export interface RecordSignature {
  prefix: string;
  country: string;
  /** Grows by one with every record the publisher writes for the country: an older record put back is refused. */
  sequence: number;
  signedAt: string;
  keyId: string;
  /** Ed25519 over canonicalRecordBytes, base64. */
  value: string;
}


/** The object holding a snapshot file: named by the file's SHA-256, and by its encoding when it has one. */
export function objectNameOf(sha256: string, encoding?: ObjectEncoding): string {
  return encoding === undefined ? `sha256-${sha256}` : `sha256-${sha256}.${encoding}`;
}

export const objectOf = (stored: StoredSnapshot): string => objectNameOf(stored.sha256, stored.encoding);

/** Every object a record names: its snapshot file's and its export files'. */
export const objectsOf = (stored: StoredSnapshot): string[] => [objectOf(stored), ...(stored.exports ?? []).map((file) => objectNameOf(file.sha256))];

/** Throws when the value is not a stored snapshot of this country (a foreign or damaged pointer is never followed). */
export function parseStoredSnapshot(value: unknown, country: CountryCode): StoredSnapshot {
  const stored = value as Partial<StoredSnapshot> | null;
  if (
    !stored ||
    typeof stored.sha256 !== 'string' ||
    !/^[0-9a-f]{64}$/.test(stored.sha256) ||
    typeof stored.size !== 'number' ||
    (stored.encoding !== undefined && stored.encoding !== 'br') ||
    (stored.exports !== undefined && (!Array.isArray(stored.exports) || !stored.exports.every(isStoredExportFile))) ||
    stored.entry?.country !== country ||
    !isSnapshotVersion(stored.entry.version)
  ) {
    throw new UnusableRecordError(country);
  }
  return stored as StoredSnapshot;
}

/** Read in 1 MiB pieces: each is one turn of the event loop, and a replica busy with requests gets few turns (with
 *  the default 64 KiB, checking a 530 MB snapshot under load took a minute instead of seconds). */
const HASH_READ_BYTES = 1 << 20;

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: HASH_READ_BYTES })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The kept snapshots the store may delete: all but the current one, the ones a rollback would go back to (the
 * publication before the current one, and `previous`: the one served before the pointer last moved) and the
 * newest `keep` publications (the current one included).
 */
export function snapshotsToDrop(kept: readonly StoredSnapshot[], currentVersion: string | null, keep: number, previous: string | null = null): StoredSnapshot[] {
  const newestFirst = [...kept].sort((a, b) => (b.entry.publishedAt + b.entry.version).localeCompare(a.entry.publishedAt + a.entry.version));
  const spared = new Set<string>(previous === null ? [] : [previous]);
  if (currentVersion !== null) {
    spared.add(currentVersion);
    const at = newestFirst.findIndex((s) => s.entry.version === currentVersion);
    const target = at === -1 ? undefined : newestFirst[at + 1];
    if (target) spared.add(target.entry.version);
  }
  for (const s of newestFirst.slice(0, Math.max(1, Math.trunc(keep)))) spared.add(s.entry.version);
  return newestFirst.filter((s) => !spared.has(s.entry.version));
}
