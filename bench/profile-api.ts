// `node --import tsx bench/profile-api.ts [scenario…]`: where the compiled `lodging serve` spends its CPU per request. Starts it
// with --cpu-prof on bench:api's snapshot (run bench:api once first), loads each scenario (get, search, q, page1, page200,
// default get and search) with autocannon one after the other, then sums the profile's samples within each scenario's window
// by file/package and function (self and inclusive). Writes bench/out/api-<scenario>.json and the .cpuprofile.
// Env: BENCH_API_LISTINGS (200000), BENCH_PROFILE_SECONDS (8), BENCH_API_CONNECTIONS (32), LODGING_USAGE_COUNTING.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, promises as fs, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createKey } from '../api/keys/create-key.ts';
import { keysDatabasePath, openSqliteKeyStore } from '../api/keys/sqlite-key-store.ts';
import { providerIdFor } from '../pipeline/generate/generate-listings.ts';
import { vocabularyFor } from '../pipeline/generate/generator-vocabulary.ts';
import { createRandom } from '../pipeline/generate/prng.ts';
import { citySlug } from '../pipeline/normalise/city-slug.ts';
import { summariseProfile, type CpuProfile } from './support/cpu-profile-summary.ts';

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const LODGING = fileURLToPath(new URL('../bin/lodging.js', import.meta.url));
const PORT = 3173;
const listings = Number(process.env.BENCH_API_LISTINGS ?? 200_000);
const seconds = Number(process.env.BENCH_PROFILE_SECONDS ?? 8);
const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 32);
const dataDir = path.join(outDir, `api-data-es-${listings}-seed1`);
if (!existsSync(path.join(dataDir, 'bench-stamp.json'))) throw new Error(`${dataDir} has no snapshot: run npm run bench:api once first`);
const scenarios = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['get', 'search'];
const log = (text: string) => process.stderr.write(`${text}\n`);

const store = openSqliteKeyStore(keysDatabasePath(dataDir));
const { secret } = await createKey(store, { accountId: `profile-${Date.now()}`, name: 'api profile' });
await store.close();
const headers = { 'X-API-Key': secret };

const profDir = path.join(outDir, `api-prof-${Date.now()}`);
const logFile = path.join(outDir, 'api-profile-serve.log');
const fd = openSync(logFile, 'w');
const child = spawn(
  process.execPath,
  ['--cpu-prof', '--cpu-prof-interval', '200', '--cpu-prof-dir', profDir, LODGING, 'serve', '--port', String(PORT), '--host', '127.0.0.1', '--processes', '1'],
  {
    stdio: ['ignore', fd, fd],
    env: { ...process.env, LODGING_DATA_DIR: dataDir, LODGING_RATE_LIMIT: '1000000000', NODE_ENV: 'production', LOG_LEVEL: 'info', LODGING_RUNTIME: 'compiled' },
  },
);
closeSync(fd);
const base = `http://127.0.0.1:${PORT}`;
for (let i = 0; ; i += 1) {
  if (child.exitCode !== null || i > 3000) throw new Error(`serve did not start: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
  const ok = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
  if (ok) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const cpuUsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
};

const vocabulary = vocabularyFor('es');
const random = createRandom(42);
const ids: string[] = [];
while (ids.length < 500) {
  const id = `es-${providerIdFor(vocabulary, 1, random.int(listings))}`;
  const res = await fetch(`${base}/api/v1/places/${encodeURIComponent(id)}`, { headers });
  await res.arrayBuffer();
  if (res.status === 200) ids.push(id);
}
const deepQuery = 'country=es&lodgingType=hotel';
let cursor = '';
for (let i = 1; i < 200; i += 1) {
  const body = (await (await fetch(`${base}/api/v1/places?${deepQuery}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers })).json()) as {
    page: { nextCursor: string };
  };
  cursor = body.page.nextCursor;
}
const cities = vocabulary.cities.slice(0, 8).map((c) => citySlug(c.city)!);
const paths: Record<string, string[]> = {
  get: ids.map((id) => `/api/v1/places/${encodeURIComponent(id)}`),
  search: cities.flatMap((city) => ['hotel', 'guesthouse', 'apartment', 'ruralHouse'].map((t) => `/api/v1/places?country=es&city=${city}&lodgingType=${t}`)),
  q: ['playa', 'sol', 'real', 'mar', 'boutique', 'camping', 'rural', 'centro'].map((w) => `/api/v1/places?country=es&q=${w}`),
  page1: [`/api/v1/places?${deepQuery}`],
  page200: [`/api/v1/places?${deepQuery}&cursor=${encodeURIComponent(cursor)}`],
};

const windows: { scenario: string; fromUs: number; toUs: number; cpuUsPerRequest: number; rps: number; p50: number; load: number }[] = [];
for (const scenario of scenarios) {
  const list = paths[scenario];
  if (!list) throw new Error(`unknown scenario ${scenario}`);
  let next = 0;
  const requests = [{ setupRequest: (req: { path?: string }) => ({ ...req, path: list[next++ % list.length] }) }];
  await autocannon({ url: base, connections, duration: 1, headers, requests });
  const fromUs = Number(process.hrtime.bigint() / 1000n);
  const cpuBefore = cpuUsOf(child.pid!);
  const result = await autocannon({ url: base, connections, duration: seconds, headers, requests });
  const cpuUsPerRequest = (cpuUsOf(child.pid!) - cpuBefore) / result.requests.total;
  windows.push({ scenario, fromUs, toUs: Number(process.hrtime.bigint() / 1000n), cpuUsPerRequest, rps: result.requests.average, p50: result.latency.p50, load: loadavg()[0]! });
  log(`${scenario}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, server CPU ${cpuUsPerRequest.toFixed(0)} µs/request, non-2xx ${result.non2xx}, load ${loadavg()[0]!.toFixed(2)}`);
}
const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;
const file = (await fs.readdir(profDir)).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written in ${profDir}`);
const profile = JSON.parse(await fs.readFile(path.join(profDir, file), 'utf8')) as CpuProfile;
for (const w of windows) {
  const summary = summariseProfile(profile, w);
  await fs.writeFile(path.join(outDir, `api-${w.scenario}.json`), `${JSON.stringify({ ...w, profile: path.join(profDir, file), ...summary }, null, 2)}\n`);
  const us = (share: number) => (share * w.cpuUsPerRequest).toFixed(1).padStart(6);
  process.stdout.write(
    [
      `\n== ${w.scenario}: ${w.cpuUsPerRequest.toFixed(0)} µs CPU/request, ${Math.round(w.rps)} req/s, load ${w.load.toFixed(2)} (µs below: share × CPU/request)`,
      'by file (self):',
      ...summary.byFile.slice(0, 22).map((f) => `  ${(f.share * 100).toFixed(1).padStart(5)}% ${us(f.share)} µs  ${f.file}`),
      'functions (self):',
      ...summary.selfByFunction.slice(0, 25).map((f) => `  ${(f.share * 100).toFixed(1).padStart(5)}% ${us(f.share)} µs  ${f.fn}`),
      'functions (inclusive):',
      ...summary.inclusiveByFunction.slice(0, 60).map((f) => `  ${(f.share * 100).toFixed(1).padStart(5)}% ${us(f.share)} µs  ${f.fn}`),
    ].join('\n') + '\n',
  );
}
process.stdout.write(`\nprofile: ${path.relative(process.cwd(), path.join(profDir, file))}\n`);
