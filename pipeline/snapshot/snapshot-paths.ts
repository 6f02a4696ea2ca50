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

/** The files SQLite may keep beside a database. */
/** SQLite's own, and the digest this data directory recorded for it (verified-digest.ts). */
export function companionPaths(databasePath: string): string[] {
  return [`${databasePath}-journal`, `${databasePath}-wal`, `${databasePath}-shm`, `${databasePath}-sha256`];
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
