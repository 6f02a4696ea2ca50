// `node --import tsx bench/api-ab.ts DIST_A [DIST_B] [scenario…]`: two compiled builds of `lodging serve` side by side on
// bench:api's snapshot (A on port 3171, B on 3173; B defaults to ./dist), each scenario loaded on one then the other
// (order alternating by round), so each pair of figures is a few seconds apart on a shared machine. Prints server CPU
// µs per request (steadier than req/s when neighbours take the cores) and req/s, median of the rounds, and B/A.
// Make DIST_A with `cp -r dist /somewhere/dist-a` before an edit. Env: BENCH_API_LISTINGS (200000), BENCH_AB_ROUNDS (5),
// BENCH_AB_SECONDS (4), BENCH_API_CONNECTIONS (32), BENCH_AB_ENV_A / BENCH_AB_ENV_B (extra env, "K=V,K=V"), BENCH_AB_PORTS
// ("3171,3173": other ports when another benchmark holds those). Memory is printed idle (after start, before any request) and after.
// Scenarios getcold and searchcold (only when named) ask more distinct URLs than the API keeps answers for.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { createKey } from '../api/keys/create-key.ts';
import { keysDatabasePath, openSqliteKeyStore } from '../api/keys/sqlite-key-store.ts';
import { providerIdFor } from '../pipeline/generate/generate-listings.ts';
import { vocabularyFor } from '../pipeline/generate/generator-vocabulary.ts';
import { createRandom } from '../pipeline/generate/prng.ts';
import { citySlug } from '../pipeline/normalise/city-slug.ts';

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const listings = Number(process.env.BENCH_API_LISTINGS ?? 200_000);
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_AB_SECONDS ?? 4);
const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 32);
const dataDir = path.join(outDir, `api-data-es-${listings}-seed1`);
if (!existsSync(path.join(dataDir, 'bench-stamp.json'))) throw new Error(`${dataDir} has no snapshot: run npm run bench:api once first`);
const [distA, ...rest] = process.argv.slice(2);
if (!distA) throw new Error('usage: api-ab.ts DIST_A [DIST_B] [scenario…]');
const KNOWN_SCENARIOS = ['get', 'search', 'q', 'page1', 'page200', 'getcold', 'searchcold'];
const distB = rest[0] && !KNOWN_SCENARIOS.includes(rest[0]) ? rest.shift()! : fileURLToPath(new URL('../dist', import.meta.url));
const scenarios = rest.length > 0 ? rest : ['get', 'search', 'q', 'page1', 'page200'];
const log = (text: string) => process.stderr.write(`${text}\n`);
/** "K=V,K=V"; a value may hold "=" (e.g. NODE_OPTIONS=--max-old-space-size=64): each pair splits at its first "=". */
const envOf = (text: string | undefined) =>
  Object.fromEntries(
    (text ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as [string, string]),
  );

const store = openSqliteKeyStore(keysDatabasePath(dataDir));
const { secret } = await createKey(store, { accountId: `ab-${Date.now()}`, name: 'api a/b' });
await store.close();
const headers = { 'X-API-Key': secret };

