// The one contract every ImportRunner passes: the same input publishes the same snapshot and the same report as a plain sequential import.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessRunner } from '../../../../pipeline/jobs/in-process-runner.ts';
import type { ImportProgress, ImportRunner } from '../../../../pipeline/jobs/runner.ts';
import { ImportError } from '../../../../pipeline/sources/import-error.ts';
import type { ImportReport } from '../../../../pipeline/report/import-report.ts';
import { countryDir } from '../../../../pipeline/snapshot/snapshot-paths.ts';
import { readPointer } from '../../../../pipeline/snapshot/snapshot-pointer.ts';
import { writeContractInput, writeSmallInput, writeSuppressionList, type ContractInput } from './contract-input.ts';
import { comparableReport, readSnapshotContent, type SnapshotContent } from './snapshot-content.ts';

export interface RunnerUnderTest {
  runner: ImportRunner;
  /** Stops whatever the runner needs besides itself (workers). */
  stop?: () => Promise<void>;
}

interface Imported {
  dataDir: string;
  report: ImportReport;
  content: SnapshotContent;
  progress: ImportProgress[];
}

export function describeRunnerContract(label: string, setUp: () => Promise<RunnerUnderTest>): void {
  describe(`${label} runner contract`, () => {
    let work = '';
    let input: ContractInput;
    let subject: RunnerUnderTest | undefined;
    let reference: Imported;
    let imported: Imported;

    const importInto = async (name: string, files: string[]): Promise<Imported> => {
      const dataDir = path.join(work, name);
      await writeSuppressionList(dataDir);
      const progress: ImportProgress[] = [];
      const { report } = await subject!.runner.run({ country: 'es', files, dataDir }, (p) => progress.push({ ...p }));
      return { dataDir, report, content: readSnapshotContent(dataDir, report), progress };
    };

    beforeAll(async () => {
      work = await fs.mkdtemp(path.join(tmpdir(), 'lodging-contract-'));
      input = await writeContractInput(path.join(work, 'input'));
      // The reference: one chunk, one thread, in order; nothing to reorder, retry or deduplicate.
      const referenceDir = path.join(work, 'reference');
      await writeSuppressionList(referenceDir);
      const sequential = createInProcessRunner({ threads: 0, chunkSize: Number.MAX_SAFE_INTEGER });
      const { report } = await sequential.run({ country: 'es', files: input.files, dataDir: referenceDir });
      reference = { dataDir: referenceDir, report, content: readSnapshotContent(referenceDir, report), progress: [] };
      subject = await setUp();
      imported = await importInto('subject', input.files);
    });

    afterAll(async () => {
      await subject?.stop?.();
      await subject?.runner.close();
      if (work) await fs.rm(work, { recursive: true, force: true });
    });

    it('imports an input that holds every kind of line: bad, duplicate, closed, suppressed, rejected', () => {
      const { report } = imported;
      expect(report.lines).toBe(input.lines);
      expect(report.badLines).toBeGreaterThanOrEqual(5);
      expect(report.byStatus.closed).toBeGreaterThanOrEqual(1);
      expect(report.byStatus.suppressed).toBeGreaterThanOrEqual(3);
      expect(report.byReason['duplicate-provider-id']).toBeGreaterThanOrEqual(2);
      expect(report.byStatus.rejected).toBeGreaterThanOrEqual(5);
      expect(report.byStatus.published).toBeGreaterThan(input.lines / 2);
    });

    it('publishes the same place rows as a sequential one-chunk import', () => {
      expect(imported.content.places.length).toBe(reference.content.places.length);
      expect(imported.content.places).toEqual(reference.content.places);
    });

    it('stores every listing with the same status, reasons and source line as a sequential import', () => {
      expect(imported.content.listings).toEqual(reference.content.listings);
      expect(imported.content.rejectedLines).toEqual(reference.content.rejectedLines);
    });

    it('reports exactly what a sequential import reports', () => {
      expect(comparableReport(imported.report)).toEqual(comparableReport(reference.report));
    });

    it('names itself in the report and points the country at the snapshot it reports', () => {
      expect(imported.report.runner).toBe(subject!.runner.name);
      expect(readPointer(imported.dataDir, 'es')?.version).toBe(imported.report.snapshot?.version);
      expect(imported.report.snapshot?.publishedCount).toBe(imported.report.byStatus.published);
    });

    it('reports progress up to done, with every line read and written', () => {
      const last = imported.progress.at(-1);
      expect(last?.phase).toBe('done');
      expect(last?.linesRead).toBe(input.lines);
      expect(last?.listingsWritten).toBe(input.lines);
      const written = imported.progress.map((p) => p.listingsWritten);
      expect(written).toEqual([...written].sort((a, b) => a - b));
    });

    it("replaces the country's records on a re-import: a listing absent from the new export is gone", async () => {
      const again = await importInto('reimport', input.files);
      const small = await writeSmallInput(work);
      const { report } = await subject!.runner.run({ country: 'es', files: [small], dataDir: again.dataDir });
      const content = readSnapshotContent(again.dataDir, report);
      expect(readPointer(again.dataDir, 'es')?.version).toBe(report.snapshot?.version);
      expect(content.places.length).toBe(report.byStatus.published);
      expect(content.places.length).toBeLessThan(again.content.places.length);
    });

    it.each([
      ['an unknown country', 'unknown-country', { country: 'xx' as never }],
      ['an unreadable file', 'unreadable-file', { files: ['/nonexistent/export.jsonl'] }],
    ])('fails on %s with ImportError %s and leaves the current snapshot serving', async (_case, code, change) => {
      const dataDir = path.join(work, `failing-${code}`);
      await writeSuppressionList(dataDir);
      const small = await writeSmallInput(work);
      const first = await subject!.runner.run({ country: 'es', files: [small], dataDir });
      const failing = subject!.runner.run({ country: 'es', files: [small], dataDir, ...change });
      await expect(failing).rejects.toBeInstanceOf(ImportError);
      await expect(failing).rejects.toMatchObject({ code });
      expect(readPointer(dataDir, 'es')?.version).toBe(first.report.snapshot?.version);
      const files = (await fs.readdir(countryDir(dataDir, 'es'))).filter((f) => f.endsWith('.sqlite')).sort();
      // The current snapshot and its records file, nothing of the failed build.
      const kept = path.basename(first.report.snapshot!.file);
      expect(files).toEqual([kept.replace(/\.sqlite$/, '.records.sqlite'), kept]);
    });
  });
}
