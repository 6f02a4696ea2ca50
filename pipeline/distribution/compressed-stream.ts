// A file as the object stores keep it: brotli, compressed on the thread pool while it uploads.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * Brotli quality of a served snapshot, which every replica downloads and expands: quality 4 keeps a 200k snapshot
 * (187 MB) in 51.0 MB where quality 1 keeps 59.2 MB, for 3.0–3.7 s of a core to compress against 1.1–2.2 s (once,
 * at publish, as it uploads), and expands no slower (1.1–1.2 against 1.1–1.6 s). Figures in docs/benchmarks.md.
 */
export const SNAPSHOT_BROTLI_QUALITY = 4;
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
