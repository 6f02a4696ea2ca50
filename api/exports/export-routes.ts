// /api/v1/exports: the countries' current export versions, a served version's manifest, and its files to download.
import fs from 'node:fs';
import { Router, type RequestHandler } from 'express';
import { COUNTRY_CODES, isCountryCode, type CountryCode } from '../../model/place.ts';
import {
  EXPORT_FORMATS,
  EXPORT_MEDIA_TYPES,
  ensureExports,
  exportFilePath,
  keptVersion,
  manifestUnder,
  refusedExports,
  type ExportFormat,
  type ExportSettings,
  type KeptVersion,
} from '../../pipeline/index.ts';
import { ApiError, invalidParameter, methodNotAllowed } from '../errors.ts';
import { authenticatedKey } from '../http/api-key-auth.ts';
import { inSequence } from '../http/api-routes.ts';
import { rejectAnyQuery } from '../http/search-request.ts';
import type { QueryService } from '../query/query-service.ts';
import type { DownloadAllowance } from './download-allowance.ts';
import { sendExportFile } from './send-export-file.ts';

export interface ExportRoutesOptions {
  query: QueryService;
  dataDir: string;
  /** The API's own public URL (file urls in answers) and what a build on first request writes into the files. */
  publicUrl: string;
  settings: ExportSettings;
  allowance: DownloadAllowance;
  guards: RequestHandler[];
}

const FILE_NAME = /^(\d{8}T\d{9}Z-[0-9a-f]{6})\.(parquet|jsonl\.gz)$/;

function countryParam(value: string | undefined): CountryCode {
  const country = value?.toLowerCase();
  if (!isCountryCode(country)) throw invalidParameter('country', `must be one of ${COUNTRY_CODES.join(', ')}`);
  return country;
}

/**
 * The version's files as this server holds them, built on first request when it has none; never when the files the
 * shared store sent for it failed their check (the reason is in the log): then none are served for the version.
 */
async function exportsOf(dataDir: string, kept: KeptVersion, settings: ExportSettings) {
  if (refusedExports(dataDir, kept.country, kept.version) !== null) {
    throw new ApiError('not-found', `The export files of ${kept.country} version ${kept.version} did not match the digests of its published record on this server, so none are served for it; the next published version brings its own.`);
  }
  return ensureExports(dataDir, kept, settings);
}

const gone = (country: CountryCode, version: string): ApiError =>
  new ApiError('version-gone', `Version ${version} of ${country} is not kept (never published or pruned): GET /api/v1/exports/${country} names the current one.`);

export function createExportRoutes(options: ExportRoutesOptions): Router {
  const { query, dataDir, publicUrl, settings, allowance } = options;
  const base = publicUrl.replace(/\/+$/, '');
  const router = Router({ strict: true });
  router.use(inSequence(options.guards));

  router.get('/', (req, res) => {
    rejectAnyQuery(req.originalUrl);
    const current = query.snapshots();
    const exports = COUNTRY_CODES.flatMap((country) => {
      const info = current[country];
      if (!info) return [];
      return [{ country, version: info.version, publishedAt: info.publishedAt, count: info.publishedCount, manifestUrl: `${base}/api/v1/exports/${country}` }];
    });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ exports, formats: EXPORT_FORMATS });
  });

  router.get('/:country', async (req, res) => {
    rejectAnyQuery(req.originalUrl);
    const country = countryParam(req.params.country);
    const version = query.snapshots()[country]?.version;
    if (version === undefined) throw new ApiError('not-found', `${country} has no published snapshot yet.`);
    const kept = keptVersion(dataDir, country, version);
    if (kept === null) throw gone(country, version);
    const manifest = manifestUnder(await exportsOf(dataDir, kept, settings), base);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Snapshot-Version', version);
    res.json(manifest);
  });

  router.get('/:country/:file', async (req, res) => {
    rejectAnyQuery(req.originalUrl);
    const country = countryParam(req.params.country);
    const match = FILE_NAME.exec(req.params.file);
    if (!match) throw invalidParameter('file', `must be {version}.parquet or {version}.jsonl.gz, e.g. 20261122T101500123Z-ab12cd.parquet`);
    const version = match[1]!;
    const format = match[2] as ExportFormat;
    const kept = keptVersion(dataDir, country, version);
    if (kept === null) throw gone(country, version);
    const manifest = await exportsOf(dataDir, kept, settings);
    const entry = manifest.files.find((f) => f.format === format);
    const path = exportFilePath(dataDir, country, version, format);
    // A file pruned while this request waited, or not the size its manifest says, is not served.
    if (!entry || fs.statSync(path, { throwIfNoEntry: false })?.size !== entry.bytes) throw gone(country, version);
    res.setHeader('X-Snapshot-Version', version);
    await sendExportFile(req, res, { path, bytes: entry.bytes, sha256: entry.sha256, mediaType: EXPORT_MEDIA_TYPES[format], fileName: `${country}-${version}.${format}` }, authenticatedKey(res).id, allowance);
  });

  router.all(['/', '/:country', '/:country/:file'], (_req, _res, next) => next(methodNotAllowed(['GET', 'HEAD'])));
  router.use((_req, _res, next) => next(new ApiError('not-found', 'No such endpoint. See /openapi.json.')));
  return router;
}
