import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExportLines } from '../../../pipeline/sources/read-export.ts';
import { ImportError } from '../../../pipeline/sources/import-error.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lodging-read-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function collect(files: string[]) {
  const out: { file: string; fileIndex: number; line: number; text: string }[] = [];
  for await (const { source, text } of readExportLines(files)) out.push({ ...source, text });
  return out;
}

describe('readExportLines', () => {
  it('numbers lines from 1 per file, skips blank lines, strips a BOM and CRLF', async () => {
    const file = path.join(dir, 'a.jsonl');
    await fs.writeFile(file, '\uFEFF{"a":1}\r\n\r\n{"b":2}\n   \n{"c":3}');
    expect(await collect([file])).toEqual([
      { file, fileIndex: 0, line: 1, text: '{"a":1}' },
      { file, fileIndex: 0, line: 3, text: '{"b":2}' },
      { file, fileIndex: 0, line: 5, text: '{"c":3}' },
    ]);
  });

  it('reads gzip by its magic bytes, whatever the name, and several files in order', async () => {
    const plain = path.join(dir, 'b.jsonl');
    const gz = path.join(dir, 'c.data');
    await fs.writeFile(plain, '{"x":1}\n');
    await fs.writeFile(gz, gzipSync('{"y":1}\n{"y":2}\n'));
    const lines = await collect([plain, gz]);
    expect(lines.map((l) => [l.fileIndex, l.line, l.text])).toEqual([
      [0, 1, '{"x":1}'],
      [1, 1, '{"y":1}'],
      [1, 2, '{"y":2}'],
    ]);
  });

  it('fails before reading anything when a file is missing', async () => {
    const ok = path.join(dir, 'd.jsonl');
    await fs.writeFile(ok, '{"a":1}\n');
    await expect(collect([ok, path.join(dir, 'missing.jsonl')])).rejects.toBeInstanceOf(ImportError);
  });

  it('reports a corrupt gzip file as unreadable', async () => {
    const bad = path.join(dir, 'bad.jsonl.gz');
    await fs.writeFile(bad, Buffer.concat([gzipSync('{"a":1}\n'.repeat(1000)).subarray(0, 40)]));
    await expect(collect([bad])).rejects.toThrow(/cannot read/);
  });
});
