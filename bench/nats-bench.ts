// `npm run bench:nats`: snapshot distribution through NATS JetStream: pointer move → three `serve` replicas serving, and the API's rate during a swap.
// Starts its own nats-server (loopback, free port, temporary store) and three `lodging serve` replicas (compiled build,
// production env, each its own empty data directory); a separate `lodging` process imports, publishes and rolls back.
// 1. Pointer move → every replica serving it (/readyz polled): fresh publishes (announced first: each replica downloads
//    and checks it before the pointer moves, then swaps) and rollback / roll-forward between two kept snapshots (the
//    file is local: swapped). For publishes also the announcement → all serving: download, check, wait, swap.
// 2. autocannon (get by id) on one replica at rest, then while a pointer move reaches it: req/s and the worst latency.
//    A publish of the same export again (its places' rows as the replicas' served file holds them) and of an export
//    with one listing in BENCH_NATS_CHANGE_EVERY renamed (10: a replica checks those rows only) are timed apart.
// Env: BENCH_NATS_LISTINGS (200000), BENCH_NATS_PUBLISHES (2), BENCH_NATS_CHANGE_EVERY (10), BENCH_NATS_ROUNDS (6 rollback / roll-forward moves),
// BENCH_NATS_SECONDS (5: autocannon at rest, and the least a swap window lasts), BENCH_NATS_CONNECTIONS (32),
// BENCH_NATS_POLL_MS (25), BENCH_NATS_DEADLINE_S (300 per move). Figures are printed, never asserted.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, promises as fs, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { KvEntry } from 'nats';
import { createKey } from '../api/keys/create-key.ts';
import { keysDatabasePath, openSqliteKeyStore } from '../api/keys/sqlite-key-store.ts';
import { providerIdFor } from '../pipeline/generate/generate-listings.ts';
import { vocabularyFor } from '../pipeline/generate/generator-vocabulary.ts';
import { createRandom } from '../pipeline/generate/prng.ts';
import { openNatsSnapshotStore, type NatsSnapshotStore } from '../pipeline/distribution/nats-snapshot-store.ts';
import { freePort } from '../test/support/local-ports.ts';
import { startNatsServer } from '../test/support/nats-server.ts';
import { writeSnapshotKeyPair } from '../test/support/snapshot-key-pair.ts';
import { ensureBenchExport } from './support/bench-files.ts';
import { sizeLabel } from './support/bench-report.ts';

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const LODGING = fileURLToPath(new URL('../bin/lodging.js', import.meta.url));
const log = (text: string) => process.stderr.write(`${text}\n`);
const SEED = 1;
const LISTINGS = Number(process.env.BENCH_NATS_LISTINGS ?? 200_000);
const PUBLISHES = Number(process.env.BENCH_NATS_PUBLISHES ?? 2);
const ROUNDS = Number(process.env.BENCH_NATS_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_NATS_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_NATS_CONNECTIONS ?? 32);
const POLL_MS = Number(process.env.BENCH_NATS_POLL_MS ?? 25);
const DEADLINE_MS = Number(process.env.BENCH_NATS_DEADLINE_S ?? 300) * 1000;
const CHANGE_EVERY = Number(process.env.BENCH_NATS_CHANGE_EVERY ?? 10);
const REPLICAS = 3;
/** Goal: pointer move → every replica serving, on a 2-core machine. */
const TARGET_MOVE_MS = 2000;
const PREFIX = `bench${process.pid}${Date.now().toString(36)}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- cleanup: every process and directory this run made, in reverse order, on exit or failure -----------------

const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const undo of cleanups.reverse()) await Promise.resolve(undo()).catch(() => undefined);
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`nats bench: ${signal}, cleaning up`);
    void cleanUp().then(() => process.exit(130));
  });
}

async function tempDir(name: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(tmpdir(), `lodging-natsbench-${name}-`));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killed);
}

function track(child: ChildProcess): ChildProcess {
  cleanups.push(() => stopChild(child));
  return child;
}

// ---- nats-server and the replicas ------------------------------------------------------------------------------

/** A private nats-server (JetStream in a temporary directory, a free port), stopped and removed at the end. */
async function startNats(): Promise<string> {
  if (spawnSync('nats-server', ['--version']).status !== 0) throw new Error('nats-server is not on the PATH');
  const nats = await startNatsServer();
  cleanups.push(() => nats.dispose());
  return nats.url;
}

/** The deployment's snapshot signing pair: the publisher signs pointer records, replicas follow only what verifies. */
let keyPair: { signingKey: string; verifyKey: string } | null = null;

/** What every process of this deployment shares: the store and its prefix, the signing pair, no Redis, production settings. */
function envFor(natsUrl: string, dataDir: string): NodeJS.ProcessEnv {
  if (!keyPair) throw new Error('the signing key pair is made before any process starts');
  return {
    ...process.env,
    LODGING_SNAPSHOT_SIGNING_KEY: keyPair.signingKey,
    LODGING_SNAPSHOT_VERIFY_KEY: keyPair.verifyKey,
    LODGING_DATA_DIR: dataDir,
    LODGING_SNAPSHOT_STORE: natsUrl,
    LODGING_NATS_PREFIX: PREFIX,
    REDIS_URL: '',
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    LODGING_RUNTIME: 'compiled',
    LODGING_RATE_LIMIT: '1000000000',
    LODGING_PUBLIC_URL: 'http://lodging.bench',
  };
}

interface Replica {
  name: string;
  child: ChildProcess;
  url: string;
  logFile: string;
}

async function startReplica(name: string, natsUrl: string, dataDir: string): Promise<Replica> {
  const port = await freePort();
  const logFile = path.join(outDir, `nats-${name}.log`);
  const fd = openSync(logFile, 'w');
  const child = track(
    spawn(process.execPath, [LODGING, 'serve', '--port', String(port), '--host', '127.0.0.1', '--processes', '1'], {
      stdio: ['ignore', fd, fd],
      env: envFor(natsUrl, dataDir),
    }),
  );
  closeSync(fd);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited ${child.exitCode}: ${readFileSync(logFile, 'utf8').slice(-1000)}`);
    const ok = await fetch(`${url}/healthz`).then(
      async (res) => (await res.arrayBuffer(), res.ok),
      () => false,
    );
    if (ok) return { name, child, url, logFile };
    if (Date.now() > deadline) throw new Error(`${name} did not answer /healthz within 60 s`);
    await sleep(100);
  }
}

