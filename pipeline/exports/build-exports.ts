// Writes, finds and prunes a country's export files: both formats from a served snapshot file, the manifest last.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { CountryCode, Place } from '../../model/place.ts';
import { withProfileUrl } from '../../model/served-place.ts';
import { openSnapshotFile } from '../snapshot/open-snapshot-file.ts';
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
import { writeGeoParquet } from './write-geoparquet.ts';
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

/** The served places of a snapshot file, in id order, as the API's JSON (profileUrl under `publicUrl`). */
function servedJsons(dataDir: string, country: CountryCode, version: string, publicUrl: string): string[] {
  const db = openSnapshotFile(snapshotPath(dataDir, country, version));
  try {
    const rows = db.prepare('SELECT id, place_json FROM places ORDER BY rowid').raw(true).all() as [string, string][];
    return rows.map(([id, json]) => withProfileUrl(json, id, publicUrl));
  } finally {
    db.close();
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
export async function buildExports(dataDir: string, kept: KeptVersion, settings: ExportSettings): Promise<ExportManifest> {
  const { country, version } = kept;
  fs.mkdirSync(exportsDir(dataDir, country), { recursive: true });
  const jsons = servedJsons(dataDir, country, version, settings.publicUrl);
  const files: ExportFile[] = [];
  const record = (format: ExportFormat, written: { bytes: number; sha256: string }) =>
    files.push({ format, url: exportFileUrl(settings.publicUrl, country, version, format), ...written });
  // The JSON Lines compress on the thread pool while this thread builds the GeoParquet.
  const jsonl = writeAtomically(exportFilePath(dataDir, country, version, 'jsonl.gz'), (file) => writeJsonlGz(file, jsons));
  jsonl.catch(() => undefined); // awaited below; a failure of the GeoParquet first must not leave it unhandled
  const places = jsons.map((json) => JSON.parse(json) as Place);
  record('parquet', await writeAtomically(exportFilePath(dataDir, country, version, 'parquet'), (file) => writeGeoParquet(file, places)));
  record('jsonl.gz', await jsonl);
  const manifest: ExportManifest = {
    country,
    version,
    publishedAt: kept.publishedAt,
    count: jsons.length,
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
