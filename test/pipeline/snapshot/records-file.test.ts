// A version's records live in their own file beside the snapshot; readers find them there, in a file built before (records inside), or nowhere.
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../pipeline/jobs/import-files.ts';
import { readRejectedLines } from '../../../pipeline/snapshot/candidate-rejections.ts';
import { readFieldFill } from '../../../pipeline/snapshot/field-fill.ts';
import { diffSnapshots } from '../../../pipeline/snapshot/snapshot-diff.ts';
import { checkSnapshotFile } from '../../../pipeline/snapshot/snapshot-file-check.ts';
import { openSnapshotRecords, RECORD_TABLES } from '../../../pipeline/snapshot/records-file.ts';
import { recordsPath, snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { PLACE_JSON_SCHEMA_VERSION, RECORDS_INSIDE_SCHEMA_VERSION, SCHEMA_VERSION, schemaSection } from '../../../pipeline/snapshot/statements.ts';
import { registerPlaceTextFunctions } from '../../../pipeline/snapshot/place-text-sql.ts';
import { measureKeptFieldFill } from '../../../pipeline/snapshot/kept-field-fill.ts';
import { openSnapshotConnection } from '../../../pipeline/snapshot/snapshot-connection.ts';
import type { SnapshotInfo } from '../../../pipeline/snapshot/reader-types.ts';
import { sightingsFromSnapshot } from '../../../pipeline/labels/unknown-label-store.ts';
import { isKnownPlaceId } from '../../../pipeline/suppression/known-place-id.ts';
import { checkRemoval } from '../../../pipeline/publish/removal-check.ts';
import { addGeoRtree } from './support/geo-rtree.ts';
import { useOneColumnTrigrams } from './support/one-column-trigrams.ts';

let dataDir: string;
let current: SnapshotInfo;
let candidate: SnapshotInfo;
let currentFile: string;
let candidateFile: string;

const tables = (file: string): string[] => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  } finally {
    db.close();
  }
};

/** What every reader of records says about the two versions. */
function readings() {
  const against = { file: currentFile, version: current.version, publishedCount: current.publishedCount };
  return {
    rejected: readRejectedLines(currentFile),
    fill: readFieldFill(currentFile),
    sightings: sightingsFromSnapshot(currentFile),
    diff: diffSnapshots(candidateFile, against),
    back: diffSnapshots(currentFile, { ...against, file: candidateFile, version: candidate.version }),
    removal: checkRemoval(dataDir, 'es', candidate),
  };
}

/** Rewrites a snapshot's rows as the schema version before stored texts wrote them: each place's JSON whole, the R*Tree beside the grid. */
function storePlacesAsJson(file: string): void {
  const db = new Database(file);
  try {
    registerPlaceTextFunctions(db);
    db.exec('UPDATE places SET place_json = served_json(place_json)');
    addGeoRtree(db);
    useOneColumnTrigrams(db);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(PLACE_JSON_SCHEMA_VERSION);
  } finally {
    db.close();
  }
}

/** Each place of the file as a connection serves it, by id. */
function servedPlaces(file: string, info: SnapshotInfo): string[] {
  const connection = openSnapshotConnection(file, info);
  try {
    return (new Database(file, { readonly: true }).prepare('SELECT id FROM places ORDER BY id').pluck().all() as string[]).map((id) => connection.getPlaceJson(id)!);
  } finally {
    connection.close();
  }
}

