// Downloads an object of a NATS JetStream object store to a file, chunk by chunk, with back-pressure, hashing what it writes as it writes it.
import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Transform, type Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { JetStreamClient, ObjectStore } from 'nats';
import { AppError } from '../../platform/errors/app-error.ts';

/**
 * Writes the object to `file` (created, never overwritten), expanded when it is brotli-encoded ('br'), and resolves to
 * the SHA-256 (hex) of the bytes it wrote there; throws when it is missing, arrives short or long, does not expand,
 * or its bytes on disk would pass `maxBytes` (the size its record declares): the download then stops at once and
 * removes its file.
 */
export type DownloadObject = (object: string, file: string, encoding?: 'br', maxBytes?: number) => Promise<string>;

/** The download wrote, or would write, more bytes than the object's record declares: stopped, its file removed. */
export class OversizedObjectError extends AppError {
  constructor(object: string, what: string, limit: number) {
    super(`object ${object}: ${what} pass the ${limit} bytes declared; download stopped`, { code: 'oversized-object', status: 502 });
    this.name = 'OversizedObjectError';
  }
}

/** Passes bytes on until they would pass `limit`, then fails instead of passing on the chunk that would. */
function byteLimit(limit: number, object: string): Transform {
  let passed = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      passed += chunk.length;
      if (passed > limit) done(new OversizedObjectError(object, 'its expanded bytes', limit));
      else done(null, chunk);
    },
  });
}

/** Passes bytes on unchanged, each into `hash` first: the digest of exactly what reaches the file, without reading it again. */
function digesting(hash: Hash): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}

/** How long a download may wait for its next chunk before it gives up (the next pass of the replica tries again). */
const CHUNK_IDLE_MS = 30_000;

/**
 * Writes an object's chunks to a file as they arrive, through an ordered pull consumer on the object's chunk subject
 * (the object store's layout: stream OBJ_<bucket>, subject $O.<bucket>.C.<nuid>), at most a few MB in flight and
 * the file's back-pressure respected. Not ObjectStore.get: it hashes every chunk with a JavaScript SHA-256 on the
 * event loop (≈ 13× node's crypto: seconds of a replica's CPU for a 90 MB snapshot, taken from the requests it
 * serves) and buffers without back-pressure, and it hashes the object as stored, not the file written. Here node's
 * crypto hashes the bytes on their way to the file (expanded, when the object is encoded), so the caller checks them
 * against the digest its record vouches for without a second pass over the file; the byte count is checked against
 * the object's size.
 */
export function objectDownloader(js: JetStreamClient, bucket: string, os: ObjectStore): DownloadObject {
  return async (object, file, encoding, maxBytes) => {
    const info = await os.info(object);
    if (!info || info.deleted) throw new Error(`object ${object} is missing from ${bucket}`);
    // What arrives is bounded by the object's size; what reaches the disk, by the declared size too.
    const storedLimit = encoding === 'br' || maxBytes === undefined ? info.size : Math.min(info.size, maxBytes);
    if (info.size > storedLimit) throw new OversizedObjectError(object, `its ${info.size} bytes`, storedLimit);
    // Opened here, before anything can fail, so a failure removes exactly the file this download created.
    const target = fs.createWriteStream(file, { fd: fs.openSync(file, 'wx') });
    // Expanded on the thread pool as the chunks arrive, then hashed on the way to the file; what is written and awaited
    // is the first stream of that chain.
    // 1 MiB pieces out: with zlib's 16 KiB, 200 MB took 12,400 callbacks and 3× the time, few of which a busy replica gets.
    const decoder = encoding === 'br' ? zlib.createBrotliDecompress({ chunkSize: 1 << 20 }) : null;
    const hash = createHash('sha256');
    const hashing = digesting(hash);
    const out: Writable = decoder ?? hashing;
    const written$ = decoder
      ? maxBytes === undefined
        ? pipeline(decoder, hashing, target)
        : pipeline(decoder, byteLimit(maxBytes, object), hashing, target)
      : pipeline(hashing, target);
    let failure: unknown = null;
    let undecodable = false;
    out.on('error', (error) => (failure ??= error));
    // zlib's own errors carry an errno; a stream destroyed because the limit stopped the download does not expand badly.
    decoder?.on('error', (error: NodeJS.ErrnoException) => (undecodable ||= error.errno !== undefined));
    target.on('error', (error) => (failure ??= error));
    written$.catch((error: unknown) => (failure ??= error));
    let written = 0;
    try {
      if (info.size > 0) {
        const consumer = await js.consumers.get(`OBJ_${bucket}`, { filterSubjects: `$O.${bucket}.C.${info.nuid}` });
        const messages = await consumer.consume({ max_bytes: 4 * 1024 * 1024 });
        let idle = setTimeout(() => void messages.stop(), CHUNK_IDLE_MS);
        try {
          for await (const message of messages) {
            clearTimeout(idle);
            if (failure) break;
            if (message.data.length > 0) {
              written += message.data.length;
              if (written > storedLimit) {
                failure ??= new OversizedObjectError(object, 'its chunks', storedLimit);
                break;
              }
              // Rejects if the file fails, or the expanded bytes pass the limit.
              if (!out.write(message.data)) await Promise.race([once(out, 'drain'), written$]);
            }
            if (message.info.pending === 0) break;
            idle = setTimeout(() => void messages.stop(), CHUNK_IDLE_MS);
          }
        } finally {
          clearTimeout(idle);
          await messages.close().catch(() => undefined);
        }
      }
      if (failure) throw failure;
      if (written !== info.size) throw new Error(`object ${object}: ${written} of ${info.size} bytes arrived`);
      out.end();
      await written$;
      if (failure) throw failure;
      return hash.digest('hex');
    } catch (error) {
      out.destroy();
      target.destroy();
      await written$.catch(() => undefined);
      if (!target.closed) await once(target, 'close').catch(() => undefined);
      fs.rmSync(file, { force: true }); // created here: nothing of a refused object stays on disk
      if (error instanceof OversizedObjectError) throw error;
      if (undecodable) throw new Error(`object ${object} does not expand as brotli (${error instanceof Error ? error.message : String(error)})`);
      throw error;
    }
  };
}
