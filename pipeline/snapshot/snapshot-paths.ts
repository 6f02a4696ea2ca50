// Where a country's snapshot files and pointer live, and how versions are named.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { isCountryCode, type CountryCode } from '../../model/place.ts';

const SNAPSHOT_FILE = /^([a-z]{2})-(\d{8}T\d{9}Z-[0-9a-f]{6})\.sqlite$/;
const VERSION = /^\d{8}T\d{9}Z-[0-9a-f]{6}$/;

export function snapshotsDir(dataDir: string): string {
  return path.join(dataDir, 'snapshots');
}

export function countryDir(dataDir: string, country: CountryCode): string {
  return path.join(snapshotsDir(dataDir), country);
}

export function pointerPath(dataDir: string, country: CountryCode): string {
  return path.join(countryDir(dataDir, country), 'current.json');
}

export function snapshotFileName(country: CountryCode, version: string): string {
  return `${country}-${version}.sqlite`;
}

/** Relative to the snapshots directory, as SnapshotInfo.file records it. */
export function snapshotRelativePath(country: CountryCode, version: string): string {
  return `${country}/${snapshotFileName(country, version)}`;
}

export function snapshotPath(dataDir: string, country: CountryCode, version: string): string {
  return path.join(countryDir(dataDir, country), snapshotFileName(country, version));
}

/** es/es-<version>.sqlite → es/es-<version>.records.sqlite: the records of the import that built it (records-file.ts). */
export function recordsPath(snapshotFile: string): string {
  if (!snapshotFile.endsWith('.sqlite')) throw new Error(`not a snapshot file name: ${snapshotFile}`);
  return `${snapshotFile.slice(0, -'.sqlite'.length)}.records.sqlite`;
}

/** A records file's snapshot file name, or null when the name is not a records file's. */
export function snapshotOfRecordsName(name: string): string | null {
  return name.endsWith('.records.sqlite') ? `${name.slice(0, -'.records.sqlite'.length)}.sqlite` : null;
}

/**
 * The files that live and go with a snapshot file: SQLite's own, the digest this data directory recorded for it
 * (verified-digest.ts), and its records file with its journal (kept as long as the snapshot).
 */
export function companionPaths(databasePath: string): string[] {
  const own = [`${databasePath}-journal`, `${databasePath}-wal`, `${databasePath}-shm`, `${databasePath}-sha256`];
  if (!databasePath.endsWith('.sqlite')) return own;
  const records = recordsPath(databasePath);
  return [...own, records, `${records}-journal`];
}

export function parseSnapshotFileName(name: string): { country: CountryCode; version: string } | null {
  const match = SNAPSHOT_FILE.exec(name);
  if (!match || !isCountryCode(match[1])) return null;
  return { country: match[1], version: match[2]! };
}

export function isSnapshotVersion(value: unknown): value is string {
  return typeof value === 'string' && VERSION.test(value);
}

let lastVersionMs = 0;

/**
 * "20261122T101500123Z-ab12cd": UTC time to the millisecond, strictly increasing within a process so that
 * versions sort in creation order, plus a random suffix against other processes.
 */
export function newSnapshotVersion(now: number = Date.now()): string {
  lastVersionMs = Math.max(now, lastVersionMs + 1);
  const stamp = new Date(lastVersionMs).toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}
