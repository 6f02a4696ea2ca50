// Import caps: past the decompressed-bytes, lines or gzip-ratio cap, reading stops at once with ImportError('import-cap').
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExportLines } from '../../../pipeline/sources/read-export.ts';
import { DEFAULT_IMPORT_CAPS, ImportCapGuard, type ImportCaps } from '../../../pipeline/sources/import-caps.ts';
import { ImportError } from '../../../pipeline/sources/import-error.ts';
import { COMPRESSION_RATIO_CHECKED_FROM_BYTES } from '../../../model/limits.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lodging-caps-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function readAll(files: string[], caps: Partial<ImportCaps>): Promise<{ lines: number; error: unknown }> {
  let lines = 0;
  try {
    for await (const _ of readExportLines(files, undefined, { caps: { ...DEFAULT_IMPORT_CAPS, ...caps } })) lines += 1;
    return { lines, error: null };
  } catch (error) {
    return { lines, error };
  }
}

const line = '{"providerId":"p","name":"x"}\n';

describe('import caps', () => {
  it('reads every line below the caps, as without them', async () => {
    const file = path.join(dir, 'small.jsonl');
    await fs.writeFile(file, line.repeat(50));
    expect(await readAll([file], { maxLines: 50, maxDecompressedBytes: line.length * 50 })).toEqual({ lines: 50, error: null });
  });

  it('stops at the line past LODGING_IMPORT_MAX_LINES, counting every file', async () => {
    const a = path.join(dir, 'a.jsonl');
    const b = path.join(dir, 'b.jsonl');
    await fs.writeFile(a, line.repeat(30));
    await fs.writeFile(b, line.repeat(30));
    const { lines, error } = await readAll([a, b], { maxLines: 40 });
    expect(lines).toBe(40);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).code).toBe('import-cap');
    expect((error as Error).message).toContain('LODGING_IMPORT_MAX_LINES');
  });

  it('stops past LODGING_IMPORT_MAX_DECOMPRESSED_BYTES, gzip counted decompressed', async () => {
    const file = path.join(dir, 'big.jsonl.gz');
    await fs.writeFile(file, gzipSync(line.repeat(10_000)));
    const { error } = await readAll([file], { maxDecompressedBytes: 100_000 });
    expect((error as ImportError).code).toBe('import-cap');
    expect((error as Error).message).toContain('LODGING_IMPORT_MAX_DECOMPRESSED_BYTES');
  });

  it('refuses a gzip that decompresses past the ratio once 8 MiB are out, and not a small one', async () => {
    const bomb = path.join(dir, 'bomb.jsonl.gz');
    await fs.writeFile(bomb, gzipSync(Buffer.from(line.repeat(Math.ceil((3 * COMPRESSION_RATIO_CHECKED_FROM_BYTES) / line.length)))));
    const { lines, error } = await readAll([bomb], {});
    expect((error as ImportError).code).toBe('import-cap');
    expect((error as Error).message).toContain('LODGING_IMPORT_MAX_COMPRESSION_RATIO');
    expect(lines * line.length).toBeLessThan(2 * COMPRESSION_RATIO_CHECKED_FROM_BYTES);
    const small = path.join(dir, 'small.jsonl.gz');
    await fs.writeFile(small, gzipSync(line.repeat(1000)));
    expect(await readAll([small], {})).toEqual({ lines: 1000, error: null });
  });

  it('judges the ratio per file and only for gzip', () => {
    const guard = new ImportCapGuard({ ...DEFAULT_IMPORT_CAPS, maxCompressionRatio: 10 });
    expect(() => guard.addBytes(COMPRESSION_RATIO_CHECKED_FROM_BYTES, 'plain.jsonl', COMPRESSION_RATIO_CHECKED_FROM_BYTES, null)).not.toThrow();
    expect(() => guard.addBytes(1, 'a.gz', COMPRESSION_RATIO_CHECKED_FROM_BYTES - 1, 1)).not.toThrow();
    expect(() => guard.addBytes(1, 'a.gz', COMPRESSION_RATIO_CHECKED_FROM_BYTES, COMPRESSION_RATIO_CHECKED_FROM_BYTES / 10)).not.toThrow();
    expect(() => guard.addBytes(1, 'a.gz', COMPRESSION_RATIO_CHECKED_FROM_BYTES, COMPRESSION_RATIO_CHECKED_FROM_BYTES / 11)).toThrow(/more than 10 times its size/);
  });
});
