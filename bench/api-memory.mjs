// `npm run bench:memory`: where the API's memory goes. Runs the compiled server in this process on bench:api's snapshot
// (with the serving process's heap flag, as `lodging serve` runs), loads it one scenario after another, and prints after
// each: RSS split into anonymous and file-backed (/proc/self/smaps_rollup), V8's heap (used, committed, new and old
// space), external and array buffers, and the served snapshot's caches; then the peak, and the same after a full GC.
// Needs `npm run bench:api` first (its snapshot in bench/out) and --expose-gc (the npm script passes it). Plain JavaScript
// on the compiled build, so no TypeScript loader's memory is counted as the server's.
// Env: BENCH_API_LISTINGS (200000), BENCH_API_SECONDS (5 per scenario), BENCH_API_CONNECTIONS (32),
// BENCH_MEMORY_V8_DEFAULT=1 (V8's own heap growth, not the serving process's bound).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { getHeapSpaceStatistics } from 'node:v8';

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const listings = Number(process.env.BENCH_API_LISTINGS ?? 200_000);
const dataDir = path.join(outDir, `api-data-es-${listings}-seed1`);
const dist = (file) => new URL(`../dist/${file}`, import.meta.url).href;

const { boundServerHeapGrowth } = await import(dist('api/server/heap-growth.js'));
if (process.env.BENCH_MEMORY_V8_DEFAULT !== '1') boundServerHeapGrowth();

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)}`;
function smaps() {
  const text = readFileSync('/proc/self/smaps_rollup', 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0) * 1024;
  return { rss: kb('Rss'), anonymous: kb('Anonymous'), file: kb('Rss') - kb('Anonymous') };
}
function report(label, server) {
  const m = process.memoryUsage();
  const s = smaps();
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
  const caches = Object.entries(server.snapshotCaches().es ?? {})
    .filter(([, figure]) => figure.bytes > 0)
    .map(([name, figure]) => `${name} ${(figure.bytes / 2 ** 20).toFixed(1)}`)
    .join(', ');
  process.stdout.write(
    `${label.padEnd(24)} RSS ${mb(s.rss)} MB (anonymous ${mb(s.anonymous)}, file-backed ${mb(s.file)}); V8 heap ${mb(m.heapUsed)} used of ` +
      `${mb(m.heapTotal)} (new ${mb(spaces.new_space)}, old ${mb(spaces.old_space)}); external ${mb(m.external)} (array buffers ${mb(m.arrayBuffers)})\n` +
      `${''.padEnd(24)} snapshot caches, MB: ${caches || 'none yet'}\n`,
  );
}

const { parseConfig } = await import(dist('platform/environment.js'));
const { startServer } = await import(dist('api/server.js'));
const { createKey } = await import(dist('api/keys/create-key.js'));
const { providerIdFor } = await import(dist('pipeline/generate/generate-listings.js'));
const { vocabularyFor } = await import(dist('pipeline/generate/generator-vocabulary.js'));
const { createRandom } = await import(dist('pipeline/generate/prng.js'));
const { citySlug } = await import(dist('pipeline/normalise/city-slug.js'));

const config = parseConfig({ ...process.env, LODGING_DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'production', LOG_LEVEL: 'silent', LODGING_RATE_LIMIT: '1000000000' });
const server = await startServer(config, {});
const { secret } = await createKey(server.keyStore, { accountId: `bench-memory-${Date.now()}`, name: 'memory bench' });
const headers = { 'X-API-Key': secret };
const gc = globalThis.gc;
gc?.();
report('idle, after start', server);

// bench:api's scenarios (random ids of the generated export, city and type, q) and the ones it leaves out.
const vocabulary = vocabularyFor('es');
const random = createRandom(42);
const ids = [];
while (ids.length < 500) {
  const id = `es-${providerIdFor(vocabulary, 1, random.int(listings))}`;
  const res = await fetch(`${server.url}/api/v1/places/${encodeURIComponent(id)}`, { headers });
  await res.arrayBuffer();
  if (res.status === 200) ids.push(id);
}
const cities = vocabulary.cities.slice(0, 8).map((c) => citySlug(c.city));
const types = ['hotel', 'guesthouse', 'apartment', 'ruralHouse'];
const words = ['playa', 'sol', 'real', 'mar', 'boutique', 'camping', 'rural', 'centro'];
const points = ['40.4168,-3.7038', '41.3874,2.1686', '37.3891,-5.9845', '39.4699,-0.3763', '36.7213,-4.4214', '43.2630,-2.9350'];
const scenarios = {
  'get by id': ids.map((id) => `/api/v1/places/${encodeURIComponent(id)}`),
  search: cities.flatMap((city) => types.map((t) => `/api/v1/places?country=es&city=${city}&lodgingType=${t}`)),
  q: words.map((w) => `/api/v1/places?country=es&q=${w}`),
  suggest: words.flatMap((w) => [`/api/v1/places/suggest?country=es&q=${w.slice(0, 3)}`, `/api/v1/places/suggest?country=es&q=hotel%20${w.slice(0, 2)}`]),
  near: points.flatMap((p) => [`/api/v1/places?country=es&near=${p}`, `/api/v1/places?country=es&near=${p}&radius=5000&lodgingType=hotel`]),
  'typo, facets': words.map((w) => `/api/v1/places?country=es&q=${w}&match=typo&sort=relevance&facets=city,lodgingType`),
};

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, smaps().rss);
}, 50);
// The load comes from a child process, so autocannon's own memory is not counted as the server's.
const loader = `const { default: autocannon } = await import('autocannon');
const paths = JSON.parse(process.env.PATHS); let next = 0;
const result = await autocannon({ url: process.env.URL, connections: Number(process.env.CONNECTIONS), duration: Number(process.env.SECONDS),
  headers: JSON.parse(process.env.HEADERS), requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }] });
process.stdout.write(JSON.stringify({ rps: result.requests.average, non2xx: result.non2xx }));`;
for (const [name, paths] of Object.entries(scenarios)) {
  const output = await new Promise((resolve, reject) => {
    let text = '';
    const child = spawn(process.execPath, ['--input-type=module', '-e', loader], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        PATHS: JSON.stringify(paths),
        URL: server.url,
        HEADERS: JSON.stringify(headers),
        CONNECTIONS: process.env.BENCH_API_CONNECTIONS ?? '32',
        SECONDS: process.env.BENCH_API_SECONDS ?? '5',
      },
    });
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(text)) : reject(new Error(`the load exited ${code}`))));
  });
  report(`after ${name} (${Math.round(output.rps)}/s)`, server);
}
clearInterval(sampler);
process.stdout.write(`${'peak RSS during the load'.padEnd(24)} ${mb(peak)} MB (VmHWM ${mb(Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) * 1024)} MB)\n`);
gc?.();
report('after a full GC', server);
const { SNAPSHOT_PAGE_CACHE_KIB, SNAPSHOT_MMAP_BYTES } = await import(dist('model/limits.js'));
process.stdout.write(`SQLite per served snapshot: page cache at most ${SNAPSHOT_PAGE_CACHE_KIB / 1024} MiB (anonymous), memory map ${mb(SNAPSHOT_MMAP_BYTES)} MB\n`);
await server.close();
