// `node --import tsx bench/request-cost-ab.ts DIST_A[=DATA_DIR] DIST_B[=DATA_DIR] [scenario…]`: the CPU a request costs in
// two compiled builds, both started in this one process (each its own `startServer` on a free port, its access log
// written to nowhere) and loaded in turns of a few hundred requests, A then B then B then A…, so both see the same
// moments of a shared machine. CPU is this process's (server and client both: the client's part is the same for A and B,
// so B − A is what the build changed). DATA_DIR defaults to bench:api's snapshot (run bench:api once first); a build of
// another snapshot schema takes its own. Env: BENCH_API_LISTINGS (200000), BENCH_COST_ROUNDS (12), BENCH_COST_REQUESTS
// (400 per turn), BENCH_COST_IN_FLIGHT (4). Prints medians, and B/A with its spread over the rounds.
import http from 'node:http';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { providerIdFor } from '../pipeline/generate/generate-listings.ts';
import { vocabularyFor } from '../pipeline/generate/generator-vocabulary.ts';
import { createRandom } from '../pipeline/generate/prng.ts';
import { citySlug } from '../pipeline/normalise/city-slug.ts';

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const listings = Number(process.env.BENCH_API_LISTINGS ?? 200_000);
const rounds = Number(process.env.BENCH_COST_ROUNDS ?? 12);
const perTurn = Number(process.env.BENCH_COST_REQUESTS ?? 400);
const inFlight = Number(process.env.BENCH_COST_IN_FLIGHT ?? 4);
const SCENARIOS = ['get', 'search', 'q', 'page1', 'page200'];
const args = process.argv.slice(2);
const builds = args.filter((a) => !SCENARIOS.includes(a));
const scenarios = args.filter((a) => SCENARIOS.includes(a));
if (builds.length !== 2) throw new Error('usage: request-cost-ab.ts DIST_A[=DATA_DIR] DIST_B[=DATA_DIR] [scenario…]');
const log = (text: string) => process.stderr.write(`${text}\n`);

interface Build {
  name: string;
  port: number;
  headers: Record<string, string>;
  paths: Record<string, string[]>;
  close(): Promise<void>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });

/** One GET on the kept-alive connections; resolves with the status once the body is read. */
function get(port: number, pathAndQuery: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathAndQuery, headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function start(spec: string, name: string): Promise<Build> {
  const [distArg, dataArg] = spec.split('=');
  const dist = path.resolve(distArg!);
  const dataDir = path.resolve(dataArg ?? path.join(outDir, `api-data-es-${listings}-seed1`));
  if (!existsSync(path.join(dataDir, 'snapshots'))) throw new Error(`${dataDir} has no snapshots: run npm run bench:api once first`);
  const load = (file: string) => import(pathToFileURL(path.join(dist, file)).href);
  const { parseConfig } = await load('platform/environment.js');
  const { startServer } = await load('api/server.js');
  const { createLogger } = await load('api/http/request-logger.js');
  const { createKey } = await load('api/keys/create-key.js');
  const { keysDatabasePath, openSqliteKeyStore } = await load('api/keys/sqlite-key-store.js');
  const store = openSqliteKeyStore(keysDatabasePath(dataDir));
  const { secret } = await createKey(store, { accountId: `cost-${name}-${Date.now()}`, name: 'request cost' });
  await store.close();
  const config = parseConfig({ ...process.env, LODGING_DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'production', LODGING_RATE_LIMIT: '1000000000', LOG_LEVEL: 'info' });
  const server = await startServer(config, { host: '127.0.0.1', logger: createLogger('info', { write: () => undefined }) });
  const port = Number(new URL(server.url).port);
  const headers = { 'X-API-Key': secret };

  const vocabulary = vocabularyFor('es');
  const random = createRandom(42);
  const ids: string[] = [];
  for (let tries = 0; ids.length < 300 && tries < 20_000; tries += 1) {
    const id = `es-${providerIdFor(vocabulary, 1, random.int(listings))}`;
    if ((await get(port, `/api/v1/places/${encodeURIComponent(id)}`, headers)).status === 200) ids.push(id);
  }
  const deepQuery = 'country=es&lodgingType=hotel';
  let cursor = '';
  for (let i = 1; i < 200; i += 1) {
    const { body } = await get(port, `/api/v1/places?${deepQuery}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, headers);
    cursor = (JSON.parse(body) as { page: { nextCursor: string } }).page.nextCursor;
  }
  const cities = vocabulary.cities.slice(0, 8).map((c) => citySlug(c.city)!);
  const paths: Record<string, string[]> = {
    get: ids.map((id) => `/api/v1/places/${encodeURIComponent(id)}`),
    search: cities.flatMap((city) => ['hotel', 'guesthouse', 'apartment', 'ruralHouse'].map((t) => `/api/v1/places?country=es&city=${city}&lodgingType=${t}`)),
    q: ['playa', 'sol', 'real', 'mar', 'boutique', 'camping', 'rural', 'centro'].map((w) => `/api/v1/places?country=es&q=${w}`),
    page1: [`/api/v1/places?${deepQuery}`],
    page200: [`/api/v1/places?${deepQuery}&cursor=${encodeURIComponent(cursor)}`],
  };
  return { name, port, headers, paths, close: () => server.close() };
}

/** CPU µs per request of this process over `count` requests, `inFlight` at a time. */
async function turn(build: Build, list: string[], count: number): Promise<number> {
  let next = 0;
  let bad = 0;
  const before = process.cpuUsage();
  const worker = async () => {
    while (next < count) {
      const at = next++;
      if ((await get(build.port, list[at % list.length]!, build.headers)).status !== 200) bad += 1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const used = process.cpuUsage(before);
  if (bad > 0) throw new Error(`${build.name}: ${bad} answers were not 200`);
  return (used.user + used.system) / count;
}

const median = (values: number[]) => {
  const s = [...values].sort((x, y) => x - y);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const a = await start(builds[0]!, 'A');
const b = await start(builds[1]!, 'B');
try {
  const chosen = scenarios.length > 0 ? scenarios : SCENARIOS;
  const cost: Record<string, { a: number[]; b: number[] }> = {};
  const loads: number[] = [];
  for (const build of [a, b]) for (const scenario of chosen) await turn(build, build.paths[scenario]!, perTurn); // warm-up
  for (let round = 1; round <= rounds; round += 1) {
    for (const scenario of chosen) {
      const c = (cost[scenario] ??= { a: [], b: [] });
      for (const build of round % 2 ? [a, b] : [b, a]) (build === a ? c.a : c.b).push(await turn(build, build.paths[scenario]!, perTurn));
    }
    loads.push(loadavg()[0]!);
    log(`round ${round}/${rounds}, load ${loadavg()[0]!.toFixed(1)}`);
  }
  const lines = [
    `A ${builds[0]}  B ${builds[1]}  ${rounds} rounds × ${perTurn} requests, ${inFlight} in flight, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (${new Date().toISOString()})`,
  ];
  for (const [scenario, c] of Object.entries(cost)) {
    const ratios = c.b.map((x, i) => x / c.a[i]!);
    lines.push(
      `${scenario.padEnd(8)} CPU µs/request A ${median(c.a).toFixed(0).padStart(5)}  B ${median(c.b).toFixed(0).padStart(5)}  ` +
        `B−A ${(median(c.b) - median(c.a)).toFixed(0).padStart(5)}  B/A ${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await a.close();
  await b.close();
  agent.destroy();
}