/** Runs a build's own commands.js (no stale-build check: the dist given is what runs). */
async function start(dist: string, port: number, name: string, extraEnv: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const entry = pathToFileURL(path.resolve(dist, 'bin/commands.js')).href;
  const script = `const { main } = await import(${JSON.stringify(entry)}); process.exitCode = await main(process.argv.slice(1));`;
  const logFile = path.join(outDir, `api-ab-${name}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, 'serve', '--port', String(port), '--host', '127.0.0.1', '--processes', '1'], {
    stdio: ['ignore', fd, fd],
    env: { ...process.env, LODGING_DATA_DIR: dataDir, LODGING_RATE_LIMIT: '1000000000', NODE_ENV: 'production', LOG_LEVEL: 'info', ...extraEnv },
  });
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null || i > 3000) throw new Error(`${name} did not start: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const cpuUsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
};

async function load(url: string, pid: number, list: string[]): Promise<{ cpu: number; rps: number; p50: number; bad: number }> {
  let next = 0;
  const requests = [{ setupRequest: (req: { path?: string }) => ({ ...req, path: list[next++ % list.length] }) }];
  await autocannon({ url, connections, duration: 1, headers, requests });
  const before = cpuUsOf(pid);
  const result = await autocannon({ url, connections, duration: seconds, headers, requests });
  return { cpu: (cpuUsOf(pid) - before) / result.requests.total, rps: result.requests.average, p50: result.latency.p50, bad: result.non2xx + result.errors };
}

const [portA, portB] = (process.env.BENCH_AB_PORTS ?? '3171,3173').split(',').map(Number) as [number, number];
const a = await start(distA, portA, 'a', envOf(process.env.BENCH_AB_ENV_A));
const b = await start(distB, portB, 'b', envOf(process.env.BENCH_AB_ENV_B)).catch((error: unknown) => {
  a.child.kill('SIGTERM');
  throw error;
});
const memory = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => (Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024).toFixed(0);
  return `RSS ${mb('VmRSS')} MB (peak ${mb('VmHWM')}, anonymous ${mb('RssAnon')}, file ${mb('RssFile')})`;
};
try {
  // Idle: both started and settled, before the first request.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idle = [`A idle ${memory(a.child.pid!)}`, `B idle ${memory(b.child.pid!)}`];
  log(idle.join('\n'));
  const vocabulary = vocabularyFor('es');
  const random = createRandom(42);
  const ids: string[] = [];
  while (ids.length < 500) {
    const id = `es-${providerIdFor(vocabulary, 1, random.int(listings))}`;
    const res = await fetch(`${a.url}/api/v1/places/${encodeURIComponent(id)}`, { headers });
    await res.arrayBuffer();
    if (res.status === 200) ids.push(id);
  }
  // getcold and searchcold (asked for by name): more distinct URLs than the API keeps answers for (SERVED_ANSWERS_KEPT),
  // each asked again only after all the others, so every request misses that cache.
  const coldIds: string[] = [];
  while (scenarios.includes('getcold') && coldIds.length < 6000) {
    const batch = Array.from({ length: 64 }, () => `es-${providerIdFor(vocabulary, 1, random.int(listings))}`);
    const found = await Promise.all(batch.map((id) => fetch(`${a.url}/api/v1/places/${encodeURIComponent(id)}`, { headers }).then(async (res) => (await res.arrayBuffer(), res.status === 200 ? id : null))));
    coldIds.push(...new Set(found.filter((id): id is string => id !== null && !coldIds.includes(id))));
  }
  const deepQuery = 'country=es&lodgingType=hotel';
  let cursor = '';
  for (let i = 1; i < 200; i += 1) {
    const res = await fetch(`${a.url}/api/v1/places?${deepQuery}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers });
    cursor = ((await res.json()) as { page: { nextCursor: string } }).page.nextCursor;
  }
  const cities = vocabulary.cities.slice(0, 8).map((c) => citySlug(c.city)!);
  const paths: Record<string, string[]> = {
    get: ids.map((id) => `/api/v1/places/${encodeURIComponent(id)}`),
    search: cities.flatMap((city) => ['hotel', 'guesthouse', 'apartment', 'ruralHouse'].map((t) => `/api/v1/places?country=es&city=${city}&lodgingType=${t}`)),
    q: ['playa', 'sol', 'real', 'mar', 'boutique', 'camping', 'rural', 'centro'].map((w) => `/api/v1/places?country=es&q=${w}`),
    page1: [`/api/v1/places?${deepQuery}`],
    page200: [`/api/v1/places?${deepQuery}&cursor=${encodeURIComponent(cursor)}`],
    getcold: coldIds.map((id) => `/api/v1/places/${encodeURIComponent(id)}`),
    searchcold: vocabulary.cities.flatMap((c) =>
      ['hotel', 'guesthouse', 'apartment', 'ruralHouse'].flatMap((t) =>
        Array.from({ length: 41 }, (_, i) => `/api/v1/places?country=es&city=${citySlug(c.city)!}&lodgingType=${t}&limit=${10 + i}`),
      ),
    ),
  };
  const figures: Record<string, { a: number[]; b: number[]; ra: number[]; rb: number[]; pa: number[]; pb: number[] }> = {};
  const loads: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const scenario of scenarios) {
      const f = (figures[scenario] ??= { a: [], b: [], ra: [], rb: [], pa: [], pb: [] });
      const order = round % 2 ? ([a, b] as const) : ([b, a] as const);
      for (const server of order) {
        const m = await load(server.url, server.child.pid!, paths[scenario]!);
        if (m.bad > 0) log(`  ${scenario}: ${m.bad} non-2xx or errors`);
        if (server === a) (f.a.push(m.cpu), f.ra.push(m.rps), f.pa.push(m.p50));
        else (f.b.push(m.cpu), f.rb.push(m.rps), f.pb.push(m.p50));
      }
    }
    loads.push(loadavg()[0]!);
    log(`round ${round}/${rounds} done, load ${loadavg()[0]!.toFixed(2)}`);
  }
  const median = (v: number[]) => {
    const s = [...v].sort((x, y) => x - y);
    return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const lines = [`A ${distA}  B ${distB}  ${rounds} rounds × ${seconds} s, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`];
  for (const [scenario, f] of Object.entries(figures)) {
    const ratios = f.b.map((x, i) => x / f.a[i]!);
    lines.push(
      `${scenario.padEnd(8)} CPU µs/request A ${median(f.a).toFixed(0).padStart(4)}  B ${median(f.b).toFixed(0).padStart(4)}  B/A ${median(ratios).toFixed(2)} ` +
        `(${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})   req/s A ${median(f.ra).toFixed(0)} B ${median(f.rb).toFixed(0)}   p50 ms A ${median(f.pa)} B ${median(f.pb)}`,
    );
  }
  lines.push(...idle, `A after ${memory(a.child.pid!)}`, `B after ${memory(b.child.pid!)}`);
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  a.child.kill('SIGTERM');
  b.child.kill('SIGTERM');
}
