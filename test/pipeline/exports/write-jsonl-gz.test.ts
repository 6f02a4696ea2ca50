// The JSON Lines gzip file: several gzip members past 8 MB, read by gunzip as one stream of `{"place": …}` lines; size and digest of the bytes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PIECE_CHARS, writeJsonlGz } from '../../../pipeline/exports/write-jsonl-gz.ts';

describe('writeJsonlGz', () => {
  it('writes every line in order across members, and reports the file’s size and SHA-256', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jsonl-gz-'));
    try {
      const jsons = Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ id: `es-${i}`, name: `Place ${i} ${'x'.repeat(500)}` }));
      const file = path.join(dir, 'out.jsonl.gz');
      const written = await writeJsonlGz(file, jsons);
      const bytes = fs.readFileSync(file);
      expect(written).toEqual({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
      // More than one member: the gzip magic and deflate method appear again after the start.
      expect(bytes.indexOf(Buffer.from([0x1f, 0x8b, 0x08]), 3)).toBeGreaterThan(0);
      expect(gunzipSync(bytes).toString('utf8')).toBe(jsons.map((json) => `{"place":${json}}\n`).join(''));
      await writeJsonlGz(file, []);
      expect(gunzipSync(fs.readFileSync(file)).length).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes the bytes of each piece compressed whole, a piece ending at the first line end past PIECE_CHARS', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jsonl-gz-'));
    try {
      const jsons = Array.from({ length: 30_000 }, (_, i) => JSON.stringify({ id: `es-${i}`, name: `Pláce ${i} ${'ab€'.repeat(i % 300)}` }));
      const pieces: string[] = [];
      let piece = '';
      for (const json of jsons) {
        piece += `{"place":${json}}\n`;
        if (piece.length >= PIECE_CHARS) {
          pieces.push(piece);
          piece = '';
        }
      }
      if (piece !== '') pieces.push(piece);
      expect(pieces.length).toBeGreaterThan(1);
      const file = path.join(dir, 'out.jsonl.gz');
      await writeJsonlGz(file, jsons);
      expect(fs.readFileSync(file).equals(Buffer.concat(pieces.map((text) => gzipSync(Buffer.from(text, 'utf8')))))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
