// `npm run bench:api`: autocannon against the real API over a 1M-listing snapshot and a bare Express hello app, same run.
// Env: BENCH_API_LISTINGS (1000000), BENCH_API_SECONDS (10 per scenario), BENCH_API_CONNECTIONS (32),
// BENCH_API_REBUILD=1 (re-import even when bench/out holds a matching snapshot), BENCH_API_USAGE=off (the API without
// per-key usage counting, to measure what counting costs). Figures are printed, never asserted.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import express from 'express';
import { pino } from 'pino';
import { parseConfig } from '../platform/environment.ts';
import { createLogger } from '../api/http/request-logger.ts';
import { createKey } from '../api/keys/create-key.ts';
import { keysDatabasePath, openSqliteKeyStore } from '../api/keys/sqlite-key-store.ts';
import { startServer } from '../api/server.ts';
import { providerIdFor } from '../pipeline/generate/generate-listings.ts';
import { vocabularyFor } from '../pipeline/generate/generator-vocabulary.ts';
import { createRandom } from '../pipeline/generate/prng.ts';
import { importFiles } from '../pipeline/jobs/import-files.ts';
import { citySlug } from '../pipeline/normalise/city-slug.ts';
import { ensureBenchExport } from './support/bench-files.ts';

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const self = fileURLToPath(import.meta.url);
const log = (text: string) => process.stderr.write(`${text}\n`);
const SEED = 1;

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** Child mode: the real server, logging at info to /dev/null (the cost of logging is part of the figure). */
async function serveApi(dataDir: string): Promise<void> {
  const config = parseConfig({ LODGING_DATA_DIR: dataDir, PORT: '0', LODGING_RATE_LIMIT: '1000000000', NODE_ENV: 'production' });
  const server = await startServer(config, {
    host: '127.0.0.1',
    logger: createLogger('info', pino.destination('/dev/null')),
    countUsage: process.env.BENCH_API_USAGE !== 'off',
  });
  process.stdout.write(`READY ${server.url}\n`);
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

/** Child mode: the baseline, a bare Express app answering JSON. */
function serveHello(): void {
  const app = express();
  app.get('/', (_req, res) => void res.json({ hello: 'world' }));
  const server = app.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`READY http://127.0.0.1:${port}\n`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

async function startChild(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', self, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /READY (\S+)/.exec(buffer);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`child ${args[0]} exited with ${code}`)));
  });
  return { child, url };
}

async function stopChild(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** RssFile is mostly the snapshot's pages mapped by SQLite (page cache, reclaimable); RssAnon is the heap and code. */
function memoryOf(pid: number): { rssMb: number; peakRssMb: number; anonMb: number; fileMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024, anonMb: kb('RssAnon') / 1024, fileMb: kb('RssFile') / 1024 };
}

/** Runs autocannon over paths taken in turn; a short warm-up first, not counted. */
async function load(name: string, base: string, paths: string[], headers: Record<string, string>): Promise<Figures> {
  const seconds = Number(process.env.BENCH_API_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 32);
  let next = 0;
  const requests = [{ setupRequest: (req: { path?: string }) => ({ ...req, path: paths[next++ % paths.length] }) }];
  await autocannon({ url: base, connections, duration: 2, headers, requests });
  const result = await autocannon({ url: base, connections, duration: seconds, headers, requests });
  const figures = {
    name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  log(`  ${name}: ${Math.round(figures.requestsPerSecond)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`);
  return figures;
}

/** Imports the generated export once; later runs reuse bench/out's snapshot while the export is the same. */
async function ensureSnapshot(listings: number): Promise<{ dataDir: string; importSeconds: number | null }> {
  const file = await ensureBenchExport(outDir, 'es', listings, SEED, log);
  const dataDir = path.join(outDir, `api-data-es-${listings}-seed${SEED}`);
  const stampFile = path.join(dataDir, 'bench-stamp.json');
  const exportStamp = await fs.readFile(`${file}.stamp.json`, 'utf8');
  const stamp = await fs.readFile(stampFile, 'utf8').catch(() => null);
  if (stamp === exportStamp && process.env.BENCH_API_REBUILD !== '1') {
    log(`reusing the snapshot in ${dataDir}`);
    return { dataDir, importSeconds: null };
  }
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true });
  log(`importing ${listings} listings through importFiles (the real pipeline)…`);
  const started = Date.now();
  await importFiles({ country: 'es', files: [file], dataDir });
  const importSeconds = (Date.now() - started) / 1000;
  log(`  imported in ${importSeconds.toFixed(1)} s`);
  await fs.writeFile(stampFile, exportStamp);
  return { dataDir, importSeconds };
}

/** Random ids the generator made (some were rejected or closed: those answer 404 and are dropped by a probe). */
async function sampleIds(api: string, headers: Record<string, string>, listings: number): Promise<string[]> {
  const vocabulary = vocabularyFor('es');
  const random = createRandom(42);
  const ids: string[] = [];
  while (ids.length < 500) {
    const id = `es-${providerIdFor(vocabulary, SEED, random.int(listings))}`;
    const res = await fetch(`${api}/api/v1/places/${encodeURIComponent(id)}`, { headers });
    await res.arrayBuffer();
    if (res.status === 200) ids.push(id);
  }
  return ids;
}

