// Publishing writes a country's export files and manifest; DuckDB opens the GeoParquet; pruned versions lose their files.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExports, keptVersion, pruneExports, readManifest } from '../../../pipeline/exports/build-exports.ts';
import { exportFilePath, exportsDir } from '../../../pipeline/exports/export-paths.ts';
import type { ExportManifest } from '../../../pipeline/exports/export-manifest.ts';
import { createInProcessRunner } from '../../../pipeline/jobs/in-process-runner.ts';
import { importWithGates } from '../../../pipeline/publish/import-with-gates.ts';
import { localSnapshotStoreWith } from '../../../pipeline/publish/snapshot-store.ts';
import { readPointer } from '../../../pipeline/snapshot/snapshot-pointer.ts';
import { generatedLines, writeLines } from '../../support/publication-kit.ts';

const SETTINGS = { publicUrl: 'https://lodging.example.org', licence: 'ODbL-1.0', attribution: '© Lodging Directory contributors' };
let dataDir: string;
let manifest: ExportManifest;
const store = localSnapshotStoreWith(SETTINGS);

async function publish(lines: string[], name: string): Promise<string> {
  const file = writeLines(path.join(dataDir, 'inputs'), name, lines);
  const result = await importWithGates({ country: 'es', files: [file], dataDir, runner: createInProcessRunner({ threads: 0 }), store, keep: 2, thresholds: { maxRejectedShare: 1, maxDrop: 1, maxFieldLoss: 1 } });
  expect(result.exitCode).toBe(0);
  return result.run.publishedVersion!;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodging-exports-'));
  const version = await publish(generatedLines('es', 400), 'first.jsonl');
  manifest = readManifest(dataDir, 'es', version)!;
}, 120_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('publishing writes the exports', () => {
  it('a manifest naming both files with their size and digest, the count, the licence and attribution', () => {
    const pointer = readPointer(dataDir, 'es')!;
    expect(manifest).toMatchObject({ country: 'es', version: pointer.version, publishedAt: pointer.publishedAt, count: pointer.publishedCount, schemaVersion: 1 });
    expect(manifest).toMatchObject({ licence: SETTINGS.licence, attribution: SETTINGS.attribution });
    for (const file of manifest.files) {
      const bytes = fs.readFileSync(exportFilePath(dataDir, 'es', manifest.version, file.format));
      expect(file).toEqual({ format: file.format, url: `${SETTINGS.publicUrl}/api/v1/exports/es/${manifest.version}.${file.format}`, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    }
  });

  it('JSON Lines with profile links under the publisher’s public URL', () => {
    const lines = gunzipSync(fs.readFileSync(exportFilePath(dataDir, 'es', manifest.version, 'jsonl.gz'))).toString('utf8').trim().split('\n');
    expect(lines).toHaveLength(manifest.count);
    const first = JSON.parse(lines[0]!) as { place: { id: string; profileUrl: string } };
    expect(first.place.profileUrl).toBe(`${SETTINGS.publicUrl}/places/${encodeURIComponent(first.place.id)}`);
  });

  it('the same bytes when built again (a replica or a later build serves identical files)', async () => {
    const again = await buildExports(dataDir, keptVersion(dataDir, 'es', manifest.version)!, SETTINGS);
    expect(again.files).toEqual(manifest.files);
  });

  it('row groups built by worker threads give the bytes built on one thread, and DuckDB reads every place', async () => {
    const kept = keptVersion(dataDir, 'es', manifest.version)!;
    const onThisThread = await buildExports(dataDir, kept, SETTINGS, { rowGroupSize: 60, threads: 0 });
    const byWorkers = await buildExports(dataDir, kept, SETTINGS, { rowGroupSize: 60, threads: 2 });
    expect(byWorkers.files).toEqual(onThisThread.files);
    expect(byWorkers.files.find((f) => f.format === 'jsonl.gz')).toEqual(manifest.files.find((f) => f.format === 'jsonl.gz'));
    expect(byWorkers.files.find((f) => f.format === 'parquet')!.sha256).not.toBe(manifest.files.find((f) => f.format === 'parquet')!.sha256);
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const parquet = exportFilePath(dataDir, 'es', manifest.version, 'parquet');
      const rows = await connection.runAndReadAll(`SELECT count(*)::INTEGER, count(DISTINCT id)::INTEGER FROM read_parquet('${parquet}')`);
      expect(rows.getRows()[0]).toEqual([manifest.count, manifest.count]);
      const groups = await connection.runAndReadAll(`SELECT count(DISTINCT row_group_id)::INTEGER FROM parquet_metadata('${parquet}')`);
      expect(groups.getRows()[0]![0]).toBe(Math.ceil(manifest.count / 60));
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    await buildExports(dataDir, kept, SETTINGS); // the files as published again, for the tests after
  }, 120_000);
});

describe('DuckDB opens the GeoParquet without extensions', () => {
  it('counts the rows, reads nested columns, and reads the WKB column as a GEOMETRY at each place’s coordinates', async () => {
    const file = exportFilePath(dataDir, 'es', manifest.version, 'parquet');
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const count = await connection.runAndReadAll(`SELECT count(*)::INTEGER FROM read_parquet('${file}')`);
      expect(count.getRows()[0]![0]).toBe(manifest.count);
      const sample = await connection.runAndReadAll(
        `SELECT id, address.country, location.longitude, location.latitude, len(lodgingTypes)::INTEGER,
                typeof(geometry), ST_AsText(geometry)
           FROM read_parquet('${file}') WHERE location IS NOT NULL ORDER BY id`,
      );
      const rows = sample.getRows();
      expect(rows.length).toBeGreaterThan(100);
      expect(rows.some((row) => Number(row[4]) > 0)).toBe(true);
      for (const [id, country, longitude, latitude, labels, type, wkt] of rows) {
        expect(typeof id).toBe('string');
        expect(country).toBe('es');
        expect(labels).toBeGreaterThanOrEqual(0);
        expect(type).toBe("GEOMETRY('OGC:CRS84')");
        const [x, y] = /^POINT \((\S+) (\S+)\)$/.exec(String(wkt))!.slice(1).map(Number);
        expect([x, y]).toEqual([longitude, latitude]);
      }
      const metadata = await connection.runAndReadAll(`SELECT decode(value) FROM parquet_kv_metadata('${file}') WHERE decode(key) = 'geo'`);
      expect(JSON.parse(String(metadata.getRows()[0]![0]))).toMatchObject({ version: '1.1.0', primary_column: 'geometry' });
      const groups = await connection.runAndReadAll(`SELECT count(DISTINCT row_group_id)::INTEGER FROM parquet_metadata('${file}')`);
      expect(groups.getRows()[0]![0]).toBeGreaterThanOrEqual(1);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});

describe('retention', () => {
  it('a version pruned from the snapshots loses its export files', async () => {
    const first = manifest.version;
    await publish(generatedLines('es', 400, 2), 'second.jsonl');
    await publish(generatedLines('es', 400, 3), 'third.jsonl');
    expect(keptVersion(dataDir, 'es', first)).toBeNull();
    expect(fs.readdirSync(exportsDir(dataDir, 'es')).filter((name) => name.startsWith(first))).toEqual([]);
    expect(pruneExports(dataDir, 'es')).toEqual([]);
  }, 120_000);
});
