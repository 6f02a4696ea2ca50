// Defect 7 (pool): a worker that dies mid-chunk, cleanly or not, is retried on a fresh one a bounded number of times, then the import fails with one clear message and no leftovers.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../pipeline/jobs/import-files.ts';
import { ImportError } from '../../pipeline/sources/import-error.ts';
import { openSnapshotReader } from '../../pipeline/snapshot/snapshot-reader.ts';
import { snapshotFiles } from '../pipeline/snapshot/support/snapshot-test-kit.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lodging-pool-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const entry = new URL('./support/failing-worker.ts', import.meta.url);
const listing = (id: string, fault?: string, marker?: string) =>
  JSON.stringify({ ...(fault ? { fault, ...(marker ? { marker } : {}) } : {}), providerId: id, name: `Hotel ${id}`, categories: ['Hotel'] });

async function run(name: string, lines: string[], dataDir: string) {
  const file = path.join(dir, `${name}.jsonl`);
  await fs.writeFile(file, lines.join('\n') + '\n');
  return importFiles({ country: 'es', files: [file], dataDir }, { threads: 1, threadThresholdBytes: 0, chunkSize: 1, pool: { entry, maxRetries: 1 } });
}

const ids = (dataDir: string) => {
  const reader = openSnapshotReader(dataDir);
  try {
    return reader.searchRows({ country: 'es', limit: 100 }).rows.map((r) => r.id);
  } finally {
    reader.close();
  }
};

describe('worker threads that die mid-chunk', () => {
  it('a worker exiting with code 0 once: its chunk is retried on a fresh worker and the import completes', async () => {
    const dataDir = path.join(dir, 'once');
    const marker = path.join(dir, 'once.marker');
    const lines = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => listing(id, id === 'c' ? 'exit0-once' : undefined, id === 'c' ? marker : undefined));
    const { report } = await run('once', lines, dataDir);
    expect(report.listings).toBe(6);
    expect(ids(dataDir)).toEqual(['es-a', 'es-b', 'es-c', 'es-d', 'es-e', 'es-f']);
  });

  it.each(['exit0', 'crash'])('a worker that always dies (%s): the import fails with one clear message, nothing published, no files left', async (fault) => {
    const dataDir = path.join(dir, `always-${fault}`);
    await run(`good-${fault}`, [listing('kept')], dataDir);
    const before = snapshotFiles(dataDir, 'es');
    const lines = ['a', 'b', 'c', 'd', 'e'].map((id) => listing(id, id === 'b' ? fault : undefined));
    const error = await run(`always-${fault}`, lines, dataDir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).code).toBe('run-failed');
    expect((error as Error).message).toMatch(/died 2 times on the same chunk.*nothing was published/);
    expect((error as Error).message.split('\n')).toHaveLength(1);
    expect(snapshotFiles(dataDir, 'es')).toEqual(before);
    expect(ids(dataDir)).toEqual(['es-kept']);
  });
});
