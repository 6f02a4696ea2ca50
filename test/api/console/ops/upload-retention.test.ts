// Stored uploads are pruned by age, then oldest first down to the quota; files put there by hand and the newest upload stay.
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneUploads } from '../../../../api/console/ops/upload-retention.ts';

let dir: string;
const DAY = 86_400_000;
const now = Date.parse('2026-11-25T12:00:00Z');

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lodging-retention-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, bytes: number, ageDays: number): Promise<void> {
  await writeFile(path.join(dir, name), 'x'.repeat(bytes));
  const when = new Date(now - ageDays * DAY);
  await utimes(path.join(dir, name), when, when);
}

describe('pruneUploads', () => {
  it('removes stored uploads older than the retention, never a file put there by hand', async () => {
    await file('20261101-100000-ab12-es.jsonl', 10, 24);
    await file('20261120-100000-cd34-es.jsonl', 10, 5);
    await file('es-by-hand.jsonl', 10, 60);
    const removed = await pruneUploads(dir, { keepDays: 14, quotaBytes: 1e9 }, null, now);
    expect(removed).toEqual(['20261101-100000-ab12-es.jsonl']);
    expect((await readdir(dir)).sort()).toEqual(['20261120-100000-cd34-es.jsonl', 'es-by-hand.jsonl']);
  });

  it('removes the oldest uploads until the rest fit the quota, keeping the one just stored', async () => {
    await file('20261121-100000-0001-a.jsonl', 100, 4);
    await file('20261122-100000-0002-b.jsonl', 100, 3);
    await file('20261123-100000-0003-c.jsonl', 100, 2);
    await file('20261124-100000-0004-d.jsonl.gz', 500, 1);
    const removed = await pruneUploads(dir, { keepDays: 14, quotaBytes: 650 }, '20261124-100000-0004-d.jsonl.gz', now);
    expect(removed).toEqual(['20261121-100000-0001-a.jsonl', '20261122-100000-0002-b.jsonl']);
    expect((await readdir(dir)).sort()).toEqual(['20261123-100000-0003-c.jsonl', '20261124-100000-0004-d.jsonl.gz']);
  });

  it('removes temp files of uploads cut off by a crash once a day old', async () => {
    await file('.upload-0011223344556677.part', 10, 2);
    await file('.upload-8899aabbccddeeff.part', 10, 0);
    expect(await pruneUploads(dir, { keepDays: 14, quotaBytes: 1e9 }, null, now)).toEqual(['.upload-0011223344556677.part']);
  });

  it('does nothing when the directory does not exist yet', async () => {
    expect(await pruneUploads(path.join(dir, 'missing'), { keepDays: 1, quotaBytes: 1 }, null, now)).toEqual([]);
  });
});
