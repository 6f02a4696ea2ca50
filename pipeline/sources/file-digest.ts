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

/** Null for a file that cannot be read: the import itself reports that. */
export async function digestFiles(files: readonly string[]): Promise<(SourceFileDigest & { path: string })[]> {
  const digests = [];
  for (const file of files) {
    try {
      digests.push({ ...(await digestFile(file)), path: path.resolve(file) });
    } catch {
      digests.push({ name: path.basename(file), size: -1, sha256: '', path: path.resolve(file) });
    }
  }
  return digests;
}
