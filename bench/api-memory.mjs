// `npm run bench:memory`: where the API's memory goes. Runs the compiled server in this process on bench:api's snapshot,
// and prints process.memoryUsage() (V8 heap, external, array buffers) and /proc's RSS split idle, under load, and after a GC.
// Needs `npm run bench:api` first (its snapshot in bench/out) and --expose-gc (the npm script passes it). Plain JavaScript
// on the compiled build, so no TypeScript loader's memory is counted as the server's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const listings = Number(process.env.BENCH_API_LISTINGS ?? 200_000);
const dataDir = path.join(outDir, `api-data-es-${listings}-seed1`);
const dist = (file) => new URL(`../dist/${file}`, import.meta.url).href;

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
function snapshot(label) {
  const m = process.memoryUsage();
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  process.stdout.write(
    `${label.padEnd(28)} RSS ${mb(m.rss)} (anonymous ${mb(kb('RssAnon'))}, file ${mb(kb('RssFile'))}); ` +
      `V8 heap ${mb(m.heapUsed)} used of ${mb(m.heapTotal)}; external ${mb(m.external)} (array buffers ${mb(m.arrayBuffers)})\n`,
  );
}

const { parseConfig } = await import(dist('platform/environment.js'));
const { startServer } = await import(dist('api/server.js'));
const { createKey } = await import(dist('api/keys/create-key.js'));

const config = parseConfig({ ...process.env, LODGING_DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'production', LOG_LEVEL: 'silent', LODGING_RATE_LIMIT: '1000000000' });
const server = await startServer(config, {});
const { secret } = await createKey(server.keyStore, { accountId: `bench-memory-${Date.now()}`, name: 'memory bench' });
const headers = { 'X-API-Key': secret };
const gc = globalThis.gc;
gc?.();
snapshot('idle, after start');
const first = await fetch(`${server.url}/api/v1/places?country=es&limit=100`, { headers });
const body = await first.json();
const list = Object.values(body).find((value) => Array.isArray(value)) ?? [];
const ids = list.map((p) => p.id);
const paths = [...ids.map((id) => `/api/v1/places/${encodeURIComponent(id)}`), '/api/v1/places?country=es&lodgingType=hotel', '/api/v1/places?country=es&q=playa'];
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
// The load comes from a child process, so autocannon's own memory is not counted as the server's.
const loader = `const { default: autocannon } = await import('autocannon');
const paths = JSON.parse(process.env.PATHS); let next = 0;
await autocannon({ url: process.env.URL, connections: Number(process.env.CONNECTIONS), duration: Number(process.env.SECONDS),
  headers: JSON.parse(process.env.HEADERS), requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }] });`;
await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, ['--input-type=module', '-e', loader], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PATHS: JSON.stringify(paths),
      URL: server.url,
      HEADERS: JSON.stringify(headers),
      CONNECTIONS: process.env.BENCH_API_CONNECTIONS ?? '32',
      SECONDS: process.env.BENCH_API_SECONDS ?? '10',
    },
  });
  child.on('error', reject);
  child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`the load exited ${code}`))));
});
clearInterval(sampler);
snapshot('right after the load');
process.stdout.write(`${'peak RSS during the load'.padEnd(28)} ${mb(peak)}\n`);
gc?.();
snapshot('after a full GC');
await server.close();
