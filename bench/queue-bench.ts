// `npm run bench:queue`: one generated es export imported in-process and through BullMQ with 2 `lodging worker` processes, in one run.
// Env: BENCH_QUEUE_SIZE (1000000), BENCH_SEED (1), BENCH_WORKERS (2), REDIS_URL (redis://127.0.0.1:6379).
// Each import runs in a fresh child process, so neither inherits the other's warmed-up JIT or heap.
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { processIo } from '../platform/cli-io.ts';
import { runWorkerCommand } from '../pipeline/cli/worker-command.ts';
import { createBullmqRunner } from '../pipeline/jobs/bullmq-runner.ts';
import { createInProcessRunner } from '../pipeline/jobs/in-process-runner.ts';
import type { ImportReport } from '../pipeline/report/import-report.ts';
import { ensureBenchExport } from './support/bench-files.ts';
import { sizeLabel } from './support/bench-report.ts';

const RESULT = 'QUEUE_BENCH_RESULT ';
const TARGET_RATIO = 1.25;
const self = fileURLToPath(import.meta.url);
const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const log = (text: string) => process.stderr.write(`${text}\n`);

interface ImportResult {
  wallMs: number;
  report: ImportReport;
}

/** Child: one import, timed from the runner's start to its report. */
async function importChild([kind, file, dataDir, redisUrl, queuePrefix]: string[]): Promise<void> {
  const runner = kind === 'bullmq' ? createBullmqRunner({ redisUrl: redisUrl!, queuePrefix: queuePrefix! }) : createInProcessRunner();
  const started = performance.now();
  const { report } = await runner.run({ country: 'es', files: [file!], dataDir: dataDir! });
  const result: ImportResult = { wallMs: performance.now() - started, report };
  await runner.close();
  process.stdout.write(`${RESULT}${JSON.stringify(result)}\n`);
}

function spawnSelf(args: string[], redisUrl: string): { child: ChildProcess; output: Promise<string> } {
  const env = { ...process.env, REDIS_URL: redisUrl };
  const child = spawn(process.execPath, ['--import', 'tsx', self, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stdout = '';
  let tail = '';
  child.stdout!.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr!.on('data', (data: Buffer) => (tail = (tail + data.toString()).slice(-4000)));
  const output = new Promise<string>((resolve, reject) =>
    child.once('exit', (code, signal) =>
      code === 0 || signal === 'SIGTERM' ? resolve(stdout) : reject(new Error(`${args.join(' ')} failed (${code ?? signal}):\n${tail}`)),
    ),
  );
  return { child, output };
}

async function timeImport(kind: 'in-process' | 'bullmq', file: string, redisUrl: string, prefix: string): Promise<ImportResult> {
  const dataDir = path.join(outDir, `queue-data-${kind}-${process.pid}`);
  await fs.rm(dataDir, { recursive: true, force: true });
  try {
    const stdout = await spawnSelf(['--import', kind, file, dataDir, redisUrl, prefix], redisUrl).output;
    const line = stdout.split('\n').find((l) => l.startsWith(RESULT));
    if (!line) throw new Error(`the ${kind} import printed no result`);
    return JSON.parse(line.slice(RESULT.length)) as ImportResult;
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function startWorkers(count: number, redisUrl: string, prefix: string): Promise<ChildProcess[]> {
  const workers = Array.from({ length: count }, () => spawnSelf(['--worker', '--queue-prefix', prefix], redisUrl));
  const consuming = ({ child, output }: (typeof workers)[number]) =>
    Promise.race([
      new Promise<void>((resolve) => child.stderr!.on('data', (data: Buffer) => data.toString().includes('consuming queue') && resolve())),
      output.then(() => Promise.reject(new Error('a worker exited before consuming'))),
    ]);
  await Promise.all(workers.map(consuming));
  return workers.map(({ child }) => child);
}

async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
}

/** The report's content: everything but what differs per run by design. */
function content(report: ImportReport): string {
  const { runId: _r, runner: _n, startedAt: _s, finishedAt: _f, durationMs: _d, snapshot, ...rest } = report;
  return JSON.stringify({ ...rest, published: snapshot?.publishedCount });
}

async function main(): Promise<void> {
  const size = Number(process.env.BENCH_QUEUE_SIZE ?? 1_000_000);
  const seed = Number(process.env.BENCH_SEED ?? 1);
  const workerCount = Number(process.env.BENCH_WORKERS ?? 2);
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const prefix = `lodging-bench-${process.pid}`;
  const file = await ensureBenchExport(outDir, 'es', size, seed, log);
  const loadBefore = loadavg()[0]!;

  log(`in-process import of ${sizeLabel(size)} listings…`);
  const inProcess = await timeImport('in-process', file, redisUrl, prefix);
  log(`  ${(inProcess.wallMs / 1000).toFixed(1)} s`);
  log(`BullMQ import of ${sizeLabel(size)} listings with ${workerCount} worker processes…`);
  const workers = await startWorkers(workerCount, redisUrl, prefix);
  let queued: ImportResult;
  try {
    queued = await timeImport('bullmq', file, redisUrl, prefix);
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
    await deleteKeys(redisUrl, prefix);
  }
  log(`  ${(queued.wallMs / 1000).toFixed(1)} s`);

  const ratio = queued.wallMs / inProcess.wallMs;
  const figures = {
    finishedAt: new Date().toISOString(),
    size,
    seed,
    cores: availableParallelism(),
    workers: workerCount,
    loadAverage: { before: loadBefore, after: loadavg()[0]! },
    inProcessMs: inProcess.wallMs,
    bullmqMs: queued.wallMs,
    ratio,
    target: { ratio: TARGET_RATIO, met: ratio <= TARGET_RATIO },
    sameReport: content(inProcess.report) === content(queued.report),
  };
  await fs.writeFile(path.join(outDir, 'queue-bench.json'), `${JSON.stringify(figures, null, 2)}\n`);
  const perSecond = (ms: number) => `${Math.round(size / (ms / 1000)).toLocaleString('en-GB')} listings/s`;
  process.stdout.write(
    [
      '',
      `queue benchmark: ${sizeLabel(size)} es listings (seed ${seed}), ${figures.cores} cores, load ${loadBefore.toFixed(1)} → ${figures.loadAverage.after.toFixed(1)}`,
      `  in-process (worker threads)          ${(inProcess.wallMs / 1000).toFixed(1).padStart(7)} s   ${perSecond(inProcess.wallMs)}`,
      `  BullMQ (${workerCount} lodging worker processes)  ${(queued.wallMs / 1000).toFixed(1).padStart(7)} s   ${perSecond(queued.wallMs)}`,
      `  ratio BullMQ / in-process            ${ratio.toFixed(2).padStart(7)}     target ≤ ${TARGET_RATIO}: ${figures.target.met ? 'met' : 'NOT met'}`,
      `  same report from both runners:       ${figures.sameReport ? 'yes' : 'NO'}`,
      `figures: ${path.relative(process.cwd(), path.join(outDir, 'queue-bench.json'))}`,
      '',
    ].join('\n'),
  );
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === '--worker') process.exitCode = await runWorkerCommand(rest, processIo());
else if (mode === '--import') await importChild(rest);
else await main();
