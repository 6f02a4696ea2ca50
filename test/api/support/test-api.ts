// Starts the real server on an ephemeral port over snapshots the real pipeline (importFiles) built from test-owned exports.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { parseConfig } from '../../../platform/environment.ts';
import { createKey } from '../../../api/keys/create-key.ts';
import { startServer } from '../../../api/server.ts';
import type { RunningServer, StartOptions } from '../../../api/server.ts';
import { importFiles } from '../../../pipeline/jobs/import-files.ts';
import type { CountryCode } from '../../../model/place.ts';
import { BULK_LISTINGS, ES_LISTINGS, GB_LISTINGS, SUPPRESSION_LIST, toJsonl } from './provider-listings.ts';
import type { ProviderListing } from './provider-listings.ts';

export type Exports = Partial<Record<CountryCode, ProviderListing[]>>;

export const DEFAULT_EXPORTS: Exports = { es: [...ES_LISTINGS, ...BULK_LISTINGS], gb: GB_LISTINGS };

export interface TestApiOptions {
  /** Exports to publish before the server starts (default DEFAULT_EXPORTS); {} starts with no snapshot. */
  exports?: Exports;
  env?: NodeJS.ProcessEnv;
  start?: StartOptions;
  logger?: Logger;
}

export interface TestApi {
  url: string;
  publicUrl: string;
  dataDir: string;
  server: RunningServer;
  /** A valid key created for this run. */
  secret: string;
  keyId: string;
  get(pathAndQuery: string, options?: { secret?: string | null; headers?: Record<string, string> }): Promise<Response>;
  newKey(accountId?: string, name?: string): Promise<{ id: string; secret: string }>;
  /** Publishes a new snapshot of one country through the real pipeline. */
  publish(country: CountryCode, listings: ProviderListing[]): Promise<void>;
  close(): Promise<void>;
}

let exportCounter = 0;

export async function publishExport(dataDir: string, country: CountryCode, listings: ProviderListing[]): Promise<void> {
  const dir = path.join(dataDir, 'exports');
  await mkdir(dir, { recursive: true });
  exportCounter += 1;
  const file = path.join(dir, `${country}-${process.pid}-${exportCounter}.jsonl`);
  await writeFile(file, toJsonl(listings));
  await importFiles({ country, files: [file], dataDir }, { threads: 0 });
}

export async function makeDataDir(exports: Exports = DEFAULT_EXPORTS): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lodging-api-test-'));
  await writeFile(path.join(dataDir, 'suppression-list.txt'), SUPPRESSION_LIST);
  for (const [country, listings] of Object.entries(exports)) await publishExport(dataDir, country as CountryCode, listings);
  return dataDir;
}

export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}

export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const dataDir = await makeDataDir(options.exports);
  const config = parseConfig({ LOG_LEVEL: 'silent', ...options.env, LODGING_DATA_DIR: dataDir, PORT: '0' });
  const server = await startServer(config, {
    refreshIntervalMs: 0,
    authFailureLimit: { limit: 1000, windowS: 60 },
    // Suites fetch many pages from one address; profile-limits.test.ts sets its own windows.
    profileLimits: { pages: { limit: 100_000, windowS: 60 }, misses: { limit: 100_000, windowS: 60 } },
    ...(options.logger ? { logger: options.logger } : {}),
    ...options.start,
  });
  const newKey = async (accountId = 'test-account', name = 'test key') => {
    const created = await createKey(server.keyStore, { accountId, name });
    return { id: created.key.id, secret: created.secret };
  };
  const first = await newKey();
  return {
    url: server.url,
    publicUrl: server.publicUrl,
    dataDir,
    server,
    secret: first.secret,
    keyId: first.id,
    get: (pathAndQuery, requestOptions = {}) => {
      const secret = requestOptions.secret === undefined ? first.secret : requestOptions.secret;
      const headers: Record<string, string> = { ...(secret === null ? {} : { 'X-API-Key': secret }), ...requestOptions.headers };
      return fetch(`${server.url}${pathAndQuery}`, { headers, redirect: 'manual' });
    },
    newKey,
    publish: (country, listings) => publishExport(dataDir, country, listings),
    close: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
