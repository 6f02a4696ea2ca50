// `npm run bench:api`: autocannon against the real API (`lodging serve`, the compiled build) and a bare Express hello
// app, scenarios interleaved and repeated so each ratio is a median of same-moment pairs on a noisy shared machine.
// Env: BENCH_API_LISTINGS (200000), BENCH_API_SECONDS (5 per scenario and round), BENCH_API_ROUNDS (3),
// BENCH_API_CONNECTIONS (32), BENCH_API_PROCESSES ("1": a list such as "1,2" also measures `serve --processes N`),
// BENCH_API_DEEP_PAGE (200), BENCH_API_REBUILD=1 (re-import even when bench/out holds a matching snapshot),
// BENCH_API_COUNTING=compare (also: the API with and without per-key usage counting, side by side, interleaved;
// BENCH_API_COUNTING_ROUNDS, default 6: both servers are restarted each round).
// Figures are printed, never asserted.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createKey } from '../api/keys/create-key.ts';
import { keysDatabasePath, openSqliteKeyStore } from '../api/keys/sqlite-key-store.ts';
import { providerIdFor } from '../pipeline/generate/generate-listings.ts';
import { vocabularyFor } from '../pipeline/generate/generator-vocabulary.ts';
import { createRandom } from '../pipeline/generate/prng.ts';
import { citySlug } from '../pipeline/normalise/city-slug.ts';
import { ensureBenchExport } from './support/bench-files.ts';
import { importWithCli } from './support/cli-import.ts';
import { recordResponseLatency, type ResponseLatency } from './support/response-latency.ts';

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const LODGING = fileURLToPath(new URL('../bin/lodging.js', import.meta.url));
const HELLO = fileURLToPath(new URL('./support/hello-server.mjs', import.meta.url));
const log = (text: string) => process.stderr.write(`${text}\n`);
const SEED = 1;
/** Fixed ports of this benchmark, apart from the defaults of `npm start` and the tests: the API on 3171, the hello app on 3172. */
const API_PORT = 3171;
const HELLO_PORT = 3172;
/** The second API of BENCH_API_COUNTING=compare (usage counting off). */
const API_UNCOUNTED_PORT = 3173;

