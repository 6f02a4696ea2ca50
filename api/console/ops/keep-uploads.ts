// The end of an upload: its temporary files moved to their stored names, or, when it fails, every file of it removed.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { IncomingFile } from './upload-parts.ts';

export interface StoredUpload {
  /** The stored name in the import directory. */
  name: string;
  /** The name the browser sent (its last segment, printable, at most 200 characters): what pages show. */
  original: string;
  path: string;
  bytes: number;
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/** Moves each whole file to `<time>-<random>-<name>`; each path is added to `kept` as soon as it exists, for discardUploads. */
export async function keepUploads(root: string, incoming: readonly IncomingFile[], sizes: readonly number[], kept: string[]): Promise<StoredUpload[]> {
  const files: StoredUpload[] = [];
  for (const [index, file] of incoming.entries()) {
    // An empty file is still an export (the publication gates refuse it): it is kept like any other.
    const stored = `${stamp()}-${randomBytes(2).toString('hex')}-${file.name}`;
    const final = path.join(root, stored);
    // link + unlink: fails rather than replaces when the name is taken.
    await fs.link(file.temp, final);
    kept.push(final);
    await fs.rm(file.temp, { force: true });
    files.push({ name: stored, original: file.original, path: final, bytes: sizes[index]! });
  }
  return files;
}

/** Removes every file of a failed upload, temporary or kept; streams are destroyed first, so no handle keeps a removed file's disk space. */
export async function discardUploads(incoming: readonly IncomingFile[], kept: readonly string[]): Promise<void> {
  for (const file of incoming) {
    file.stream.destroy();
    file.sink.destroy();
  }
  await Promise.all(incoming.map((file) => file.written.catch(() => undefined)));
  await Promise.all([...incoming.map((file) => file.temp), ...kept].map((file) => fs.rm(file, { force: true })));
}
