// Where a country's export files and manifests live: {dataDir}/exports/{country}/{version}.{parquet|jsonl.gz|manifest.json}.
import path from 'node:path';
import type { CountryCode } from '../../model/place.ts';
import type { ExportFormat } from './export-manifest.ts';

export function exportsDir(dataDir: string, country: CountryCode): string {
  return path.join(dataDir, 'exports', country);
}

export function exportFilePath(dataDir: string, country: CountryCode, version: string, format: ExportFormat): string {
  return path.join(exportsDir(dataDir, country), `${version}.${format}`);
}

export function manifestPath(dataDir: string, country: CountryCode, version: string): string {
  return path.join(exportsDir(dataDir, country), `${version}.manifest.json`);
}

/** The version a file of the exports directory belongs to (its name up to the first dot), or null. */
export function versionOfExportFile(name: string): string | null {
  return /^(\d{8}T\d{9}Z-[0-9a-f]{6})\./.exec(name)?.[1] ?? null;
}