/** One `lodging` command of the publishing machine, to its end; its output, or a throw naming its last lines. */
async function lodging(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = track(spawn(process.execPath, [LODGING, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] }));
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`lodging ${args.slice(0, 3).join(' ')} exited ${code}: ${stderr.trim().split('\n').slice(-3).join(' / ')}`);
  return stdout;
}

// ---- the pointer, as the bench sees it move ----------------------------------------------------------------------

interface Move {
  version: string;
  revision: number;
  /** When JetStream stored the pointer's new value (ms since the epoch; the same clock as the polls). */
  at: number;
  /** When the bench's own watch heard of it. */
  heardAt: number;
}

/** Called when the watch hears an announcement (`stage.es`): timeMove reads the replicas' CPU then. */
let onAnnounce: (() => void) | null = null;

function watchPointer(store: NatsSnapshotStore) {
  const moves: Move[] = [];
  /** When JetStream stored each announcement (`stage.es`), by version. */
  const announced = new Map<string, number>();
  const waiter: { wake: (() => void) | null } = { wake: null };
  const watching: { stop: (() => void) | null } = { stop: null };
  const ready = (async () => {
    const kv = await store.connection.jetstream().views.kv(`${PREFIX}-pointers`, { history: 5 });
    const watched = await kv.watch({ key: '>' });
    watching.stop = () => watched.stop();
    void (async () => {
      for await (const entry of watched as AsyncIterable<KvEntry>) {
        if (entry.operation !== 'PUT') continue;
        const value = entry.json<{ entry: { version: string } }>();
        if (entry.key === 'stage.es') {
          announced.set(value.entry.version, entry.created.getTime());
          onAnnounce?.();
        }
        if (entry.key !== 'current.es') continue;
        moves.push({ version: value.entry.version, revision: entry.revision, at: entry.created.getTime(), heardAt: Date.now() });
        waiter.wake?.();
      }
    })();
  })();
  return {
    ready,
    lastRevision: () => moves.at(-1)?.revision ?? 0,
    announcedAt: (version: string) => announced.get(version) ?? null,
    /** The first move after `revision`, waited for up to the deadline. */
    async after(revision: number): Promise<Move> {
      const deadline = Date.now() + DEADLINE_MS;
      for (;;) {
        const found = moves.find((m) => m.revision > revision);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`the pointer did not move within ${DEADLINE_MS / 1000} s`);
        await new Promise<void>((resolve) => {
          waiter.wake = resolve;
          setTimeout(resolve, 200);
        });
      }
    },
    stop: () => watching.stop?.(),
  };
}

