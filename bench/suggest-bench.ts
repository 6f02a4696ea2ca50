// `npm run bench:suggest`: suggestions, relevance, typo matching and facets against get-by-id and the literal search,
// on the 200k benchmark snapshot through the real `lodging serve`, scenarios interleaved over rounds (a shared machine).
// Env: BENCH_SUGGEST_LISTINGS (200000), BENCH_SUGGEST_SECONDS (4 per scenario and round), BENCH_SUGGEST_ROUNDS (3),
// BENCH_SUGGEST_CONNECTIONS (16). Prints each ratio (median over rounds) beside its goal, with the date and load.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, promises as fs, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { createKey } from '../api/keys/create-key.ts';
import { keysDatabasePath, openSqliteKeyStore } from '../api/keys/sqlite-key-store.ts';
import { createRandom } from '../pipeline/generate/prng.ts';
import { SCHEMA_VERSION } from '../pipeline/snapshot/statements.ts';
import { searchWords } from '../pipeline/snapshot/search-words.ts';
import { readPointer } from '../pipeline/snapshot/snapshot-pointer.ts';
import { snapshotPath } from '../pipeline/snapshot/snapshot-paths.ts';
import { ensureBenchExport } from './support/bench-files.ts';
import { importWithCli } from './support/cli-import.ts';
import { recordResponseLatency, type ResponseLatency } from './support/response-latency.ts';
import { registerPlaceTextFunctions } from '../pipeline/snapshot/place-text-sql.ts';

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const LODGING = fileURLToPath(new URL('../bin/lodging.js', import.meta.url));
const PORT = 3174;
const SEED = 1;
const log = (text: string) => process.stderr.write(`${text}\n`);

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  /** Server CPU per request: on a shared, saturated machine steadier than latency. */
  cpuUs: number;
}

/** The server's processes: the one started and any it forked. */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    /* gone */
  }
  return [pid, ...children.flatMap(processTree)];
}

/** User + system CPU of a process in microseconds, from /proc/PID/stat (clock ticks of 10 ms). */
function cpuUsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

async function ensureSnapshot(listings: number): Promise<{ dataDir: string; importSeconds: number | null }> {
  const file = await ensureBenchExport(outDir, 'es', listings, SEED, log);
  const dataDir = path.join(outDir, `suggest-data-es-${listings}-seed${SEED}`);
  const stampFile = path.join(dataDir, 'bench-stamp.json');
  const wanted = `${await fs.readFile(`${file}.stamp.json`, 'utf8')}\nschema ${SCHEMA_VERSION}`;
  if ((await fs.readFile(stampFile, 'utf8').catch(() => null)) === wanted) return { dataDir, importSeconds: null };
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true });
  log(`importing ${listings} listings…`);
  const result = await importWithCli(file, dataDir, 'es');
  await fs.writeFile(stampFile, wanted);
  return { dataDir, importSeconds: result.wallMs / 1000 };
}

function currentSnapshot(dataDir: string): string {
  const info = readPointer(dataDir, 'es');
  if (!info) throw new Error('the import published nothing');
  return snapshotPath(dataDir, 'es', info.version);
}

async function waitForReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 3000; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the API did not start');
}

/**
 * One scenario under load. Latency quantiles come from every 2xx response's own time (autocannon measures each with
 * hrtime, in fractions of a millisecond), not from autocannon's histogram, which keeps whole milliseconds: at 3–5 ms
 * a request, whole milliseconds moved a ratio by a third.
 */
async function load(base: string, paths: string[], headers: Record<string, string>, pid = 0): Promise<Figures> {
  const seconds = Number(process.env.BENCH_SUGGEST_SECONDS ?? 4);
  const connections = Number(process.env.BENCH_SUGGEST_CONNECTIONS ?? 16);
  let next = 0;
  const requests = [{ setupRequest: (req: { path?: string }) => ({ ...req, path: paths[next++ % paths.length] }) }];
  const pids = processTree(pid);
  const cpu = () => pids.reduce((sum, one) => sum + cpuUsOf(one), 0);
  const cpuBefore = cpu();
  let latency: ResponseLatency | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: base, connections, duration: seconds, headers, requests }, (error, done) => (error ? reject(error) : resolve(done)));
    latency = recordResponseLatency(instance);
  });
  const cpuUs = (cpu() - cpuBefore) / Math.max(1, result.requests.total);
  return { ...latency!.quantiles(), rps: result.requests.average, non2xx: result.non2xx, cpuUs };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A word of 4+ letters typed with one mistake: a letter dropped, doubled, replaced or two swapped. */
