// A country's pointer (current.json): which snapshot file serves it. Replaced atomically, never edited in place.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isCountryCode, type CountryCode } from '../../model/place.ts';
import { isSnapshotVersion, pointerPath } from './snapshot-paths.ts';
import type { SnapshotInfo } from './reader-types.ts';

/** The pointer, or null when the country has never been published. Throws when the file is not a pointer. */
export function readPointer(dataDir: string, country: CountryCode): SnapshotInfo | null {
  let text: string;
  try {
    text = fs.readFileSync(pointerPath(dataDir, country), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const info = JSON.parse(text) as Partial<SnapshotInfo>;
  if (info.country !== country || !isCountryCode(info.country) || !isSnapshotVersion(info.version)) {
    throw new Error(`${pointerPath(dataDir, country)} is not a snapshot pointer for ${country}`);
  }
  return info as SnapshotInfo;
}

/**
 * Identifies the pointer file's current incarnation without reading it: every write renames a new file over
 * it, so the inode changes. Null when there is no pointer.
 */
export function pointerStamp(dataDir: string, country: CountryCode): string | null {
  const stat = fs.statSync(pointerPath(dataDir, country), { throwIfNoEntry: false });
  return stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : null;
}

/** Temp file, fsync, rename over, fsync the directory: a reader sees the old pointer or the new one, whole. */
export function writePointer(dataDir: string, info: SnapshotInfo): void {
  const target = pointerPath(dataDir, info.country);
  const temp = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = fs.openSync(temp, 'wx');
    try {
      fs.writeFileSync(fd, `${JSON.stringify(info, null, 2)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  fsyncDirectory(path.dirname(target));
}

/**
 * Makes the rename durable. Best effort: the rename has happened and readers see it; should the machine crash
 * before the directory reaches the disk, the pointer names the previous snapshot, which the pruner keeps.
 * Some platforms cannot open a directory at all.
 */
function fsyncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // See above.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Temp pointer files a killed writer left behind are named like this. */
export function isPointerTempFile(name: string): boolean {
  return /^current\.json\.[^/]+\.tmp$/.test(name);
}
