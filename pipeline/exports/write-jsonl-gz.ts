// Writes the JSON Lines gzip export: one `{"place": …}` line a place, in id order, exactly the API's place JSON.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import { createGzip, constants } from 'node:zlib';

/** Lines are handed to gzip in batches of about this many characters. */
const BATCH_CHARS = 1 << 20;

/** Writes the lines (each a served place's JSON) to `file`; returns the file's size and SHA-256 (hex). */
export async function writeJsonlGz(file: string, placeJsons: Iterable<string>): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  function* batches(): Generator<string> {
    let batch = '';
    for (const json of placeJsons) {
      batch += `{"place":${json}}\n`;
      if (batch.length >= BATCH_CHARS) {
        yield batch;
        batch = '';
      }
    }
    if (batch !== '') yield batch;
  }
  const digest = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(Readable.from(batches()), createGzip({ level: constants.Z_DEFAULT_COMPRESSION }), digest, fs.createWriteStream(file));
  return { bytes, sha256: hash.digest('hex') };
}
