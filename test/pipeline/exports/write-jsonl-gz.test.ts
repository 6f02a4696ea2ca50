// The JSON Lines gzip file: several gzip members past 8 MB, read by gunzip as one stream of `{"place": …}` lines; size and digest of the bytes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { writeJsonlGz } from '../../../pipeline/exports/write-jsonl-gz.ts';

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
});
