// Writes the JSON Lines gzip export: one `{"place": …}` line a place, in id order, exactly the API's place JSON.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Lines are compressed in pieces of about this many characters, each a gzip member of the one file. */
const PIECE_CHARS = 8 << 20;

/** Pieces compressing at once on libuv's thread pool: one while the next is gathered, so memory stays a few pieces. */
const PIECES_IN_FLIGHT = 2;

/**
 * Compresses the lines (each a served place's JSON, read as they come) in pieces that end at a line end, on libuv's
 * thread pool: the caller's own work (the GeoParquet) runs meanwhile. A gzip file may hold several members one after
 * the other (RFC 1952), which every gzip reader reads as one stream. Each member is written as soon as it and those
 * before it are done. Gives the file's size and SHA-256 (hex).
 */
export async function writeJsonlGz(file: string, placeJsons: Iterable<string>): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const pending: Promise<Buffer>[] = [];
  const fd = fs.openSync(file, 'w');
  const writeOldest = async () => {
    const member = await pending.shift()!;
    hash.update(member);
    bytes += member.length;
    fs.writeSync(fd, member);
  };
  const compress = (piece: string) => {
    const member = gzipAsync(Buffer.from(piece, 'utf8'));
    member.catch(() => undefined); // awaited in order by writeOldest; an earlier failure must not leave it unhandled
    pending.push(member);
  };
  try {
    let piece = '';
    let pieces = 0;
    for (const json of placeJsons) {
      piece += `{"place":${json}}\n`;
      if (piece.length >= PIECE_CHARS) {
        compress(piece);
        pieces += 1;
        piece = '';
        if (pending.length >= PIECES_IN_FLIGHT) await writeOldest();
      }
    }
    if (piece !== '' || pieces === 0) compress(piece);
    while (pending.length > 0) await writeOldest();
  } finally {
    fs.closeSync(fd);
  }
  return { bytes, sha256: hash.digest('hex') };
}
