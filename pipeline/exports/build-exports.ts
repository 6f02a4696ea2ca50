// Writes, finds and prunes a country's export files: both formats from a served snapshot file, the manifest last.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import type { CountryCode } from '../../model/place.ts';
import { readCatalog } from '../snapshot/snapshot-catalog.ts';
import { snapshotPath } from '../snapshot/snapshot-paths.ts';
import { readPointer } from '../snapshot/snapshot-pointer.ts';
import { exportFilePath, exportsDir, manifestPath, versionOfExportFile } from './export-paths.ts';
import {
  EXPORT_FIELDS,
  EXPORT_SCHEMA_VERSION,
  exportFileUrl,
  type ExportFile,
  type ExportFormat,
  type ExportManifest,
  type ExportSettings,
} from './export-manifest.ts';
import { GEOMETRY_COLUMN } from './geoparquet-metadata.ts';
import { ROW_GROUP_THREADS, RowGroupEncoders } from './row-group-encoders.ts';
import { exportPlan, openForExport, placeCount, placesByRowid, servedJsonLines, type ExportPlan } from './snapshot-export-rows.ts';
import { ROW_GROUP_SIZE, writeGeoParquet, type RowGroup } from './write-geoparquet.ts';
import { writeJsonlGz } from './write-jsonl-gz.ts';

/** A served version of a country: the current one or one its catalog keeps as published, with its file on disk. */
export interface KeptVersion {
  country: CountryCode;
  version: string;
  publishedAt: string;
}

/** The version as served (current, or kept published with its snapshot file present), or null: never served, or pruned. */
export function keptVersion(dataDir: string, country: CountryCode, version: string): KeptVersion | null {
  const pointer = readPointer(dataDir, country);
  const entry = pointer?.version === version ? pointer : readCatalog(dataDir, country)?.published.find((e) => e.version === version);
  if (!entry || !fs.existsSync(snapshotPath(dataDir, country, version))) return null;
  return { country, version, publishedAt: entry.publishedAt };
}

/** How the GeoParquet's row groups are built (tests set both; the defaults are the export's). */
export interface BuildOptions {
  /** Places per row group (default ROW_GROUP_SIZE). */
  rowGroupSize?: number;
  /**
   * Worker threads building row groups side by side; 0 builds them on this thread. Default: ROW_GROUP_THREADS when
   * the file has more than one row group, else 0 (a thread's start costs more than one group takes).
   */
  threads?: number;
}

/**
 * The places of the plan's order, a row group at a time (one empty table when there are none): built here, or by
 * the worker threads side by side, a few groups asked for ahead and each given in order as it is taken.
 */
async function* rowGroupsOf(db: Database.Database, plan: ExportPlan, publicUrl: string, size: number, encoders: RowGroupEncoders | null): AsyncGenerator<RowGroup> {
  if (plan.rowids.length === 0 || !encoders) {
    // Apache Arrow loads with the first table built on this thread: a process that builds none (a serving one) never loads it.
    const { placeArrowTable } = await import('./place-arrow-table.ts');
    if (plan.rowids.length === 0) yield placeArrowTable([]);
    for (let start = 0; start < plan.rowids.length; start += size) yield placeArrowTable(placesByRowid(db, plan.rowids.subarray(start, start + size), publicUrl));
    return;
  }
  const asked: Promise<Uint8Array>[] = [];
  let next = 0;
  const ask = () => {
    for (; asked.length < encoders.ahead && next < plan.rowids.length; next += size) asked.push(encoders.encode(plan.rowids.subarray(next, next + size)));
  };
  ask();
  while (asked.length > 0) {
    const group = await asked.shift()!;
    ask();
    yield group;
  }
}