/** The cursor of page `page` for a query, by walking it (limit 25). */
async function cursorOfPage(api: string, query: string, page: number, headers: Record<string, string>): Promise<string> {
  let cursor = '';
  for (let i = 1; i < page; i += 1) {
    const res = await fetch(`${api}/api/v1/places?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers });
    const body = (await res.json()) as { page: { nextCursor: string | null } };
    if (!body.page.nextCursor) throw new Error(`${query} has fewer than ${page} pages`);
    cursor = body.page.nextCursor;
  }
  return cursor;
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
const pct = (value: number) => `${(value * 100).toFixed(0)}%`;

async function main(): Promise<void> {
  const listings = Number(process.env.BENCH_API_LISTINGS ?? 1_000_000);
  const { dataDir, importSeconds } = await ensureSnapshot(listings);
  const store = openSqliteKeyStore(keysDatabasePath(dataDir));
  const { secret } = await createKey(store, { accountId: `bench-${Date.now()}`, name: 'api bench' });
  await store.close();
  const headers = { 'X-API-Key': secret };

  const hello = await startChild(['--child-hello']);
  const api = await startChild(['--child-api', dataDir]);
  try {
    const vocabulary = vocabularyFor('es');
    const cities = vocabulary.cities.slice(0, 8).map((c) => citySlug(c.city)!);
    const types = ['hotel', 'guesthouse', 'apartment', 'ruralHouse'];
    const searchPaths = cities.flatMap((city) => types.map((t) => `/api/v1/places?country=es&city=${city}&lodgingType=${t}`));
    const words = ['playa', 'sol', 'real', 'mar', 'boutique', 'camping', 'rural', 'centro'];
    const qPaths = words.map((w) => `/api/v1/places?country=es&q=${w}`);
    const ids = await sampleIds(api.url, headers, listings);
    const deepQuery = 'country=es&lodgingType=hotel';
    const page200 = await cursorOfPage(api.url, deepQuery, 200, headers);

    log(`running scenarios (${process.env.BENCH_API_SECONDS ?? 10} s each)…`);
    const baseline = await load('hello (bare Express)', hello.url, ['/'], {});
    const get = await load('get by id', api.url, ids.map((id) => `/api/v1/places/${encodeURIComponent(id)}`), headers);
    const search = await load('search country+city+lodgingType', api.url, searchPaths, headers);
    const q = await load('search with q', api.url, qPaths, headers);
    const first = await load('deep walk: page 1', api.url, [`/api/v1/places?${deepQuery}`], headers);
    const deep = await load('deep walk: page 200', api.url, [`/api/v1/places?${deepQuery}&cursor=${encodeURIComponent(page200)}`], headers);
    const memory = memoryOf(api.child.pid!);

    const rows = [
      [get, ratio(get.requestsPerSecond, baseline.requestsPerSecond), 0.8],
      [search, ratio(search.requestsPerSecond, baseline.requestsPerSecond), 0.6],
      [q, ratio(q.requestsPerSecond, baseline.requestsPerSecond), 0.5],
    ] as const;
    const lines = [
      `API benchmark: ${listings} listings imported through importFiles${importSeconds === null ? ' (snapshot reused)' : ` in ${importSeconds.toFixed(0)} s`}; usage counting ${process.env.BENCH_API_USAGE === 'off' ? 'OFF' : 'on'}`,
      `${'scenario'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  vs hello  target`,
      `${baseline.name.padEnd(34)} ${Math.round(baseline.requestsPerSecond).toString().padStart(8)} ${String(baseline.p50Ms).padStart(7)} ${String(baseline.p99Ms).padStart(7)}`,
      ...rows.map(
        ([f, r, target]) =>
          `${f.name.padEnd(34)} ${Math.round(f.requestsPerSecond).toString().padStart(8)} ${String(f.p50Ms).padStart(7)} ${String(f.p99Ms).padStart(7)}  ${pct(r).padStart(8)}  ≥ ${pct(target)} ${r >= target ? 'met' : 'MISSED'}`,
      ),
      ...[first, deep].map(
        (f) => `${f.name.padEnd(34)} ${Math.round(f.requestsPerSecond).toString().padStart(8)} ${String(f.p50Ms).padStart(7)} ${String(f.p99Ms).padStart(7)}`,
      ),
      `page 200 / page 1 latency (p50): ${ratio(deep.p50Ms, first.p50Ms).toFixed(2)}×, (p99): ${ratio(deep.p99Ms, first.p99Ms).toFixed(2)}×  target ≤ 1.2× ${ratio(deep.p50Ms, first.p50Ms) <= 1.2 ? 'met' : 'MISSED'}`,
      `API RSS: ${memory.rssMb.toFixed(0)} MB now (${memory.anonMb.toFixed(0)} MB anonymous + ${memory.fileMb.toFixed(0)} MB file-backed), ${memory.peakRssMb.toFixed(0)} MB peak  target ≤ 200 MB ${memory.peakRssMb <= 200 ? 'met' : 'MISSED'}`,
      `non-2xx: ${[get, search, q, first, deep].reduce((n, f) => n + f.non2xx, 0)}, errors: ${[baseline, get, search, q, first, deep].reduce((n, f) => n + f.errors, 0)}`,
    ];
    process.stdout.write(`\n${lines.join('\n')}\n`);
    const report = { at: new Date().toISOString(), listings, importSeconds, baseline, get, search, q, first, deep, memory };
    await fs.writeFile(path.join(outDir, 'api-bench-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    await fs.writeFile(path.join(outDir, 'api-bench-latest.txt'), `${lines.join('\n')}\n`);
  } finally {
    await stopChild(api.child);
    await stopChild(hello.child);
  }
}

if (process.argv[2] === '--child-api') await serveApi(process.argv[3]!);
else if (process.argv[2] === '--child-hello') serveHello();
else await main();
