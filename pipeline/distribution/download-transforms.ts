// Transforms a download's bytes pass through on their way to its file: their SHA-256 as written, and a bound on how many there may be.
import type { Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import { AppError } from '../../platform/errors/app-error.ts';

/** Passes bytes on unchanged, each into `hash` first: the digest of exactly what reaches the file, without reading it again. */
export function digesting(hash: Hash): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}

/** What byteLimit fails with: the bytes would pass the limit. */
export class PastByteLimitError extends AppError {
  constructor(readonly limit: number) {
    super(`the bytes pass ${limit}`, { code: 'past-byte-limit', status: 502 });
    this.name = 'PastByteLimitError';
  }
}

/** Passes bytes on until they would pass `limit`, then fails instead of passing on the chunk that would. */
export function byteLimit(limit: number): Transform {
  let passed = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      passed += chunk.length;
      if (passed > limit) done(new PastByteLimitError(limit));
      else done(null, chunk);
    },
  });
}