/** Rewrites a snapshot as the schema version before records had their own file built it: the records inside, no records file, the R*Tree. */
function moveRecordsInside(file: string): void {
  const db = new Database(file);
  try {
    db.exec(schemaSection('records'));
    db.prepare('ATTACH DATABASE ? AS rec').run(recordsPath(file));
    for (const table of RECORD_TABLES) db.exec(`INSERT INTO main.${table} SELECT * FROM rec.${table}`);
    db.exec('DETACH DATABASE rec');
    addGeoRtree(db);
    useOneColumnTrigrams(db);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(RECORDS_INSIDE_SCHEMA_VERSION);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lodging-records-file-'));
  const lines = (await readFile('fixtures/es/listings.jsonl', 'utf8')).trimEnd().split('\n');
  const first = path.join(dataDir, 'first.jsonl');
  const second = path.join(dataDir, 'second.jsonl');
  await writeFile(first, lines.join('\n') + '\n');
  // The candidate loses ten lines, rejects one more listing and the closed one (no name): every kind of diff has rows.
  const nameless = (line: string): string => JSON.stringify({ ...(JSON.parse(line) as object), name: '' });
  const changed = lines.slice(10).map((line, i) => (i === 3 || line.includes('"es-19-closed-permanently"') ? nameless(line) : line));
  await writeFile(second, changed.join('\n') + '\n');
  current = (await importFiles({ country: 'es', files: [first], dataDir }, { threads: 0 })).report.snapshot!;
  candidate = (await importFiles({ country: 'es', files: [second], dataDir, candidateOnly: true }, { threads: 0 })).candidate!;
  currentFile = snapshotPath(dataDir, 'es', current.version);
  candidateFile = snapshotPath(dataDir, 'es', candidate.version);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('a snapshot and its records file', () => {
  it('serves from a file without the records, which are beside it', async () => {
    for (const table of RECORD_TABLES) expect(tables(currentFile)).not.toContain(table);
    expect(tables(recordsPath(currentFile))).toEqual([...RECORD_TABLES].sort());
    const { db, records } = openSnapshotRecords(currentFile);
    try {
      expect(records).toBe('file');
      expect(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(SCHEMA_VERSION);
      expect(db.prepare('SELECT count(*) FROM listings').pluck().get()).toBeGreaterThan(current.publishedCount);
    } finally {
      db.close();
    }
    await expect(checkSnapshotFile(currentFile, 'es', current.version)).resolves.toEqual({ places: 67, checkedRows: 67 });
  });

  it('reads a file built with its records inside as it reads the records file', async () => {
    const before = readings();
    const { db } = openSnapshotRecords(currentFile);
    const unservedId = db.prepare("SELECT id FROM listings WHERE status <> 'published' ORDER BY id LIMIT 1").pluck().get() as string;
    db.close();
    expect(isKnownPlaceId(dataDir, unservedId)).toBe(true);
    expect(before.rejected.total).toBeGreaterThan(0);
    expect(before.diff.removed.count).toBeGreaterThan(0);
    expect(before.diff.statusChanged.count).toBeGreaterThan(0);
    const saved = path.join(dataDir, 'records-copy.sqlite');
    const servedCopy = path.join(dataDir, 'served-copy.sqlite');
    await copyFile(recordsPath(currentFile), saved);
    await copyFile(currentFile, servedCopy);
    moveRecordsInside(currentFile);
    await rm(recordsPath(currentFile));
    try {
      expect(openSnapshotRecords(currentFile).records).toBe('snapshot');
      expect(readings()).toEqual(before);
      await expect(checkSnapshotFile(currentFile, 'es', current.version)).resolves.toEqual({ places: 67, checkedRows: 67 });
      expect(isKnownPlaceId(dataDir, unservedId)).toBe(true);
    } finally {
      await copyFile(saved, recordsPath(currentFile));
      await copyFile(servedCopy, currentFile);
    }
  });

  it('reads a file whose rows are each place’s JSON whole (built before stored texts) as it reads one of stored texts', async () => {
    const before = readings();
    const sealedFills = () => ({ candidate: readFieldFill(candidateFile), current: readFieldFill(currentFile) });
    const keptBefore = measureKeptFieldFill(candidateFile, currentFile, sealedFills());
    const servedBefore = servedPlaces(currentFile, current);
    expect(servedBefore[0]).toMatch(/^\{"id":/);
    const servedCopy = path.join(dataDir, 'served-copy.sqlite');
    await copyFile(currentFile, servedCopy);
    storePlacesAsJson(currentFile);
    try {
      // The two versions keep many places unchanged: compared as stored, JSON against stored text, every one would differ.
      expect(before.diff.changed.count).toBeLessThan(current.publishedCount - before.diff.removed.count);
      expect(readings()).toEqual(before);
      expect(measureKeptFieldFill(candidateFile, currentFile, sealedFills())).toEqual(keptBefore);
      expect(measureKeptFieldFill(candidateFile, currentFile)).toEqual(keptBefore);
      expect(servedPlaces(currentFile, current)).toEqual(servedBefore);
      await expect(checkSnapshotFile(currentFile, 'es', current.version)).resolves.toEqual({ places: 67, checkedRows: 67 });
    } finally {
      await copyFile(servedCopy, currentFile);
    }
  });

  it('without the current records on this machine, still counts the places added, removed and changed', async () => {
    const before = readings();
    const saved = path.join(dataDir, 'records-away.sqlite');
    await copyFile(recordsPath(currentFile), saved);
    await rm(recordsPath(currentFile));
    try {
      expect(existsSync(recordsPath(currentFile))).toBe(false);
      const diff = diffSnapshots(candidateFile, { file: currentFile, version: current.version, publishedCount: current.publishedCount });
      expect(diff.withoutCurrentRecords).toBe(true);
      for (const kind of ['added', 'removed', 'changed'] as const) expect(diff[kind].count).toBe(before.diff[kind].count);
      expect(diff.statusChanged.count).toBe(0);
      expect(readRejectedLines(currentFile)).toEqual({ lines: [], total: 0 });
      expect(checkRemoval(dataDir, 'es', candidate)).toEqual(before.removal);
    } finally {
      await copyFile(saved, recordsPath(currentFile));
    }
  });

  it('lists the rejected lines from the records file’s index of them, and the same by a scan from a file without it', async () => {
    const before = readRejectedLines(currentFile);
    expect(before.total).toBeGreaterThan(0);
    const db = new Database(recordsPath(currentFile), { readonly: true });
    try {
      const plan = db.prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM listings WHERE status = 'rejected'").all() as { detail: string }[];
      expect(plan.map((row) => row.detail).join(' ')).toMatch(/listings_rejected/);
    } finally {
      db.close();
    }
    const saved = path.join(dataDir, 'records-with-index.sqlite');
    await copyFile(recordsPath(currentFile), saved);
    try {
      const old = new Database(recordsPath(currentFile));
      old.exec('DROP INDEX listings_rejected');
      old.close();
      expect(readRejectedLines(currentFile)).toEqual(before);
    } finally {
      await copyFile(saved, recordsPath(currentFile));
    }
  });
});
