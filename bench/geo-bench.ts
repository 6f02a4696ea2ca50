// `npm run bench:geo`: near and bbox searches beside a city search over 200k generated places (limit 25), through the
// request parser and the query service REST uses (CPU µs per request), scenarios interleaved over rounds; ratios are
// medians of same-round pairs.
// Env: BENCH_GEO_LISTINGS (200000), BENCH_GEO_ROUNDS (15), BENCH_GEO_REQUESTS (400 per scenario and round),
// BENCH_GEO_PLACES_IN_RADIUS (2000). Figures are printed, never asserted.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { parseSearchRequest } from '../api/http/search-request.ts';
import { createCursorCodec } from '../api/query/cursor-codec.ts';
import { createQueryService } from '../api/query/query-service.ts';
import { importFiles } from '../pipeline/jobs/import-files.ts';
import { distanceMeters } from '../pipeline/snapshot/geo-cover.ts';
import { NO_POINT } from '../pipeline/snapshot/geo-grid.ts';
import { snapshotPath } from '../pipeline/snapshot/snapshot-paths.ts';
import { SCHEMA_VERSION } from '../pipeline/snapshot/statements.ts';
import { openSnapshotReader } from '../pipeline/snapshot/snapshot-reader.ts';
import { loadGeoGrid } from '../pipeline/snapshot/stored-geo-grid.ts';
import { ensureBenchExport } from './support/bench-files.ts';

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const log = (text: string) => process.stderr.write(`${text}\n`);
const SEED = 1;
const LISTINGS = Number(process.env.BENCH_GEO_LISTINGS ?? 200_000);
// 15 rounds: with 7, the median ratio of a run moved by ±0.05 between runs minutes apart; with 15, by ±0.02.
const ROUNDS = Number(process.env.BENCH_GEO_ROUNDS ?? 15);
const REQUESTS = Number(process.env.BENCH_GEO_REQUESTS ?? 400);
const IN_RADIUS = Number(process.env.BENCH_GEO_PLACES_IN_RADIUS ?? 2000);
const DEEP_PAGE = 50;

async function ensureData(): Promise<string> {
  const file = await ensureBenchExport(outDir, 'es', LISTINGS, SEED, log);
  const dataDir = path.join(outDir, `geo-data-es-${LISTINGS}-seed${SEED}`);
  const stampFile = path.join(dataDir, 'bench-stamp.json');
  // A snapshot of another schema is rebuilt: the stamp names the export and the schema version.
  const exportStamp = `${await fs.readFile(`${file}.stamp.json`, 'utf8')}schema ${SCHEMA_VERSION}\n`;
  if ((await fs.readFile(stampFile, 'utf8').catch(() => null)) === exportStamp) {
    log(`reusing the snapshot in ${dataDir}`);
    return dataDir;
  }
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true });
  log(`importing ${LISTINGS} listings…`);
  await importFiles({ country: 'es', files: [file], dataDir }, { threads: 0 });
  await fs.writeFile(stampFile, exportStamp);
  return dataDir;
}