type Watch = ReturnType<typeof watchPointer>;

async function servedVersion(replica: Replica): Promise<string | null> {
  try {
    const res = await fetch(`${replica.url}/readyz`);
    const body = (await res.json()) as { snapshots?: Record<string, { version: string }> };
    return body.snapshots?.es?.version ?? null;
  } catch {
    return null;
  }
}

/** When each replica first answered /readyz with `version` (ms since the epoch), polled every POLL_MS up to the deadline. */
async function servingTimes(replicas: Replica[], version: string): Promise<number[]> {
  return Promise.all(
    replicas.map(async (replica) => {
      const deadline = Date.now() + DEADLINE_MS;
      for (;;) {
        if (replica.child.exitCode !== null) throw new Error(`${replica.name} exited ${replica.child.exitCode} (log: ${replica.logFile})`);
        if ((await servedVersion(replica)) === version) return Date.now();
        if (Date.now() > deadline) throw new Error(`${replica.name} does not serve ${version} ${DEADLINE_MS / 1000} s after the pointer moved (log: ${replica.logFile})`);
        await sleep(POLL_MS);
      }
    }),
  );
}

interface MoveResult {
  kind: 'cold' | 'publish' | 'changed' | 'rollback';
  version: string;
  /** When the pointer moved (ms since the epoch), to read beside the replicas' logs. */
  at: number;
  /** Pointer move → each replica serving, ms. */
  perReplicaMs: number[];
  allMs: number;
  /** Pointer stored → the bench's watch hearing of it, ms. */
  heardMs: number;
  /** Announcement → the pointer move (the wait for every replica to fetch it), and → every replica serving; ms. */
  waitMs: number | null;
  fromAnnouncementMs: number | null;
  /** CPU seconds (user + system) each replica spent from the announcement (or, without one, the command's start) until it served the version. */
  replicaCpuS: number[];
}

/** A process's CPU seconds so far (user + system), from /proc; 0 where /proc is not there. */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Runs the command that moves the pointer, then times the move until every replica serves the new version. */
async function timeMove(kind: MoveResult['kind'], watch: Watch, replicas: Replica[], move: () => Promise<unknown>): Promise<MoveResult> {
  const before = watch.lastRevision();
  const started = Date.now();
  let cpuBefore = replicas.map((r) => cpuSecondsOf(r.child.pid!));
  onAnnounce = () => {
    cpuBefore = replicas.map((r) => cpuSecondsOf(r.child.pid!));
    onAnnounce = null;
  };
  const command = move();
  const moved = await Promise.race([watch.after(before), command.then(() => watch.after(before))]);
  const served = await servingTimes(replicas, moved.version);
  const replicaCpuS = replicas.map((r, i) => cpuSecondsOf(r.child.pid!) - cpuBefore[i]!);
  onAnnounce = null;
  await command;
  const perReplicaMs = served.map((t) => t - moved.at);
  // Only an announcement this command made (a rollback announces nothing; its version's was an earlier publish's).
  const announcedAt = (watch.announcedAt(moved.version) ?? 0) >= started ? watch.announcedAt(moved.version) : null;
  return {
    kind,
    version: moved.version,
    at: moved.at,
    perReplicaMs,
    allMs: Math.max(...perReplicaMs),
    heardMs: moved.heardAt - moved.at,
    waitMs: announcedAt === null ? null : moved.at - announcedAt,
    fromAnnouncementMs: announcedAt === null ? null : Math.max(...served) - announcedAt,
    replicaCpuS,
  };
}

// ---- load on one replica -----------------------------------------------------------------------------------------

/** Ids the generator made that the snapshot publishes (some listings are rejected or closed: those answer 404). */
async function sampleIds(replica: Replica, headers: Record<string, string>): Promise<string[]> {
  const vocabulary = vocabularyFor('es');
  const random = createRandom(42);
  const ids: string[] = [];
  for (let tries = 0; ids.length < 200 && tries < 2000; tries += 1) {
    const id = `es-${providerIdFor(vocabulary, SEED, random.int(LISTINGS))}`;
    const res = await fetch(`${replica.url}/api/v1/places/${encodeURIComponent(id)}`, { headers });
    await res.arrayBuffer();
    if (res.status === 200) ids.push(id);
  }
  if (ids.length === 0) throw new Error('no generated id answers 200 on the replica');
  return ids;
}