function misspell(word: string, random: ReturnType<typeof createRandom>): string {
  const at = 1 + random.int(word.length - 2);
  switch (random.int(4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    case 2:
      return word.slice(0, at) + (word[at] === 'e' ? 'a' : 'e') + word.slice(at + 1);
    default:
      return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
  }
}

async function main(): Promise<void> {
  const listings = Number(process.env.BENCH_SUGGEST_LISTINGS ?? 200_000);
  const rounds = Number(process.env.BENCH_SUGGEST_ROUNDS ?? 3);
  await fs.mkdir(outDir, { recursive: true });
  const { dataDir, importSeconds } = await ensureSnapshot(listings);
  const snapshotFile = currentSnapshot(dataDir);
  const db = new Database(snapshotFile, { readonly: true });
  registerPlaceTextFunctions(db);
  const words = db.prepare('SELECT count(*) FROM search_words').pluck().get() as number;
  const wordBytes = db.prepare('SELECT sum(length(word) + length(name_rowids) + length(city_rowids) + length(label_rowids)) FROM search_words').pluck().get() as number;
  const sample = db.prepare("SELECT id, json_extract(served_json(place_json), '$.name'), city_slug FROM places WHERE rowid % 97 = 0 LIMIT 600").raw(true).all() as [string, string, string | null][];
  db.close();

  const store = openSqliteKeyStore(keysDatabasePath(dataDir));
  const created = await createKey(store, { accountId: 'bench', name: 'suggest bench' });
  await store.close();
  const headers = { 'X-API-Key': created.secret };

  const random = createRandom(35);
  const suggestPaths: string[] = [];
  const literal: string[] = [];
  const relevance: string[] = [];
  const typo: string[] = [];
  const plain: string[] = [];
  const faceted: string[] = [];
  const types = ['hotel', 'guesthouse', 'hostel', 'apartment', 'campsite'];
  for (const [, name, city] of sample) {
    const nameWords = searchWords(name ?? '').filter((w) => w.length >= 4);
    if (nameWords.length === 0) continue;
    const word = nameWords[random.int(nameWords.length)]!;
    const typed = random.int(2) === 0 ? word.slice(0, 3 + random.int(3)) : misspell(word, random);
    suggestPaths.push(`/api/v1/places/suggest?country=es&q=${encodeURIComponent(typed)}`);
    literal.push(`/api/v1/places?country=es&q=${encodeURIComponent(word)}`);
    relevance.push(`/api/v1/places?country=es&q=${encodeURIComponent(word)}&sort=relevance`);
    typo.push(`/api/v1/places?country=es&q=${encodeURIComponent(word)}&match=typo`);
    const filters = `country=es${city ? `&city=${city}` : ''}&lodgingType=${types[random.int(types.length)]}`;
    plain.push(`/api/v1/places?${filters}`);
    faceted.push(`/api/v1/places?${filters}&facets=lodgingType,city,whatsappEligible,verified`);
  }
  const gets = sample.map(([id]) => `/api/v1/places/${encodeURIComponent(id)}`);
  const scenarios: Record<string, string[]> = { get: gets, suggest: suggestPaths, literal, relevance, typo, plain, faceted };

  const logFile = path.join(outDir, 'suggest-serve.log');
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, [LODGING, 'serve', '--port', String(PORT), '--host', '127.0.0.1'], {
    stdio: ['ignore', fd, fd],
    env: { ...process.env, LODGING_DATA_DIR: dataDir, LODGING_RATE_LIMIT: '1000000000', NODE_ENV: 'production', LOG_LEVEL: 'warn', LODGING_RUNTIME: 'compiled' },
  });
  closeSync(fd);
  const base = `http://127.0.0.1:${PORT}`;
  const figures: Record<string, Figures[]> = {};
  try {
    await waitForReady(base, child);
    for (const paths of Object.values(scenarios)) await load(base, paths.slice(0, 50), headers, child.pid); // warm
    for (let round = 0; round < rounds; round += 1) {
      const order = Object.keys(scenarios);
      if (round % 2 === 1) order.reverse();
      for (const name of order) {
        const found = await load(base, scenarios[name]!, headers, child.pid);
        (figures[name] ??= []).push(found);
        log(`round ${round + 1} ${name}: p50 ${found.p50.toFixed(2)} ms p99 ${found.p99.toFixed(2)} ms ${Math.round(found.rps)} req/s ${found.cpuUs.toFixed(0)} µs CPU${found.non2xx ? ` (${found.non2xx} non-2xx)` : ''}`);
      }
    }
  } finally {
    child.kill('SIGTERM');
  }
  const ratio = (a: string, b: string, key: 'p50' | 'p99' | 'cpuUs') => median(figures[a]!.map((f, i) => f[key] / Math.max(figures[b]![i]![key], 0.001)));
  const rows = [
    ['suggest / get by id, p50', ratio('suggest', 'get', 'p50'), 1.5],
    ['suggest / get by id, p99', ratio('suggest', 'get', 'p99'), 3],
    ['q + sort=relevance / literal q, p50', ratio('relevance', 'literal', 'p50'), 1.5],
    ['q + match=typo / literal q, p50', ratio('typo', 'literal', 'p50'), 2],
    ['all four facets / without, p50', ratio('faceted', 'plain', 'p50'), 2],
    ['suggest / get by id, server CPU', ratio('suggest', 'get', 'cpuUs'), 1.5],
    ['relevance / literal, server CPU', ratio('relevance', 'literal', 'cpuUs'), 1.5],
    ['typo / literal, server CPU', ratio('typo', 'literal', 'cpuUs'), 2],
    ['facets / without, server CPU', ratio('faceted', 'plain', 'cpuUs'), 2],
  ] as const;
  const load1 = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`suggest bench ${new Date().toISOString()} · ${listings} listings · load ${load1} · ${os.cpus().length} cores`);
  console.log(`snapshot ${(statSync(snapshotFile).size / 2 ** 20).toFixed(1)} MiB; word index ${words} words, ${(wordBytes / 2 ** 20).toFixed(1)} MiB${importSeconds === null ? '' : `; import ${importSeconds.toFixed(1)} s`}`);
  for (const [name, list] of Object.entries(figures)) {
    console.log(`  ${name.padEnd(9)} p50 ${median(list.map((f) => f.p50)).toFixed(2)} ms  p99 ${median(list.map((f) => f.p99)).toFixed(2)} ms  ${Math.round(median(list.map((f) => f.rps)))} req/s  ${median(list.map((f) => f.cpuUs)).toFixed(0)} µs CPU`);
  }
  for (const [label, value, goal] of rows) console.log(`  ${label.padEnd(38)} ${value.toFixed(2)}×  (goal ≤ ${goal}×) ${value <= goal ? 'met' : 'NOT met'}`);
}

await main();
