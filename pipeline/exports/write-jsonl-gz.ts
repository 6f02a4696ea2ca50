// Writes the JSON Lines gzip export: one `{"place": …}` line a place, in id order, exactly the API's place JSON.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { createGzip, type Gzip } from 'node:zlib';

/** Each gzip member of the file holds the lines up to the first line end at or past this many characters. */
export const PIECE_CHARS = 8 << 20;

/** Lines are handed to the compressor in batches of about this many characters. */
const BATCH_CHARS = 64 << 10;

/** Bytes handed to the compressor and not yet compressed before the reading waits for it. */
const PENDING_BYTES = 1 << 20;

/**
 * Compresses the lines (each a served place's JSON, read as they come) as they are read, on libuv's thread pool, the
 * caller's own work (the GeoParquet) running meanwhile: memory holds a batch of lines and the compressor's buffers,
 * whatever the file's size. A gzip file may hold several members one after the other (RFC 1952), which every gzip
 * reader reads as one stream; a member ends at the first line end past PIECE_CHARS characters (the file's bytes are
 * those of each piece compressed whole: deflate's output does not depend on how its input is handed over). Each
 * member's bytes are written as they come. Gives the file's size and SHA-256 (hex).
 */
export async function writeJsonlGz(file: string, placeJsons: Iterable<string>): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const fd = fs.openSync(file, 'w');
  let member: Gzip | null = null;
  let ended: Promise<unknown> = Promise.resolve();
  const startMember = (): Gzip => {
    const gzip = createGzip();
    gzip.on('data', (chunk: Buffer) => {
      try {
        fs.writeSync(fd, chunk);
      } catch (error) {
        gzip.destroy(error as Error);
        return;
      }
      hash.update(chunk);
      bytes += chunk.length;
    });
    ended = once(gzip, 'end');
    ended.catch(() => undefined); // awaited when the member ends; a failure while reading is met by the wait for drain
    return gzip;
  };
  const hand = async (gzip: Gzip, batch: string) => {
    if (!gzip.write(Buffer.from(batch, 'utf8')) && gzip.writableLength >= PENDING_BYTES) await once(gzip, 'drain');
  };
  const endMember = async (gzip: Gzip) => {
    gzip.end();
    await ended;
  };
  try {
    let pieceChars = 0;
    let batch = '';
    for (const json of placeJsons) {
      const line = `{"place":${json}}\n`;
      batch += line;
      pieceChars += line.length;
      if (pieceChars >= PIECE_CHARS) {
        member ??= startMember();
        await hand(member, batch);
        await endMember(member);
        member = null;
        batch = '';
        pieceChars = 0;
      } else if (batch.length >= BATCH_CHARS) {
        member ??= startMember();
        await hand(member, batch);
        batch = '';
      }
    }
    // The last piece, or one empty member for a file of no lines.
    if (pieceChars > 0 || bytes === 0) {
      member ??= startMember();
      if (batch !== '') await hand(member, batch);
      await endMember(member);
      member = null;
    }
  } finally {
    member?.destroy();
    fs.closeSync(fd);
  }
  return { bytes, sha256: hash.digest('hex') };
}
