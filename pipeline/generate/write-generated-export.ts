// Streams generated listings to a .jsonl (or gzip .jsonl.gz) file with flat memory; the file appears whole or not at all.
import { createWriteStream, promises as fs } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { generateListingLines, type GenerateOptions } from './generate-listings.ts';

export interface WrittenExport {
  lines: number;
  /** Size of the file written (compressed bytes for .gz). */
  bytes: number;
}

/** Lines are joined into blocks about this big: one write per block rather than per line. */
const BLOCK_CHARS = 256 * 1024;

export async function writeGeneratedExport(file: string, options: GenerateOptions): Promise<WrittenExport> {
  let lines = 0;
  function* blocks(): Generator<string> {
    let block = '';
    for (const line of generateListingLines(options)) {
      block += `${line}\n`;
      lines += 1;
      if (block.length >= BLOCK_CHARS) {
        yield block;
        block = '';
      }
    }
    if (block !== '') yield block;
  }

  // A temporary name beside the target, renamed at the end: an interrupted run never leaves a short export behind.
  const partial = `${file}.partial-${process.pid}`;
  const source = Readable.from(blocks(), { objectMode: false });
  const sink = createWriteStream(partial);
  try {
    if (file.endsWith('.gz')) await pipeline(source, createGzip({ level: 6 }), sink);
    else await pipeline(source, sink);
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
  const { size } = await fs.stat(file);
  return { lines, bytes: size };
}
