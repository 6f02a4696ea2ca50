// `npm run bench:abuse`: one key sends the heavy legal requests (a world bbox with a city or q that matches nothing, the
// change feed since the current version) at its full rate limit while another key does plain gets by id; prints the
// other key's get p50 at rest and under attack, alternated over rounds, and their ratio beside the goal (≤ 2×).
// Uses the API benchmark's snapshot (bench/out, BENCH_API_LISTINGS listings, built by `lodging import` when missing)
// and the production rate limit (600 a minute a key). Env: BENCH_ABUSE_SECONDS (20 per phase), BENCH_ABUSE_ROUNDS (2),
// BENCH_ABUSE_GETS_PER_S (8: the measuring key's pace, inside its limit). Figures are printed, never asserted.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, promises as fs, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKey } from '../api/keys/create-key.ts';
import { keysDatabasePath, openSqliteKeyStore } from '../api/keys/sqlite-key-store.ts';
import { ensureBenchExport } from './support/bench-files.ts';
import { importWithCli } from './support/cli-import.ts';

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const LODGING = fileURLToPath(new URL('../bin/lodging.js', import.meta.url));
/** A port nobody listens on now (other benchmarks and servers may run on this machine). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
const SEED = 1;
const RATE_LIMIT = 600;
const RATE_WINDOW_S = 60;
const log = (text: string) => process.stderr.write(`${text}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The API benchmark's snapshot directory (same name, same stamp), imported here when it is missing or stale. */
async function ensureSnapshot(listings: number): Promise<string> {
  const file = await ensureBenchExport(outDir, 'es', listings, SEED, log);
  const dataDir = path.join(outDir, `api-data-es-${listings}-seed${SEED}`);
  const stampFile = path.join(dataDir, 'bench-stamp.json');
  const exportStamp = await fs.readFile(`${file}.stamp.json`, 'utf8');
  if ((await fs.readFile(stampFile, 'utf8').catch(() => null)) === exportStamp) return dataDir;
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true });
  log(`importing ${listings} listings with lodging import…`);
  await importWithCli(file, dataDir, 'es');
  await fs.writeFile(stampFile, exportStamp);
  return dataDir;
}

async function startApi(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const logFile = path.join(outDir, 'abuse-serve.log');
  const fd = openSync(logFile, 'w');
  const port = await freePort();
  const child = spawn(process.execPath, [LODGING, 'serve', '--port', String(port), '--host', '127.0.0.1', '--processes', '1'], {
    stdio: ['ignore', fd, fd],
    env: {
      ...process.env,
      LODGING_DATA_DIR: dataDir,
      LODGING_RATE_LIMIT: String(RATE_LIMIT),
      LODGING_RATE_WINDOW_S: String(RATE_WINDOW_S),
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      LODGING_RUNTIME: 'compiled',
    },
  });
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 3000; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
    const ok = await fetch(`${url}/readyz`).then((res) => res.ok, () => false);
    if (ok) return { child, url };
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error('the API did not become ready in 300 s');
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length === 0 ? Number.NaN : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Gets by id at a steady pace for `seconds`: each one's latency in ms. */
async function plainGets(url: string, key: string, paths: string[], seconds: number, perSecond: number): Promise<number[]> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const gap = 1000 / perSecond;
  for (let i = 0; performance.now() < end; i += 1) {
    const started = performance.now();
    try {
      const res = await fetch(`${url}${paths[i % paths.length]}`, { headers: { 'X-API-Key': key } });
      await res.arrayBuffer();
      if (res.status === 200) latencies.push(performance.now() - started);
    } catch {
      // A kept-alive connection the server closed meanwhile: not a latency, tried again with the next get.
    }
    await sleep(Math.max(0, gap - (performance.now() - started)));
  }
  return latencies;
}