/** Writes to a private name, then renames into place: a reader sees no file or the whole file. */
async function writeAtomically<T>(target: string, write: (temporary: string) => Promise<T> | T): Promise<T> {
  const temporary = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const result = await write(temporary);
    fs.renameSync(temporary, target);
    return result;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** Writes both files and the manifest of a kept version (replacing any); returns the manifest. */
export async function buildExports(dataDir: string, kept: KeptVersion, settings: ExportSettings, options: BuildOptions = {}): Promise<ExportManifest> {
  const { country, version } = kept;
  fs.mkdirSync(exportsDir(dataDir, country), { recursive: true });
  const files: ExportFile[] = [];
  const record = (format: ExportFormat, written: { bytes: number; sha256: string }) =>
    files.push({ format, url: exportFileUrl(settings.publicUrl, country, version, format), ...written });
  // The JSON Lines read in id order on this thread (compressed on the thread pool); the GeoParquet's row groups in
  // Hilbert order built meanwhile (by worker threads, each with its own connection, when there are several groups)
  // and written here as they come.
  const file = snapshotPath(dataDir, country, version);
  const linesDb = openForExport(file);
  const groupsDb = openForExport(file);
  let encoders: RowGroupEncoders | null = null;
  let count: number;
  let jsonl: Promise<{ bytes: number; sha256: string }> | undefined;
  try {
    jsonl = writeAtomically(exportFilePath(dataDir, country, version, 'jsonl.gz'), (target) => writeJsonlGz(target, servedJsonLines(linesDb, settings.publicUrl)));
    jsonl.catch(() => undefined); // awaited below; a failure of the GeoParquet first must not leave it unhandled
    // The workers start first: they load their modules while the row order is worked out.
    const size = options.rowGroupSize ?? ROW_GROUP_SIZE;
    const groupCount = Math.ceil(placeCount(groupsDb) / size);
    const threads = Math.min(groupCount, options.threads ?? (groupCount > 1 ? ROW_GROUP_THREADS : 0));
    if (threads > 0) encoders = new RowGroupEncoders({ file, publicUrl: settings.publicUrl }, threads);
    const plan = exportPlan(groupsDb);
    count = plan.rowids.length;
    const groups = rowGroupsOf(groupsDb, plan, settings.publicUrl, size, encoders);
    record('parquet', await writeAtomically(exportFilePath(dataDir, country, version, 'parquet'), (target) => writeGeoParquet(target, groups, plan.bbox, size)));
    record('jsonl.gz', await jsonl);
  } finally {
    await jsonl?.catch(() => undefined); // its rows are read until it ends: the connection closes after
    await encoders?.close();
    linesDb.close();
    groupsDb.close();
  }
  const manifest: ExportManifest = {
    country,
    version,
    publishedAt: kept.publishedAt,
    count,
    fields: [...EXPORT_FIELDS],
    schemaVersion: EXPORT_SCHEMA_VERSION,
    files,
    licence: settings.licence,
    attribution: settings.attribution,
    geometry: { column: GEOMETRY_COLUMN, encoding: 'WKB', crs: 'OGC:CRS84', rowOrder: 'hilbert' },
  };
  await writeAtomically(manifestPath(dataDir, country, version), (file) => fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`));
  return manifest;
}

/** The manifest written for a version, or null (none yet, or unreadable). */
export function readManifest(dataDir: string, country: CountryCode, version: string): ExportManifest | null {
  try {
    return JSON.parse(fs.readFileSync(manifestPath(dataDir, country, version), 'utf8')) as ExportManifest;
  } catch {
    return null;
  }
}

const building = new Map<string, Promise<ExportManifest>>();

/** The version's manifest, building its files first when it has none (one build at a time per version in a process). */
export function ensureExports(dataDir: string, kept: KeptVersion, settings: ExportSettings): Promise<ExportManifest> {
  const existing = readManifest(dataDir, kept.country, kept.version);
  if (existing) return Promise.resolve(existing);
  const key = `${dataDir}\n${kept.country}\n${kept.version}`;
  let pending = building.get(key);
  if (!pending) {
    pending = buildExports(dataDir, kept, settings).finally(() => building.delete(key));
    building.set(key, pending);
  }
  return pending;
}

/** Removes the export files of versions no longer kept (their snapshot file is gone); returns the names removed. */
export function pruneExports(dataDir: string, country: CountryCode): string[] {
  const dir = exportsDir(dataDir, country);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const version = versionOfExportFile(name);
    if (version === null || fs.existsSync(snapshotPath(dataDir, country, version))) continue;
    fs.rmSync(`${dir}/${name}`, { force: true });
    removed.push(name);
  }
  return removed;
}