interface LoadRun {
  /** Completion time (ms since the epoch) and latency (ms) of every response. */
  responses: { at: number; ms: number; ok: boolean }[];
  startedAt: number;
  endedAt: number;
  errors: number;
}

/** autocannon on the replica's get-by-id until `until` resolves (and at least `minSeconds`), bounded by the deadline. */
async function load(replica: Replica, paths: string[], headers: Record<string, string>, minSeconds: number, until: Promise<unknown> = Promise.resolve()): Promise<LoadRun> {
  let next = 0;
  const requests = [{ setupRequest: (req: { path?: string }) => ({ ...req, path: paths[next++ % paths.length] }) }];
  const responses: LoadRun['responses'] = [];
  const startedAt = Date.now();
  let finish: (value: autocannon.Result) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const options = { url: replica.url, connections: CONNECTIONS, duration: Math.ceil(DEADLINE_MS / 1000) + minSeconds, headers, requests };
  const instance = autocannon(options, (error, done) => (error ? fail(error) : finish(done)));
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    responses.push({ at: Date.now(), ms: responseTime, ok: statusCode === 200 });
  });
  let stopped = false;
  const stop = () => {
    if (!stopped) instance.stop();
    stopped = true;
  };
  const result = Promise.all([sleep(minSeconds * 1000), until]).then(stop, (error: unknown) => {
    stop();
    throw error;
  });
  const done = await finished;
  await result;
  return { responses, startedAt, endedAt: Date.now(), errors: done.errors + done.timeouts };
}

function rateIn(run: LoadRun, from: number, to: number): { rps: number; maxMs: number; p99Ms: number; non200: number; count: number } {
  const inside = run.responses.filter((r) => r.at >= from && r.at <= to);
  const sorted = inside.map((r) => r.ms).sort((a, b) => a - b);
  return {
    rps: inside.length / Math.max((to - from) / 1000, 1e-3),
    maxMs: sorted.at(-1) ?? 0,
    p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    non200: inside.filter((r) => !r.ok).length,
    count: inside.length,
  };
}

interface SwapLoad {
  kind: 'publish' | 'rollback';
  restRps: number;
  restMaxMs: number;
  /** From the pointer move until the loaded replica serves the new version. */
  swapMs: number;
  swapRps: number;
  swapMaxMs: number;
  swapP99Ms: number;
  /** The whole window around the swap (at least BENCH_NATS_SECONDS, from before the move until a second after it). */
  windowRps: number;
  windowMaxMs: number;
  non200: number;
  errors: number;
}

/** Rest, then a window in which `move` runs 1 s in; rates from the responses' completion times. */
async function loadAcrossSwap(
  kind: SwapLoad['kind'],
  watch: Watch,
  replica: Replica,
  paths: string[],
  headers: Record<string, string>,
  move: () => Promise<unknown>,
): Promise<SwapLoad> {
  const rest = await load(replica, paths, headers, SECONDS);
  const restRate = rateIn(rest, rest.startedAt + 500, rest.endedAt);
  const before = watch.lastRevision();
  let moved: Move | null = null;
  let servedAt = 0;
  const swap = (async () => {
    await sleep(1000);
    const command = move();
    moved = await Promise.race([watch.after(before), command.then(() => watch.after(before))]);
    servedAt = (await servingTimes([replica], moved.version))[0]!;
    await command;
    await sleep(1000);
  })();
  const window = await load(replica, paths, headers, SECONDS, swap);
  const m = moved as Move | null;
  if (!m) throw new Error('the pointer did not move during the load window');
  const during = rateIn(window, m.at, servedAt);
  const whole = rateIn(window, window.startedAt + 500, window.endedAt);
  return {
    kind,
    restRps: restRate.rps,
    restMaxMs: restRate.maxMs,
    swapMs: servedAt - m.at,
    swapRps: during.rps,
    swapMaxMs: during.maxMs,
    swapP99Ms: during.p99Ms,
    windowRps: whole.rps,
    windowMaxMs: whole.maxMs,
    non200: rest.responses.filter((r) => !r.ok).length + window.responses.filter((r) => !r.ok).length,
    errors: rest.errors + window.errors,
  };
}