interface Figures {
  name: string;
  /** Server CPU (all its processes) per request: on a shared, saturated machine a steadier figure than req/s. */
  cpuUsPerRequest: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  for (let i = 0; i < 3000; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer in 300 s`);
}

/** The real `lodging serve` in production mode; its access log (info) goes to a file, as a deployment's would. */
async function startApi(
  dataDir: string,
  processes: number,
  variant: { port: number; env: Record<string, string>; name: string } = { port: API_PORT, env: {}, name: '' },
): Promise<{ child: ChildProcess; url: string; startMs: number }> {
  const logFile = path.join(outDir, `api-serve-${processes}${variant.name}.log`);
  const fd = openSync(logFile, 'w');
  const started = performance.now();
  const child = spawn(process.execPath, [LODGING, 'serve', '--port', String(variant.port), '--host', '127.0.0.1', '--processes', String(processes)], {
    stdio: ['ignore', fd, fd],
    env: {
      ...process.env,
      LODGING_DATA_DIR: dataDir,
      LODGING_RATE_LIMIT: '1000000000',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      LODGING_RUNTIME: 'compiled',
      ...variant.env,
    },
  });
  closeSync(fd);
  const url = `http://127.0.0.1:${variant.port}`;
  try {
    await waitForHealth(`${url}/readyz`, child, logFile);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { child, url, startMs: performance.now() - started };
}

async function startHello(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [HELLO, String(HELLO_PORT)], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${HELLO_PORT}`;
  await waitForHealth(`${url}/`, child, '/dev/null');
  return { child, url };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** RssFile is mostly the snapshot's pages mapped by SQLite (page cache, reclaimable); RssAnon is the heap and code. */
function memoryOf(pid: number): { pid: number; rssMb: number; peakRssMb: number; anonMb: number; fileMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { pid, rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024, anonMb: kb('RssAnon') / 1024, fileMb: kb('RssFile') / 1024 };
}

/** The server's processes: the one started and, with --processes N, the workers it forked. */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    /* gone */
  }
  return [pid, ...children.flatMap(processTree)];
}

/** Runs autocannon over paths taken in turn for `seconds`, after a one-second warm-up that is not counted. */
/** User + system CPU of a process in microseconds, from /proc/PID/stat (clock ticks of 10 ms). */
function cpuUsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

async function load(name: string, base: string, paths: string[], headers: Record<string, string>, server: ChildProcess): Promise<Figures> {
  const seconds = Number(process.env.BENCH_API_SECONDS ?? 5);
  const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 32);
  let next = 0;
  const requests = [{ setupRequest: (req: { path?: string }) => ({ ...req, path: paths[next++ % paths.length] }) }];
  await autocannon({ url: base, connections, duration: 1, headers, requests });
  const pids = processTree(server.pid!);
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuUsOf(pid), 0);
  let latency: ResponseLatency | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: base, connections, duration: seconds, headers, requests }, (error, done) => (error ? reject(error) : resolve(done)));
    latency = recordResponseLatency(instance);
  });
  const cpuAfter = pids.reduce((sum, pid) => sum + cpuUsOf(pid), 0);
  const { p50, p99 } = latency!.quantiles();
  return {
    name,
    cpuUsPerRequest: (cpuAfter - cpuBefore) / Math.max(1, result.requests.total),
    requestsPerSecond: result.requests.average,
    // From each response's own time: autocannon's histogram keeps whole milliseconds, too coarse at 1–3 ms.
    p50Ms: p50,
    p99Ms: p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Imports the generated export once with `lodging import`; later runs reuse bench/out's snapshot while the export is the same. */
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
  log(`importing ${listings} listings with lodging import…`);
  const result = await importWithCli(file, dataDir, 'es');
  const importSeconds = result.wallMs / 1000;
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** Median and the spread of the rounds around it (max-min over median), the figure's noise. */
export interface Measured {
  median: number;
  min: number;
  max: number;
  spread: number;
  rounds: number[];
}
const measured = (values: number[]): Measured => {
  const m = median(values);
  return { median: m, min: Math.min(...values), max: Math.max(...values), spread: m === 0 ? 0 : (Math.max(...values) - Math.min(...values)) / m, rounds: values };
};

export interface ApiBenchFigures {
  at: string;
  listings: number;
  importSeconds: number | null;
  rounds: number;
  secondsPerScenario: number;
  connections: number;
  startMs: number;
  helloRps: Measured;
  rps: Record<string, Measured>;
  /** Server CPU µs per request by scenario (hello included), and hello's over each scenario's in the same round. */
  cpuUsPerRequest: Record<string, Measured>;
  cpuRatioToHello: Record<string, Measured>;
  /** Each scenario's req/s over hello's in the same round, then the median over rounds. */
  ratioToHello: Record<string, Measured>;
  p50Ms: Record<string, Measured>;
  p99Ms: Record<string, Measured>;
  deepPageP50Ratio: Measured;
  memory: ReturnType<typeof memoryOf>[];
  non2xx: number;
  errors: number;
  /** With BENCH_API_PROCESSES listing more than one count: get-by-id req/s per process count. */
  processes: Record<string, Measured>;
  /** With BENCH_API_COUNTING=compare: per scenario, req/s with counting over req/s without, pairs of the same round. */
  countingRatio: Record<string, Measured> | null;
  /** With BENCH_API_COUNTING=compare: per scenario, server CPU per request with counting over without. */
  countingCpuRatio: Record<string, Measured> | null;
}

/**
 * What per-key usage counting costs: two `lodging serve` at once on the same snapshot, one with LODGING_USAGE_COUNTING=off.
 * Both are started afresh every round (which starts first alternating), so a difference between two processes (JIT,
 * memory layout) is not taken for the cost of counting; each scenario runs on one then the other, order alternating.
 */
async function countingCost(
  dataDir: string,
  headers: Record<string, string>,
  paths: Record<string, string[]>,
  roundCount: number,
): Promise<{ rps: Record<string, number[]>; cpu: Record<string, number[]> }> {
  const ratios: Record<string, number[]> = {};
  const cpuRatios: Record<string, number[]> = {};
  for (let round = 1; round <= roundCount; round += 1) {
    const variants: { port: number; env: Record<string, string>; name: string }[] = [
      { port: API_PORT, env: {}, name: '-counted' },
      { port: API_UNCOUNTED_PORT, env: { LODGING_USAGE_COUNTING: 'off' }, name: '-uncounted' },
    ];
    const started: Awaited<ReturnType<typeof startApi>>[] = [];
    try {
      for (const variant of round % 2 ? variants : [...variants].reverse()) started.push(await startApi(dataDir, 1, variant));
      const counted = started.find((s) => s.url.endsWith(`:${API_PORT}`))!;
      const uncounted = started.find((s) => s.url.endsWith(`:${API_UNCOUNTED_PORT}`))!;
      const line: string[] = [];
      for (const scenario of ['get', 'search'] as const) {
        const order = round % 2 ? [counted, uncounted] : [uncounted, counted];
        const first = await load(scenario, order[0]!.url, paths[scenario]!, headers, order[0]!.child);
        const second = await load(scenario, order[1]!.url, paths[scenario]!, headers, order[1]!.child);
        const [on, off] = order[0] === counted ? [first, second] : [second, first];
        (ratios[scenario] ??= []).push(on.requestsPerSecond / off.requestsPerSecond);
        (cpuRatios[scenario] ??= []).push(on.cpuUsPerRequest / Math.max(off.cpuUsPerRequest, 1e-9));
        line.push(
          `${scenario} ${Math.round(on.requestsPerSecond)} req/s ${on.cpuUsPerRequest.toFixed(0)} µs counted, ` +
            `${Math.round(off.requestsPerSecond)} req/s ${off.cpuUsPerRequest.toFixed(0)} µs not`,
        );
      }
      log(`  counting, round ${round}/${roundCount}: ${line.join(', ')}`);
    } finally {
      for (const s of started) await stopChild(s.child);
    }
  }
  return { rps: ratios, cpu: cpuRatios };
}

const SCENARIOS = ['get', 'search', 'q', 'page1', 'page200'] as const;
type Scenario = (typeof SCENARIOS)[number];

async function main(): Promise<void> {
  const listings = Number(process.env.BENCH_API_LISTINGS ?? 200_000);
  const roundCount = Number(process.env.BENCH_API_ROUNDS ?? 3);
  const processCounts = (process.env.BENCH_API_PROCESSES ?? '1').split(',').map(Number);
  const { dataDir, importSeconds } = await ensureSnapshot(listings);
  const store = openSqliteKeyStore(keysDatabasePath(dataDir));
  const { secret } = await createKey(store, { accountId: `bench-${Date.now()}`, name: 'api bench' });
  await store.close();
  const headers = { 'X-API-Key': secret };

  const hello = await startHello();
  const api = await startApi(dataDir, 1).catch(async (error: unknown) => {
    await stopChild(hello.child);
    throw error;
  });
  const rps: Record<string, number[]> = {};
  const ratios: Record<string, number[]> = {};
  const p50: Record<string, number[]> = {};
  const p99: Record<string, number[]> = {};
  const helloRps: number[] = [];
  const cpu: Record<string, number[]> = {};
  const cpuRatios: Record<string, number[]> = {};
  const deepRatio: number[] = [];
  const processRps: Record<string, number[]> = {};
  let non2xx = 0;
  let errors = 0;
  let memory: ReturnType<typeof memoryOf>[] = [];
  let counting: { rps: Record<string, number[]>; cpu: Record<string, number[]> } | null = null;
  let scenarioPaths: Record<Scenario, string[]> | null = null;
  try {
    const vocabulary = vocabularyFor('es');
    const cities = vocabulary.cities.slice(0, 8).map((c) => citySlug(c.city)!);
    const types = ['hotel', 'guesthouse', 'apartment', 'ruralHouse'];
    const words = ['playa', 'sol', 'real', 'mar', 'boutique', 'camping', 'rural', 'centro'];
    const ids = await sampleIds(api.url, headers, listings);
    const deepQuery = 'country=es&lodgingType=hotel';
    const page200 = await cursorOfPage(api.url, deepQuery, Number(process.env.BENCH_API_DEEP_PAGE ?? 200), headers);
    const paths: Record<Scenario, string[]> = {
      get: ids.map((id) => `/api/v1/places/${encodeURIComponent(id)}`),
      search: cities.flatMap((city) => types.map((t) => `/api/v1/places?country=es&city=${city}&lodgingType=${t}`)),
      q: words.map((w) => `/api/v1/places?country=es&q=${w}`),
      page1: [`/api/v1/places?${deepQuery}`],
      page200: [`/api/v1/places?${deepQuery}&cursor=${encodeURIComponent(page200)}`],
    };
    scenarioPaths = paths;
    for (let round = 1; round <= roundCount; round += 1) {
      log(`round ${round}/${roundCount} (${process.env.BENCH_API_SECONDS ?? 5} s per scenario)…`);
      const base = await load('hello', hello.url, ['/'], {}, hello.child);
      helloRps.push(base.requestsPerSecond);
      (cpu.hello ??= []).push(base.cpuUsPerRequest);
      errors += base.errors;
      const byScenario = {} as Record<Scenario, Figures>;
      for (const scenario of SCENARIOS) {
        const f = await load(scenario, api.url, paths[scenario], headers, api.child);
        byScenario[scenario] = f;
        (rps[scenario] ??= []).push(f.requestsPerSecond);
        (ratios[scenario] ??= []).push(f.requestsPerSecond / base.requestsPerSecond);
        (p50[scenario] ??= []).push(f.p50Ms);
        (cpu[scenario] ??= []).push(f.cpuUsPerRequest);
        (cpuRatios[scenario] ??= []).push(base.cpuUsPerRequest / Math.max(f.cpuUsPerRequest, 1e-9));
        (p99[scenario] ??= []).push(f.p99Ms);
        non2xx += f.non2xx;
        errors += f.errors;
      }
      deepRatio.push(byScenario.page200.p50Ms / Math.max(byScenario.page1.p50Ms, 1e-9));
      log(
        `  hello ${Math.round(base.requestsPerSecond)} req/s; ` +
          SCENARIOS.map((sc) => `${sc} ${Math.round(byScenario[sc].requestsPerSecond)} (p50 ${byScenario[sc].p50Ms.toFixed(2)} ms)`).join(', '),
      );
      if (processCounts.includes(1)) (processRps['1'] ??= []).push(byScenario.get.requestsPerSecond);
    }
    memory = processTree(api.child.pid!).map(memoryOf);
  } catch (error) {
    await stopChild(hello.child);
    throw error;
  } finally {
    await stopChild(api.child);
  }
  try {
    if (process.env.BENCH_API_COUNTING === 'compare' && scenarioPaths) {
      log(`usage counting on vs off: get and search, ${process.env.BENCH_API_COUNTING_ROUNDS ?? 6} rounds…`);
      counting = await countingCost(dataDir, headers, scenarioPaths, Number(process.env.BENCH_API_COUNTING_ROUNDS ?? 6));
    }
    for (const count of processCounts.filter((n) => n > 1)) {
      log(`serve --processes ${count}: get by id, ${roundCount} rounds…`);
      const cluster = await startApi(dataDir, count);
      try {
        const ids = await sampleIds(cluster.url, headers, listings);
        for (let round = 1; round <= roundCount; round += 1) {
          const f = await load('get', cluster.url, ids.map((id) => `/api/v1/places/${encodeURIComponent(id)}`), headers, cluster.child);
          (processRps[String(count)] ??= []).push(f.requestsPerSecond);
          non2xx += f.non2xx;
          errors += f.errors;
        }
      } finally {
        await stopChild(cluster.child);
      }
    }
  } finally {
    await stopChild(hello.child);
  }

  const mapValues = (record: Record<string, number[]>) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, measured(v)]));
  const figures: ApiBenchFigures = {
    at: new Date().toISOString(),
    listings,
    importSeconds,
    rounds: roundCount,
    secondsPerScenario: Number(process.env.BENCH_API_SECONDS ?? 5),
    connections: Number(process.env.BENCH_API_CONNECTIONS ?? 32),
    startMs: api.startMs,
    helloRps: measured(helloRps),
    rps: mapValues(rps),
    ratioToHello: mapValues(ratios),
    cpuUsPerRequest: mapValues(cpu),
    cpuRatioToHello: mapValues(cpuRatios),
    p50Ms: mapValues(p50),
    p99Ms: mapValues(p99),
    deepPageP50Ratio: measured(deepRatio),
    memory,
    non2xx,
    errors,
    processes: mapValues(processRps),
    countingRatio: counting ? mapValues(counting.rps) : null,
    countingCpuRatio: counting ? mapValues(counting.cpu) : null,
  };
  await fs.writeFile(path.join(outDir, 'api-bench.json'), `${JSON.stringify(figures, null, 2)}\n`);
  const pct = (m: Measured) => `${(m.median * 100).toFixed(0)}% (${(m.min * 100).toFixed(0)}–${(m.max * 100).toFixed(0)})`;
  const lines = [
    `API benchmark: ${listings} listings, ${roundCount} rounds × ${figures.secondsPerScenario} s, ${figures.connections} connections, start ${(api.startMs / 1000).toFixed(1)} s`,
    `hello: ${Math.round(figures.helloRps.median)} req/s (${Math.round(figures.helloRps.min)}–${Math.round(figures.helloRps.max)})`,
    ...SCENARIOS.map(
      (sc) =>
        `${sc.padEnd(8)} ${Math.round(figures.rps[sc]!.median).toString().padStart(6)} req/s  vs hello ${pct(figures.ratioToHello[sc]!)}  p50 ${figures.p50Ms[sc]!.median.toFixed(2)} ms  ` +
        `server CPU ${figures.cpuUsPerRequest[sc]!.median.toFixed(0)} µs/request (hello ${figures.cpuUsPerRequest.hello!.median.toFixed(0)}: ${pct(figures.cpuRatioToHello[sc]!)})`,
    ),
    `page 200 / page 1 p50: ${figures.deepPageP50Ratio.median.toFixed(2)} (${figures.deepPageP50Ratio.min.toFixed(2)}–${figures.deepPageP50Ratio.max.toFixed(2)})`,
    `RSS: ${memory.map((m) => `${m.rssMb.toFixed(0)} MB (peak ${m.peakRssMb.toFixed(0)}, anon ${m.anonMb.toFixed(0)})`).join(', ')}`,
    ...Object.entries(figures.processes).map(([n, m]) => `get by id with ${n} process(es): ${Math.round(m.median)} req/s (${Math.round(m.min)}–${Math.round(m.max)})`),
    ...Object.entries(figures.countingRatio ?? {}).map(
      ([sc, m]) =>
        `${sc} with usage counting / without: req/s ${m.median.toFixed(3)} (${m.min.toFixed(3)}–${m.max.toFixed(3)}; target ≥ 0.95), ` +
        `server CPU per request ${figures.countingCpuRatio![sc]!.median.toFixed(3)} ` +
        `(${figures.countingCpuRatio![sc]!.min.toFixed(3)}–${figures.countingCpuRatio![sc]!.max.toFixed(3)}; target ≤ 1.05)`,
    ),
    `non-2xx: ${non2xx}, errors: ${errors}`,
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
}

await main();
