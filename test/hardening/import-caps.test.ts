// A gzip bomb of rejected lines is refused within the caps: a fatal exit (not 3), nothing published or held, the run says why, the data directory stays small.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inProcessCli } from '../support/publication-kit.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lodging-caps-cli-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const run = (argv: string[], env: Record<string, string> = {}) => inProcessCli(() => ({ LODGING_DATA_DIR: path.join(dir, 'data'), ...env }))(argv);

async function sizeOf(target: string): Promise<number> {
  const stat = await fs.lstat(target).catch(() => null);
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const entry of await fs.readdir(target)) total += await sizeOf(path.join(target, entry));
  return total;
}

describe('import caps at the command line', () => {
  it('refuses a gzip whose decompressed size dwarfs it: exit 1, nothing published or held, the run records why', async () => {
    // 64 MiB of lines that are all rejected (no name), about 200 KiB compressed.
    const bomb = path.join(dir, 'es.jsonl.gz');
    const line = Buffer.from('{"providerId":"same-line-again"}\n');
    const lines = Buffer.alloc(line.length * 8192);
    for (let i = 0; i < 8192; i++) line.copy(lines, i * line.length);
    const body = Buffer.concat(Array.from({ length: Math.ceil((64 * 1024 ** 2) / lines.length) }, () => lines));
    await fs.writeFile(bomb, gzipSync(body, { level: 9 }));

    const result = await run(['import', '--country', 'es', '--force', '--reason', 'try anyway', bomb]);
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBe(3);
    expect(result.stderr.trim().split('\n').filter((l) => l.includes('LODGING_IMPORT_MAX_COMPRESSION_RATIO'))).toHaveLength(1);

    const snapshots = await run(['snapshots', '--country', 'es', '--json']);
    expect(JSON.parse(snapshots.stdout)).toEqual([]);
    const runs = JSON.parse((await run(['runs', '--json'])).stdout) as { outcome: string; error: string | null; candidate: unknown }[];
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: 'failed', candidate: null });
    expect(runs[0]!.error).toContain('LODGING_IMPORT_MAX_COMPRESSION_RATIO');
    expect(await sizeOf(path.join(dir, 'data'))).toBeLessThan(100 * 1024 ** 2);
  }, 120_000);

  it('stops at LODGING_IMPORT_MAX_LINES even with --force: a truncated read is never published', async () => {
    const file = path.join(dir, 'es.jsonl');
    const listing = (i: number) => JSON.stringify({ providerId: `p${i}`, name: `Hotel ${i}`, address: { city: 'Sevilla' }, categories: ['Hotel'] });
    await fs.writeFile(file, `${Array.from({ length: 30 }, (_, i) => listing(i)).join('\n')}\n`);
    const result = await run(['import', '--country', 'es', '--force', '--reason', 'try anyway', file], { LODGING_IMPORT_MAX_LINES: '20' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('more than 20 lines');
    expect(JSON.parse((await run(['snapshots', '--country', 'es', '--json'])).stdout)).toEqual([]);
    const below = await run(['import', '--country', 'es', file], { LODGING_IMPORT_MAX_LINES: '30' });
    expect(below.code).toBe(0);
  }, 60_000);
});