/** The busiest city, its places' centre, the radius holding IN_RADIUS places there and a box of about as many. */
function chooseArea(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const city = db.prepare('SELECT city_slug FROM places WHERE city_slug IS NOT NULL GROUP BY city_slug ORDER BY count(*) DESC LIMIT 1').pluck().get() as string;
    // The grid holds degrees × 1e7, by rowid (NO_POINT where a place has none).
    const { lats, lngs } = loadGeoGrid(db).pointsByRowid();
    const located = (rowid: number) => rowid < lats.length && lats[rowid] !== NO_POINT;
    const inCity = (db.prepare('SELECT rowid FROM places WHERE city_slug = ?').pluck().all(city) as number[]).filter(located);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const [lat, lng] = [mean(inCity.map((rowid) => lats[rowid]!)) / 1e7, mean(inCity.map((rowid) => lngs[rowid]!)) / 1e7];
    const center = { latitude: Number(lat.toFixed(5)), longitude: Number(lng.toFixed(5)) };
    const points: [number, number][] = [];
    for (let rowid = 0; rowid < lats.length; rowid += 1) if (located(rowid)) points.push([lats[rowid]! / 1e7, lngs[rowid]! / 1e7]);
    const distances = points.map(([latitude, longitude]) => distanceMeters(center, { latitude, longitude })).sort((a, b) => a - b);
    const radius = Math.ceil(distances[IN_RADIUS - 1]!);
    // A square of the circle's area holds about as many places.
    const half = (Math.sqrt(Math.PI) * radius) / 2;
    const dLat = half / 111_195;
    const dLng = dLat / Math.cos((center.latitude * Math.PI) / 180);
    const bbox = [center.longitude - dLng, center.latitude - dLat, center.longitude + dLng, center.latitude + dLat].map((v) => v.toFixed(5)).join(',');
    return { city, center, radius, bbox };
  } finally {
    db.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dataDir = await ensureData();
  const reader = openSnapshotReader(dataDir);
  const info = reader.current().es!;
  const area = chooseArea(snapshotPath(dataDir, 'es', info.version));
  const cursors = createCursorCodec(randomBytes(32));
  const query = createQueryService({ reader, cursors, publicUrl: 'https://bench.test', refreshIntervalMs: 60_000 });
  const serve = (url: string) => query.searchJson(parseSearchRequest(url));

  const near = `/api/v1/places?country=es&near=${area.center.latitude},${area.center.longitude}&radius=${area.radius}&limit=25`;
  // The first near search of a snapshot loads its grid: a one-off cost, reported apart.
  const firstStarted = performance.now();
  serve(near);
  const firstNearMs = performance.now() - firstStarted;
  let cursor = '';
  for (let page = 1; page < DEEP_PAGE; page += 1) {
    const body = JSON.parse(serve(`${near}${cursor}`)) as { page: { nextCursor: string | null } };
    if (!body.page.nextCursor) throw new Error(`the near search has fewer than ${DEEP_PAGE} pages`);
    cursor = `&cursor=${encodeURIComponent(body.page.nextCursor)}`;
  }
  // The same two near pages at the reader (the snapshot's search alone: no URL, cursor or serializing).
  const nearQuery = { latitude: area.center.latitude, longitude: area.center.longitude, radius: area.radius };
  const deepParams = parseSearchRequest(`${near}${cursor}`);
  const deep = cursors.decodeNear(deepParams.cursor!, deepParams);
  const readerScenarios: Record<string, () => unknown> = {
    readerNearPage1: () => reader.searchRows({ country: 'es', limit: 25, near: nearQuery }),
    [`readerNearPage${DEEP_PAGE}`]: () =>
      reader.searchRows({ country: 'es', limit: 25, near: { ...nearQuery, after: deep } }),
  };
  const scenarios: Record<string, string> = {
    city: `/api/v1/places?country=es&city=${area.city}&limit=25`,
    nearPage1: near,
    [`nearPage${DEEP_PAGE}`]: `${near}${cursor}`,
    bboxPage1: `/api/v1/places?country=es&bbox=${area.bbox}&limit=25`,
  };
  const runs: Record<string, () => unknown> = { ...readerScenarios };
  for (const [name, url] of Object.entries(scenarios)) runs[name] = () => serve(url);
  const perRound: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, run] of Object.entries(runs)) {
      for (let i = 0; i < 50; i += 1) run(); // warm
      // CPU time, not wall time: on a shared machine the wait for a core is not the query's cost.
      const started = process.cpuUsage();
      for (let i = 0; i < REQUESTS; i += 1) run();
      const used = process.cpuUsage(started);
      perRound[name]!.push((used.user + used.system) / REQUESTS);
    }
  }
  reader.close();
  const ratio = (a: string, b: string) => median(perRound[a]!.map((value, i) => value / perRound[b]![i]!));
  const figures = {
    listings: LISTINGS,
    published: info.publishedCount,
    city: area.city,
    near: { center: area.center, radiusMeters: area.radius, placesInRadius: IN_RADIUS },
    bbox: area.bbox,
    firstNearSearchMs: Number(firstNearMs.toFixed(1)),
    medianCpuUsPerRequest: Object.fromEntries(Object.entries(perRound).map(([name, values]) => [name, Number(median(values).toFixed(1))])),
    ratios: {
      nearPage1OverCity: Number(ratio('nearPage1', 'city').toFixed(2)),
      [`nearPage${DEEP_PAGE}OverNearPage1`]: Number(ratio(`nearPage${DEEP_PAGE}`, 'nearPage1').toFixed(2)),
      bboxPage1OverCity: Number(ratio('bboxPage1', 'city').toFixed(2)),
      [`readerNearPage${DEEP_PAGE}OverReaderNearPage1`]: Number(ratio(`readerNearPage${DEEP_PAGE}`, 'readerNearPage1').toFixed(2)),
    },
    targets: { nearPage1OverCity: 1.5, [`nearPage${DEEP_PAGE}OverNearPage1`]: 1.2 },
  };
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
}

await main();
