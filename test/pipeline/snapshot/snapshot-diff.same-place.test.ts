// A diff counts places served: a listing merged into another (same place) is not added, so added − removed is the change in places served.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../pipeline/jobs/import-files.ts';
import { diffSnapshots } from '../../../pipeline/snapshot/snapshot-diff.ts';
import type { SnapshotInfo } from '../../../pipeline/snapshot/reader-types.ts';
import { snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { FIRST, REPEAT, TWIN } from '../../support/same-place-listings.ts';


let dataDir: string;
let before: SnapshotInfo;
let after: SnapshotInfo;

async function publish(name: string, listings: object[]): Promise<SnapshotInfo> {
  const file = path.join(dataDir, `${name}.jsonl`);
  await writeFile(file, listings.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const { report } = await importFiles({ country: 'es', files: [file], dataDir }, { threads: 0 });
  return report.snapshot!;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lodging-diff-same-place-'));
  before = await publish('first', [FIRST]);
  after = await publish('second', [REPEAT, FIRST, TWIN]);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('a diff over an import that merged a same-place listing', () => {
  it('adds only the place newly served, not the merged duplicate', () => {
    expect(after.publishedCount - before.publishedCount).toBe(1);
    const diff = diffSnapshots(snapshotPath(dataDir, 'es', after.version), {
      file: snapshotPath(dataDir, 'es', before.version),
      version: before.version,
      publishedCount: before.publishedCount,
    });
    expect(diff.added.examples.map((e) => e.id)).toEqual(['es-fageda-b-2']);
    expect(diff.added.count - diff.removed.count).toBe(after.publishedCount - before.publishedCount);
  });

  it('counts the duplicate as removed when the place it repeats is served under it no more', () => {
    const diff = diffSnapshots(snapshotPath(dataDir, 'es', before.version), {
      file: snapshotPath(dataDir, 'es', after.version),
      version: after.version,
      publishedCount: after.publishedCount,
    });
    expect(diff.removed.examples.map((e) => e.id)).toEqual(['es-fageda-b-2']);
    expect(diff.added.count).toBe(0);
  });
});