function memoryOf(pid: number): { peakMb: number; anonMb: number; fileMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMb: kb('VmHWM') / 1024, anonMb: kb('RssAnon') / 1024, fileMb: kb('RssFile') / 1024 };
}

// ---- figures -------------------------------------------------------------------------------------------------------

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const spread = (values: number[], unit = '', digits = 0) =>
  values.length === 0 ? 'n/a' : `${median(values).toFixed(digits)}${unit} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
const seconds = (values: number[]) => (values.length === 0 ? 'n/a' : `${(median(values) / 1000).toFixed(2)} s (${(Math.min(...values) / 1000).toFixed(2)}–${(Math.max(...values) / 1000).toFixed(2)})`);

interface Row {
  figure: string;
  value: string;
  target: string;
  met: boolean | null;
}

function table(rows: Row[]): string {
  const cells = rows.map((r) => [r.figure, r.value, r.target, r.met === null ? '' : r.met ? '✓' : '✗']);
  const header = ['figure', 'now (median, min–max)', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), ...cells.map(line)].join('\n');
}

function rowsOf(moves: MoveResult[], loads: SwapLoad[]): Row[] {
  const rows: Row[] = [];
  const cold = moves.find((m) => m.kind === 'cold');
  if (cold) {
    const announced = cold.fromAnnouncementMs === null ? '' : `; ${(cold.fromAnnouncementMs / 1000).toFixed(2)} s from its announcement`;
    rows.push({ figure: 'first publish → 3 empty replicas serving', value: `${(cold.allMs / 1000).toFixed(2)} s after the move${announced}`, target: '', met: null });
    rows.push({ figure: "  replicas' CPU, announcement → serving (each)", value: cold.replicaCpuS.map((s) => `${s.toFixed(2)} s`).join(', '), target: '', met: null });
  }
  for (const kind of ['publish', 'changed', 'rollback'] as const) {
    const list = moves.filter((m) => m.kind === kind);
    if (list.length === 0) continue;
    const all = list.map((m) => m.allMs);
    const what = {
      publish: 'publish of the same export (fetched ahead: swap)',
      changed: `publish, 1 listing in ${CHANGE_EVERY} renamed (fetched ahead: swap)`,
      rollback: 'rollback / roll-forward (local file)',
    }[kind];
    rows.push({ figure: `pointer move → all 3 serving: ${what}, ${list.length} moves`, value: seconds(all), target: `≤ ${TARGET_MOVE_MS / 1000} s`, met: median(all) <= TARGET_MOVE_MS });
    for (let i = 0; i < REPLICAS; i += 1) {
      rows.push({ figure: `  replica ${i + 1}`, value: seconds(list.map((m) => m.perReplicaMs[i]!)), target: '', met: null });
    }
    const staged = list.filter((m) => m.waitMs !== null && m.fromAnnouncementMs !== null);
    if (staged.length > 0) {
      rows.push({ figure: `  announcement → pointer move (the replicas fetch and check)`, value: seconds(staged.map((m) => m.waitMs!)), target: '', met: null });
      rows.push({ figure: `  announcement → all 3 serving`, value: seconds(staged.map((m) => m.fromAnnouncementMs!)), target: '', met: null });
      const cpu = staged.map((m) => m.replicaCpuS.reduce((a, b) => a + b, 0) * 1000);
      rows.push({ figure: `  replicas' CPU, announcement → serving (the three together)`, value: seconds(cpu), target: '', met: null });
    }
  }
  for (const l of loads) {
    const ratio = l.swapRps / l.restRps;
    rows.push({
      figure: `get by id during a ${l.kind} swap / at rest`,
      value: `${ratio.toFixed(2)} (${Math.round(l.swapRps)} vs ${Math.round(l.restRps)} req/s over the ${(l.swapMs / 1000).toFixed(2)} s swap)`,
      target: '',
      met: null,
    });
    rows.push({
      figure: `  max latency during the swap (at rest)`,
      value: `${l.swapMaxMs.toFixed(0)} ms, p99 ${l.swapP99Ms.toFixed(0)} ms (${l.restMaxMs.toFixed(0)} ms)`,
      target: '',
      met: null,
    });
    rows.push({ figure: `  whole window around it`, value: `${Math.round(l.windowRps)} req/s, max ${l.windowMaxMs.toFixed(0)} ms; non-200 ${l.non200}, errors ${l.errors}`, target: '', met: null });
  }
  return rows;
}

