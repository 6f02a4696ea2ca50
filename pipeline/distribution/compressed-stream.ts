// A file as the object stores keep it: brotli, compressed on the thread pool while it uploads.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * Brotli quality of a served snapshot, which every replica downloads and expands: quality 5 keeps a 200k snapshot
 * (176.5 MB) in 38.3 MB where quality 4 keeps 40.8 MB, for 7.5 s of a core to compress against 5.1 s (once, at
 * publish, on the thread pool as it uploads), and expands no slower. Figures in docs/benchmarks.md.
 */
export const SNAPSHOT_BROTLI_QUALITY = 5;
/** Brotli quality of a run's records file: kept for reports and audits, read rarely, so compressed fast. */
export const RECORDS_BROTLI_QUALITY = 1;

/** A file as the object store keeps it: brotli at `quality`, compressed on the thread pool while it uploads. */
export function compressedStream(file: string, size: number, quality: number): ReadableStream<Uint8Array> {
  const brotli = zlib.createBrotliCompress({
    chunkSize: 1 << 20,
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
  });
  const source = fs.createReadStream(file);
  source.on('error', (error) => brotli.destroy(error));
  return Readable.toWeb(source.pipe(brotli)) as unknown as ReadableStream<Uint8Array>;
}
