// Streams provider export files (.jsonl, plain or gzip) as numbered lines, with byte progress: memory stays flat.
import { createReadStream, promises as fs } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import { ImportError } from '../jobs/runner.ts';
import type { SourceRef } from '../normalise/normalised-listing.ts';

export interface ExportLine {
  source: SourceRef;
  text: string;
}

export interface ReadProgress {
  bytesRead: number;
  bytesTotal: number;
}

/** Checks every file before anything is read, so an unreadable file fails the import before it starts. */
export async function statExportFiles(files: readonly string[]): Promise<number> {
  let total = 0;
  for (const file of files) {
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile()) throw new Error('not a regular file');
      await fs.access(file, fs.constants.R_OK);
      total += stat.size;
    } catch (error) {
      throw new ImportError('unreadable-file', `cannot read ${file}: ${(error as Error).message}`);
    }
  }
  return total;
}

async function isGzip(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/**
 * Yields every non-blank line of the files in order, 1-based line numbers per file.
 * Gzip is recognised by its magic bytes, whatever the file is called.
 */
export async function* readExportLines(
  files: readonly string[],
  onBytes?: (progress: ReadProgress) => void,
): AsyncGenerator<ExportLine> {
  const bytesTotal = await statExportFiles(files);
  let bytesBefore = 0;
  for (const [fileIndex, file] of files.entries()) {
    const raw = createReadStream(file, { highWaterMark: 1 << 20 });
    const gzip = await isGzip(file);
    const input = gzip ? raw.pipe(createGunzip()) : raw;
    raw.on('error', (error) => input.destroy(error));
    const lines = createInterface({ input, crlfDelay: Infinity });
    let line = 0;
    try {
      for await (const text of lines) {
        line += 1;
        if (line % 4096 === 0) onBytes?.({ bytesRead: bytesBefore + raw.bytesRead, bytesTotal });
        const trimmed = line === 1 ? text.replace(/^\uFEFF/, '') : text;
        if (trimmed.trim() === '') continue;
        yield { source: { file, fileIndex, line }, text: trimmed };
      }
    } catch (error) {
      throw new ImportError('unreadable-file', `cannot read ${file} at line ${line + 1}: ${(error as Error).message}`);
    }
    bytesBefore += raw.bytesRead;
    onBytes?.({ bytesRead: bytesBefore, bytesTotal });
  }
}
