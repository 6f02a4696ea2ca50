// `npm run bench:exports`: what writing the export files adds to publishing 200k places, the export build's wall, CPU and
// peak RSS (in a process of its own), the GeoParquet's size, and a download's speed and the API's memory growth on
// loopback. Runs alternate (publish, exports, publish, exports). The publish and the build run the compiled build
// (dist/), as `lodging import` does: from the sources, each export worker thread would compile its modules through tsx
// first. Env: BENCH_EXPORT_LISTINGS (200000), BENCH_EXPORT_ROUNDS (2), BENCH_EXPORT_DOWNLOADS (5). Figures are
// printed, never asserted.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKey } from '../api/keys/create-key.ts';
import { startServer } from '../api/server.ts';
import { readPointer } from '../pipeline/snapshot/snapshot-pointer.ts';
import { parseConfig } from '../platform/environment.ts';
import { ensureBenchExport } from './support/bench-files.ts';

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const log = (text: string) => process.stderr.write(`${text}\n`);
const LISTINGS = Number(process.env.BENCH_EXPORT_LISTINGS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_EXPORT_ROUNDS ?? 2);
const DOWNLOADS = Number(process.env.BENCH_EXPORT_DOWNLOADS ?? 5);
const SETTINGS = { publicUrl: 'http://localhost:3000', licence: null, attribution: null };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const BUILD_ONLY = '--build-only';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

type BuildModule = typeof import('../pipeline/exports/build-exports.ts');
type ImportModule = typeof import('../pipeline/jobs/import-files.ts');

/** A module of the compiled build (dist/), made current first. */
async function compiled<T>(module: string): Promise<T> {
  const built = spawnSync(process.execPath, ['bin/compiled-build.js'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the compiled build failed: ${built.stderr}`);
  return (await import(new URL(`../dist/${module}.js`, import.meta.url).href)) as T;
}

interface BuildFigures {
  wallS: number;
  /** CPU of every thread of the process while building (the process's start left out). */
  cpuS: number;
  /** The process's RSS before the build, and its peak. */
  rssBeforeMb: number;
  peakRssMb: number;
  manifest: Awaited<ReturnType<BuildModule['buildExports']>>;
}

/** In this process: builds the current version's export files of DATA_DIR and prints the build's figures as JSON. */
async function buildOnly(dataDir: string): Promise<void> {
  const { buildExports, keptVersion } = await compiled<BuildModule>('pipeline/exports/build-exports');
  const version = readPointer(dataDir, 'es')!.version;
  const rssBeforeMb = process.memoryUsage().rss / 1e6;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const manifest = await buildExports(dataDir, keptVersion(dataDir, 'es', version)!, SETTINGS);
  const cpu = process.cpuUsage(cpuBefore);
  const figures: BuildFigures = {
    wallS: (performance.now() - started) / 1000,
    cpuS: (cpu.user + cpu.system) / 1e6,
    rssBeforeMb,
    peakRssMb: (process.resourceUsage().maxRSS * 1024) / 1e6,
    manifest,
  };
  process.stdout.write(JSON.stringify(figures));
}

/** The export build in a process of its own, so its peak RSS is its own. */
function buildInChild(dataDir: string): BuildFigures {
  const output = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), BUILD_ONLY, dataDir], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(output) as BuildFigures;
}
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

/** GETs a URL and drops the body; returns bytes received and seconds taken. */
function download(url: string, key: string): Promise<{ bytes: number; seconds: number }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'X-API-Key': key } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ bytes, seconds: Number(process.hrtime.bigint() - started) / 1e9 }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function main(): Promise<void> {
  const { importFiles } = await compiled<ImportModule>('pipeline/jobs/import-files');
  const file = await ensureBenchExport(outDir, 'es', LISTINGS, 1, log);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodging-exports-bench-'));
  try {
    const publishS: number[] = [];
    const builds: BuildFigures[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      await importFiles({ country: 'es', files: [file], dataDir }, {});
      publishS.push((performance.now() - started) / 1000);
      builds.push(buildInChild(dataDir));
      log(`round ${round + 1}: publish ${publishS.at(-1)!.toFixed(1)} s, exports ${builds.at(-1)!.wallS.toFixed(1)} s wall, ${builds.at(-1)!.peakRssMb.toFixed(0)} MB peak RSS`);
    }
    const exportS = builds.map((build) => build.wallS);
    const manifest = builds.at(-1)!.manifest;
    const parquet = manifest.files.find((f) => f.format === 'parquet')!;
    const jsonl = manifest.files.find((f) => f.format === 'jsonl.gz')!;

    const config = parseConfig({ LOG_LEVEL: 'silent', LODGING_DATA_DIR: dataDir, PORT: '0', LODGING_EXPORT_DOWNLOADS_PER_DAY: '1000', LODGING_USAGE_COUNTING: 'off' });
    const server = await startServer(config, { refreshIntervalMs: 0 });
    try {
      const { secret } = await createKey(server.keyStore, { accountId: 'bench', name: 'exports bench' });
      const target = `${server.url}/api/v1/exports/es/${manifest.version}.parquet`;
      await download(target, secret); // warm: page cache, first request paths
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const speeds: number[] = [];
      for (let i = 0; i < DOWNLOADS; i += 1) {
        const { bytes, seconds } = await download(target, secret);
        if (bytes !== parquet.bytes) throw new Error(`downloaded ${bytes} bytes, expected ${parquet.bytes}`);
        speeds.push(bytes / 1e6 / seconds);
      }
      clearInterval(timer);
      const ratio = (median(publishS) + median(exportS)) / median(publishS);
      const lines = [
        `exports of ${manifest.count} places (${LISTINGS} listings), ${ROUNDS} rounds, ${new Date().toISOString().slice(0, 16)} UTC, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
        `  publish (import + publish) without exports, median   ${median(publishS).toFixed(1)} s`,
        `  publish with both export files, median               ${(median(publishS) + median(exportS)).toFixed(1)} s  (ratio ${ratio.toFixed(2)}; goal ≤ 1.25)`,
        `  export build alone, median                           ${median(exportS).toFixed(1)} s wall, ${median(builds.map((b) => b.cpuS)).toFixed(1)} s CPU, ${median(builds.map((b) => b.peakRssMb)).toFixed(0)} MB peak RSS (own process; ${median(builds.map((b) => b.rssBeforeMb)).toFixed(0)} MB before the build)`,
        `  GeoParquet                                           ${mb(parquet.bytes)} MB  (target ≤ 30 MB)`,
        `  JSON Lines gzip                                      ${mb(jsonl.bytes)} MB`,
        `  download of the GeoParquet, median                   ${median(speeds).toFixed(0)} MB/s over ${DOWNLOADS}  (target ≥ 100 MB/s)`,
        `  RSS growth while downloading (server and client in one process)  ${mb(peak - rssBefore)} MB  (target ≤ 20 MB)`,
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    } finally {
      await server.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === BUILD_ONLY) await buildOnly(process.argv[3]!);
else await main();
