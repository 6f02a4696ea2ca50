// What this data directory already checked: a snapshot file's SHA-256 beside it (`<file>-sha256`), valid while the file is the same file, unchanged.
import fs from 'node:fs';

interface Verified {
  sha256: string;
  size: number;
  mtimeMs: number;
  ino: number;
}

export function verifiedDigestPath(file: string): string {
  return `${file}-sha256`;
}

function stamp(file: string): Omit<Verified, 'sha256'> | null {
  try {
    const { size, mtimeMs, ino } = fs.statSync(file);
    return { size, mtimeMs, ino };
  } catch {
    return null;
  }
}

/** Records that `file`, as it is now, has this digest (published snapshot files are never written again). */
export function rememberDigest(file: string, sha256: string): void {
  const now = stamp(file);
  if (!now) return;
  try {
    fs.writeFileSync(verifiedDigestPath(file), JSON.stringify({ sha256, ...now } satisfies Verified));
  } catch {
    // Not remembered: the next switch to it checks the file again.
  }
}

/** The digest recorded for `file`, or null when none is, or when the file was replaced or touched since. */
export function rememberedDigest(file: string): string | null {
  const now = stamp(file);
  if (!now) return null;
  try {
    const seen = JSON.parse(fs.readFileSync(verifiedDigestPath(file), 'utf8')) as Verified;
    return seen.size === now.size && seen.mtimeMs === now.mtimeMs && seen.ino === now.ino && typeof seen.sha256 === 'string' ? seen.sha256 : null;
  } catch {
    return null;
  }
}
