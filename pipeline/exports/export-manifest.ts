// The manifest of one version's export files: what a consumer reads before downloading, and what the API answers.
import type { CountryCode } from '../../model/place.ts';
import { PLACE_FIELDS } from '../../model/place.ts';

export const EXPORT_FORMATS = ['parquet', 'jsonl.gz'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Raised when a column or the line shape of the files changes; consumers compare it before reading. */
export const EXPORT_SCHEMA_VERSION = 1;

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  parquet: 'application/vnd.apache.parquet',
  'jsonl.gz': 'application/gzip',
};

/** What a publisher writes into every manifest, from its configuration. */
export interface ExportSettings {
  /** Base of each place's profileUrl in the files (the publisher's LODGING_PUBLIC_URL). */
  publicUrl: string;
  /** The data's licence (LODGING_EXPORTS_LICENSE), null when not configured. */
  licence: string | null;
  /** The attribution a consumer shows (LODGING_EXPORTS_ATTRIBUTION), null when not configured. */
  attribution: string | null;
}

export interface ExportFile {
  format: ExportFormat;
  /** Where the API serves the file, under the publisher's public URL; the API answers it under its own. */
  url: string;
  bytes: number;
  sha256: string;
}

/** How writing a published version's export files went: how long it took, and the files or why there are none. */
export interface ExportsWritten {
  seconds: number;
  files: { format: ExportFormat; bytes: number }[];
  /** Why the files were not written (null when they were); the API builds them on their first request. */
  error: string | null;
}

export interface ExportManifest {
  country: CountryCode;
  version: string;
  publishedAt: string;
  count: number;
  fields: string[];
  schemaVersion: number;
  files: ExportFile[];
  licence: string | null;
  attribution: string | null;
  /** The GeoParquet file's geometry column and its order. */
  geometry: { column: string; encoding: 'WKB'; crs: 'OGC:CRS84'; rowOrder: 'hilbert' };
}

/** The API path of one export file, relative to the public base URL. */
export function exportFileUrl(publicUrl: string, country: CountryCode, version: string, format: ExportFormat): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/v1/exports/${country}/${version}.${format}`;
}

/** The manifest with every file url under another base (the API's own public URL). */
export function manifestUnder(manifest: ExportManifest, publicUrl: string): ExportManifest {
  return { ...manifest, files: manifest.files.map((file) => ({ ...file, url: exportFileUrl(publicUrl, manifest.country, manifest.version, file.format) })) };
}

export const EXPORT_FIELDS: readonly string[] = PLACE_FIELDS;
