// Size and SHA-256 of each export file, streamed: what a run and a snapshot record about their sources.
import { createHash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import type { SourceFileDigest } from '../snapshot/snapshot-catalog.ts';

export async function digestFile(file: string): Promise<SourceFileDigest> {
  const { size } = await fs.stat(file);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return { name: path.basename(file), size, sha256: hash.digest('hex') };
}

/**
 * Size -1 for a file that cannot be read: the import itself reports that. `names`: what each file is known by (an
 * upload's original name, not the name it is stored under); default its own file name.
 */
export async function digestFiles(files: readonly string[], names?: readonly string[]): Promise<(SourceFileDigest & { path: string })[]> {
  const digests = [];
  for (const [index, file] of files.entries()) {
    const name = names?.[index] ?? path.basename(file);
    try {
      digests.push({ ...(await digestFile(file)), name, path: path.resolve(file) });
    } catch {
      digests.push({ name, size: -1, sha256: '', path: path.resolve(file) });
    }
  }
  return digests;
}