/** The export with one listing in `every` renamed (written once beside it): a new version whose other places are unchanged. */
async function changedExport(file: string, every: number): Promise<string> {
  const out = file.replace(/\.jsonl$/, `-renamed-1-in-${every}.jsonl`);
  if (await fs.stat(out).then(() => true, () => false)) return out;
  const lines = (await fs.readFile(file, 'utf8')).split('\n');
  const renamed = lines.map((line, i) => {
    if (i % every !== 0 || line.trim() === '') return line;
    let listing: { name?: unknown };
    try {
      listing = JSON.parse(line) as { name?: unknown };
    } catch {
      return line; // the generator's deliberately broken lines stay as they are
    }
    if (typeof listing?.name !== 'string') return line;
    listing.name = `${listing.name} Centro`;
    return JSON.stringify(listing);
  });
  await fs.writeFile(`${out}.tmp`, renamed.join('\n'));
  await fs.rename(`${out}.tmp`, out);
  return out;
}

// ---- the run -------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const loadBefore = loadavg()[0]!;
  await fs.mkdir(outDir, { recursive: true });
  const file = await ensureBenchExport(outDir, 'es', LISTINGS, SEED, log);
  // Build dist/ once, before several processes would each find it stale.
  const built = spawnSync(process.execPath, ['bin/compiled-build.js'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build failed: ${built.stdout}${built.stderr}`);

  const natsUrl = await startNats();
  keyPair = await writeSnapshotKeyPair(await tempDir('keys'));
  const store = await openNatsSnapshotStore({ servers: natsUrl, prefix: PREFIX, credsFile: null, tlsCaFile: null }, { keep: 5, name: 'nats-bench' });
  cleanups.push(() => store.close());
  const watch = watchPointer(store);
  cleanups.push(() => watch.stop());
  await watch.ready;

  const publisherDir = await tempDir('publisher');
  const publisherEnv = envFor(natsUrl, publisherDir);
  const replicaDirs: string[] = [];
  for (let i = 1; i <= REPLICAS; i += 1) replicaDirs.push(await tempDir(`replica-${i}`));
  // The loaded replica's key, made in its data directory before it starts (keys.sqlite, no Redis).
  const keyStore = openSqliteKeyStore(keysDatabasePath(replicaDirs[0]!));
  const { secret } = await createKey(keyStore, { accountId: `nats-bench-${process.pid}`, name: 'nats bench' });
  await keyStore.close();
  const headers = { 'X-API-Key': secret };

  const replicas: Replica[] = [];
  for (let i = 1; i <= REPLICAS; i += 1) replicas.push(await startReplica(`replica-${i}`, natsUrl, replicaDirs[i - 1]!));
  log(`nats-server ${natsUrl} (prefix ${PREFIX}); replicas ${replicas.map((r) => r.url).join(', ')}`);

  const importOnce = () => lodging(['import', '--country', 'es', file], publisherEnv);
  const moves: MoveResult[] = [];
  const note = (m: MoveResult) => {
    moves.push(m);
    const fromAnnouncement = m.fromAnnouncementMs === null ? '' : `; ${(m.fromAnnouncementMs / 1000).toFixed(2)} s from its announcement`;
    log(
      `  ${m.kind} → ${m.version}: all ${(m.allMs / 1000).toFixed(2)} s (${m.perReplicaMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')}; watch heard it after ${m.heardMs} ms)` +
        `${fromAnnouncement}; replicas' CPU ${m.replicaCpuS.map((s) => s.toFixed(2)).join(', ')} s`,
    );
  };

  log(`import of ${sizeLabel(LISTINGS)} listings, published to the three empty replicas…`);
  const importStarted = performance.now();
  note(await timeMove('cold', watch, replicas, importOnce));
  const importSeconds = (performance.now() - importStarted) / 1000;
  const snapshotBytes = (await store.pointer('es')).stored!.size;
  log(`  snapshot ${(snapshotBytes / 1e6).toFixed(0)} MB; import and cold start ${importSeconds.toFixed(1)} s`);

  for (let i = 1; i <= PUBLISHES; i += 1) {
    log(`publish ${i}/${PUBLISHES}: lodging import again (a new version)…`);
    note(await timeMove('publish', watch, replicas, importOnce));
  }
  const changed = await changedExport(file, CHANGE_EVERY);
  log(`publish of an export with 1 listing in ${CHANGE_EVERY} renamed…`);
  note(await timeMove('changed', watch, replicas, () => lodging(['import', '--country', 'es', changed], publisherEnv)));
  if (moves.length < 2) {
    log('one more import, so a rollback has somewhere to go…');
    const before = watch.lastRevision();
    await importOnce();
    await servingTimes(replicas, (await watch.after(before)).version);
  }
  const latest = (await store.pointer('es')).stored!.entry.version;
  for (let i = 1; i <= ROUNDS; i += 1) {
    const back = i % 2 === 1;
    log(`rollback round ${i}/${ROUNDS}: ${back ? 'lodging rollback' : `lodging rollback --to ${latest}`}…`);
    note(await timeMove('rollback', watch, replicas, () => lodging(['rollback', '--country', 'es', ...(back ? [] : ['--to', latest])], publisherEnv)));
  }
  // Leave the latest current, so the held candidate below is judged against it.
  if ((await store.pointer('es')).stored!.entry.version !== latest) {
    const before = watch.lastRevision();
    await lodging(['rollback', '--country', 'es', '--to', latest], publisherEnv);
    await servingTimes(replicas, (await watch.after(before)).version);
  }

  log(`load on replica 1 (get by id, ${CONNECTIONS} connections): at rest, then across a swap…`);
  const ids = await sampleIds(replicas[0]!, headers);
  const paths = ids.map((id) => `/api/v1/places/${encodeURIComponent(id)}`);
  // A publish without the import's own CPU in the window: a dry run holds a candidate first, `lodging publish` then
  // uploads it and moves the pointer while the replica is under load.
  const held = JSON.parse(await lodging(['import', '--country', 'es', '--dry-run', '--json', file], publisherEnv)) as { runId: string };
  await load(replicas[0]!, paths, headers, 2); // warm-up (JIT, SQLite page cache), not counted
  const loads: SwapLoad[] = [];
  loads.push(await loadAcrossSwap('publish', watch, replicas[0]!, paths, headers, () => lodging(['publish', held.runId], publisherEnv)));
  loads.push(await loadAcrossSwap('rollback', watch, replicas[0]!, paths, headers, () => lodging(['rollback', '--country', 'es'], publisherEnv)));
  for (const l of loads) {
    log(
      `  ${l.kind}: at rest ${Math.round(l.restRps)} req/s; during the ${(l.swapMs / 1000).toFixed(2)} s swap ${Math.round(l.swapRps)} req/s ` +
        `(max ${l.swapMaxMs.toFixed(0)} ms); window ${Math.round(l.windowRps)} req/s`,
    );
  }

  // The replicas' memory high-water marks (anonymous and file-backed), read before they are stopped.
  const memory = replicas.map((r) => memoryOf(r.child.pid!));
  const rows = rowsOf(moves, loads);
  rows.push({
    figure: 'replica peak RSS (VmHWM), replicas 1–3',
    value: memory.map((m) => `${m.peakMb.toFixed(0)} MB`).join(', ') + ` (now anon ${memory.map((m) => m.anonMb.toFixed(0)).join('/')} MB)`,
    target: '',
    met: null,
  });
  const figures = {
    at: new Date().toISOString(),
    listings: LISTINGS,
    snapshotBytes,
    cores: availableParallelism(),
    pollMs: POLL_MS,
    connections: CONNECTIONS,
    loadAverage: { before: loadBefore, after: loadavg()[0]! },
    moves,
    loads,
    memory,
    rows,
  };
  await fs.writeFile(path.join(outDir, 'nats-bench.json'), `${JSON.stringify(figures, null, 2)}\n`);
  const title =
    `NATS snapshot distribution: ${sizeLabel(LISTINGS)} listings (snapshot ${(snapshotBytes / 1e6).toFixed(0)} MB), ${REPLICAS} replicas, ` +
    `${figures.cores} cores, /readyz polled every ${POLL_MS} ms, load average ${loadBefore.toFixed(1)} before, ${figures.loadAverage.after.toFixed(1)} after`;
  process.stdout.write(`\n${title}\n${table(rows)}\nfigures: ${path.relative(process.cwd(), path.join(outDir, 'nats-bench.json'))}\n`);
}

try {
  await main();
} catch (error) {
  process.exitCode = 1;
  log(`nats bench failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await cleanUp();
}
