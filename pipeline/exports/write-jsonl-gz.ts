// Writes the JSON Lines gzip export: one `{"place": …}` line a place, in id order, exactly the API's place JSON.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Lines are compressed in pieces of about this many characters, each a gzip member of the one file. */
const PIECE_CHARS = 8 << 20;

/**
 * Starts compressing the lines (each a served place's JSON) at once, in pieces that end at a line end, on libuv's
 * thread pool: the caller's own work (the GeoParquet) runs meanwhile. A gzip file may hold several members one after
 * the other (RFC 1952), which every gzip reader reads as one stream. The promise writes `file` and gives its size and
 * SHA-256 (hex).
 */
export function writeJsonlGz(file: string, placeJsons: readonly string[]): Promise<{ bytes: number; sha256: string }> {
  const pieces: Promise<Buffer>[] = [];
  let piece = '';
  for (const json of placeJsons) {
    piece += `{"place":${json}}\n`;
    if (piece.length >= PIECE_CHARS) {
      pieces.push(gzipAsync(Buffer.from(piece, 'utf8')));
      piece = '';
    }
  }
  if (piece !== '' || pieces.length === 0) pieces.push(gzipAsync(Buffer.from(piece, 'utf8')));
  return Promise.all(pieces).then((members) => {
    const hash = createHash('sha256');
    let bytes = 0;
    const fd = fs.openSync(file, 'w');
    try {
      for (const member of members) {
        hash.update(member);
        bytes += member.length;
        fs.writeSync(fd, member);
      }
    } finally {
      fs.closeSync(fd);
    }
    return { bytes, sha256: hash.digest('hex') };
  });
}
