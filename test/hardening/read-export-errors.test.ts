// Defect 7 (reader): a file that vanishes or fails mid-import is an ImportError naming it, never an unhandled stream error.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError } from '../../pipeline/sources/import-error.ts';
import { readExportLines } from '../../pipeline/sources/read-export.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lodging-read-errors-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function drain(files: string[], during?: () => Promise<void>): Promise<unknown> {
  try {
    let first = true;
    for await (const _line of readExportLines(files)) {
      if (first && during) await during();
      first = false;
    }
    return null;
  } catch (error) {
    return error;
  }
}

describe('stream failures', () => {
  it('a file removed after the import started is an ImportError naming it', async () => {
    const a = path.join(dir, 'a.jsonl');
    const b = path.join(dir, 'b.jsonl');
    await fs.writeFile(a, '{"a":1}\n{"a":2}\n');
    await fs.writeFile(b, '{"b":1}\n');
    const error = await drain([a, b], () => fs.rm(b));
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toContain(b);
  });

  it('a gzip file corrupt half-way is an ImportError with the line it reached', async () => {
    const file = path.join(dir, 'broken.jsonl.gz');
    const whole = gzipSync(Array.from({ length: 2000 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(50)}"}`).join('\n'));
    await fs.writeFile(file, Buffer.concat([whole.subarray(0, whole.length / 2), Buffer.alloc(64, 0x41)]));
    const error = await drain([file]);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toMatch(/cannot read .*broken\.jsonl\.gz at line \d+/);
  });

  it('a directory given as a file is refused before reading', async () => {
    const error = await drain([dir]);
    expect(error).toBeInstanceOf(ImportError);
  });
});