/** The heavy requests, one every 1/limit-per-second, not waiting for answers (as a client at its full limit would). */
function attack(url: string, key: string, paths: string[]): { stop: () => Promise<void>; statuses: Map<number, number>; latencies: number[] } {
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let i = 0;
  const timer = setInterval(() => {
    const started = performance.now();
    const request = fetch(`${url}${paths[i++ % paths.length]}`, { headers: { 'X-API-Key': key } })
      .then(async (res) => {
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        latencies.push(performance.now() - started);
      })
      .catch(() => {
        statuses.set(0, (statuses.get(0) ?? 0) + 1);
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }, (RATE_WINDOW_S * 1000) / RATE_LIMIT);
  return {
    statuses,
    latencies,
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}

async function main(): Promise<void> {
  const listings = Number(process.env.BENCH_API_LISTINGS ?? 200_000);
  const seconds = Number(process.env.BENCH_ABUSE_SECONDS ?? 20);
  const rounds = Number(process.env.BENCH_ABUSE_ROUNDS ?? 2);
  const perSecond = Number(process.env.BENCH_ABUSE_GETS_PER_S ?? 8);
  const dataDir = await ensureSnapshot(listings);
  const store = openSqliteKeyStore(keysDatabasePath(dataDir));
  const attacker = (await createKey(store, { accountId: `abuse-${Date.now()}`, name: 'abuse bench: heavy' })).secret;
  const other = (await createKey(store, { accountId: `abuse-other-${Date.now()}`, name: 'abuse bench: gets' })).secret;
  await store.close();
  const api = await startApi(dataDir);
  try {
    const headers = { 'X-API-Key': other };
    const first = (await (await fetch(`${api.url}/api/v1/places?country=es&limit=100`, { headers })).json()) as { places: { id: string }[] };
    const gets = first.places.map((p) => `/api/v1/places/${encodeURIComponent(p.id)}`);
    const current = ((await (await fetch(`${api.url}/api/v1/changes?country=es`, { headers })).json()) as { to: string }).to;
    const heavy = [
      '/api/v1/places?country=es&bbox=-180,-90,180,90&city=nope',
      '/api/v1/places?country=es&bbox=-180,-90,180,90&city=nope&q=zzq',
      '/api/v1/places?country=es&bbox=-180,-90,180,90&q=zzq',
      `/api/v1/changes?country=es&since=${current}&limit=1000`,
    ];
    // Warm-up: the first heavy requests load what a snapshot keeps in memory (the grid); the gets warm the page cache.
    for (const p of heavy) await (await fetch(`${api.url}${p}`, { headers })).arrayBuffer();
    await plainGets(api.url, other, gets, 3, perSecond);
    const rest: number[] = [];
    const attacked: number[] = [];
    const statuses = new Map<number, number>();
    const heavyLatencies: number[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const atRest = median(await plainGets(api.url, other, gets, seconds, perSecond));
      rest.push(atRest);
      const running = attack(api.url, attacker, heavy);
      const underAttack = median(await plainGets(api.url, other, gets, seconds, perSecond));
      await running.stop();
      attacked.push(underAttack);
      for (const [status, count] of running.statuses) statuses.set(status, (statuses.get(status) ?? 0) + count);
      heavyLatencies.push(...running.latencies);
      log(`round ${round}/${rounds}: get p50 ${atRest.toFixed(2)} ms at rest, ${underAttack.toFixed(2)} ms under attack; load ${loadavg()[0]!.toFixed(2)}`);
    }
    const ratios = rest.map((r, i) => attacked[i]! / r);
    const ratio = median(ratios);
    const lines = [
      `Abuse benchmark ${new Date().toISOString()}: ${listings} listings, ${rounds} rounds × ${seconds} s per phase, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
      `heavy key: ${RATE_LIMIT} requests / ${RATE_WINDOW_S} s over ${heavy.length} shapes; answers ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}; heavy p50 ${median(heavyLatencies).toFixed(2)} ms`,
      `other key's get p50: at rest ${median(rest).toFixed(2)} ms (${rest.map((r) => r.toFixed(2)).join(', ')}), under attack ${median(attacked).toFixed(2)} ms (${attacked.map((r) => r.toFixed(2)).join(', ')})`,
      `ratio under attack / at rest: ${ratio.toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}); goal ≤ 2.00: ${ratio <= 2 ? 'met' : 'NOT met'}`,
    ];
    process.stdout.write(`\n${lines.join('\n')}\n`);
  } finally {
    const exited = new Promise((resolve) => api.child.once('exit', resolve));
    api.child.kill('SIGTERM');
    await exited;
  }
}

await main();
