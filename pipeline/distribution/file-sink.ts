// Where a download's bytes go: a new file, written with back-pressure and hashed on the way, removed when the download fails.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { digesting } from './download-transforms.ts';

/** A new file being written from a download's chunks. */
export interface FileSink {
  /** Resolves when more may be written (back-pressure); rejects once writing failed. */
  write(bytes: Uint8Array): Promise<void>;
  /** The last chunk was written: resolves, the file complete and closed, to the SHA-256 (hex) of the bytes in it. */
  end(): Promise<string>;
  /** Stops writing and removes the file; never rejects. */
  abort(): Promise<void>;
}

/** Writes the chunks as they are to `file`, which it creates (never overwriting one: EEXIST), hashing them on the way. */
export function plainSink(file: string): FileSink {
  const target = fs.createWriteStream(file, { fd: fs.openSync(file, 'wx') });
  const hash = createHash('sha256');
  const hashing = digesting(hash);
  const written$ = pipeline(hashing, target);
  written$.catch(() => undefined); // awaited by each step below; a failure between two steps is not unhandled
  return {
    async write(bytes) {
      if (!hashing.write(bytes)) await Promise.race([once(hashing, 'drain'), written$]);
    },
    async end() {
      hashing.end();
      await written$;
      return hash.digest('hex');
    },
    async abort() {
      hashing.destroy();
      target.destroy();
      await written$.catch(() => undefined);
      if (!target.closed) await once(target, 'close').catch(() => undefined);
      fs.rmSync(file, { force: true });
    },
  };
}
