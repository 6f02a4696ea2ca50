// A local publish writes the export files after the pointer moves and says how long they took; one that fails leaves the snapshot live.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportsWritten } from '../../../pipeline/exports/export-manifest.ts';
import { exportsDir } from '../../../pipeline/exports/export-paths.ts';
import { createInProcessRunner } from '../../../pipeline/jobs/in-process-runner.ts';
import { importWithGates } from '../../../pipeline/publish/import-with-gates.ts';
import { localSnapshotStoreWith } from '../../../pipeline/publish/snapshot-store.ts';
import { formatPublication } from '../../../pipeline/report/format-publication.ts';
import { readPointer } from '../../../pipeline/snapshot/snapshot-pointer.ts';
import { generatedLines, writeLines } from '../../support/publication-kit.ts';

const store = localSnapshotStoreWith({ publicUrl: 'https://lodging.example.org', licence: null, attribution: null });
let dataDir: string;

async function publish(name: string, seed: number) {
  const file = writeLines(path.join(dataDir, 'inputs'), name, generatedLines('es', 300, seed));
  const result = await importWithGates({ country: 'es', files: [file], dataDir, runner: createInProcessRunner({ threads: 0 }), store, keep: 3, thresholds: { maxRejectedShare: 1, maxDrop: 1, maxFieldLoss: 1 } });
  expect(result.exitCode).toBe(0);
  return result;
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodging-store-exports-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the import report names the export files apart from the import', () => {
  it('gives their time and sizes once written, and prints the time after the decision', async () => {
    const { report, reportHtml } = await publish('first.jsonl', 1);
    const exports = report.exports as ExportsWritten;
    expect(exports.error).toBeNull();
    expect(exports.seconds).toBeGreaterThan(0);
    expect(exports.files.map((f) => f.format)).toEqual(['parquet', 'jsonl.gz']);
    for (const f of exports.files) expect(f.bytes).toBe(fs.statSync(path.join(exportsDir(dataDir, 'es'), `${report.publishedVersion}.${f.format}`)).size);
    const text = formatPublication(report, reportHtml);
    expect(text).toMatch(/\nPUBLISHED snapshot \S+; export files \(parquet, jsonl\.gz\) written in \d+\.\d s after publishing\n/);
  }, 120_000);

  it('says why when they could not be written, and the snapshot is live all the same', async () => {
    fs.rmSync(exportsDir(dataDir, 'es'), { recursive: true, force: true });
    fs.writeFileSync(exportsDir(dataDir, 'es'), 'not a folder');
    const { report, reportHtml } = await publish('second.jsonl', 2);
    expect(readPointer(dataDir, 'es')!.version).toBe(report.publishedVersion);
    expect(report.exports!.files).toEqual([]);
    expect(report.exports!.error).toMatch(/EEXIST|ENOTDIR/);
    expect(formatPublication(report, reportHtml)).toMatch(/\nPUBLISHED snapshot \S+; export files not written in \d+\.\d s \(.+\): they are built on their first request\n/);
  }, 120_000);
});
