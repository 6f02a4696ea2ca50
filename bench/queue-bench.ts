// `npm run bench:queue`: one generated es export imported in-process, then through BullMQ with 1, 2 and 4 `lodging worker`
// processes, in one run; prints each wall time and the projection the figures support for more workers on more cores.
// Env: BENCH_QUEUE_SIZE (1000000), BENCH_SEED (1), BENCH_WORKERS (1,2,4), REDIS_URL (redis://127.0.0.1:6379).
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
import { projectFromCpu, type QueuedCpu } from './queue-projection.ts';

const RESULT = 'QUEUE_BENCH_RESULT ';
const TARGET_RATIO = 1.25;
const self = fileURLToPath(import.meta.url);
const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const log = (text: string) => process.stderr.write(`${text}\n`);

interface ImportResult {
  wallMs: number;
  /** Wall and this process's CPU (every thread) until the last listing was written, when publishing starts. */
  readingWallMs: number;
  readingCpuMs: number;
  report: ImportReport;
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** Child: one import, timed from the runner's start to its report. */
async function importChild([kind, file, dataDir, redisUrl, queuePrefix]: string[]): Promise<void> {
  const runner = kind === 'bullmq' ? createBullmqRunner({ redisUrl: redisUrl!, queuePrefix: queuePrefix! }) : createInProcessRunner();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const reading = { wallMs: 0, cpuMs: 0 };
  const { report } = await runner.run({ country: 'es', files: [file!], dataDir: dataDir! }, (progress) => {
    if (progress.phase === 'reading' || reading.wallMs > 0) return;
    reading.wallMs = performance.now() - started;
    reading.cpuMs = cpuMs(process.cpuUsage(cpuBefore));
  });
  const wallMs = performance.now() - started;
  const result: ImportResult = { wallMs, readingWallMs: reading.wallMs || wallMs, readingCpuMs: reading.cpuMs || cpuMs(process.cpuUsage(cpuBefore)), report };
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

/** A process's CPU so far (user + system, every thread) from /proc, in ms; 0 where /proc cannot tell. */
async function processCpuMs(pid: number | undefined): Promise<number> {
  if (pid === undefined) return 0;
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the name), in clock ticks: 100 a second on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
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

/**
 * Amdahl's law fitted to the 1- and 2-worker runs: wall = serial + parallel / workers, where serial is what the
 * importing process does alone (reading, writing the snapshot, publishing) and parallel the normalising the workers
 * share. Null without both runs, or when 2 workers were not faster than 1 (nothing to project from).
 */
function projectWorkers(wallMsByWorkers: ReadonlyMap<number, number>): { serialMs: number; parallelMs: number } | null {
  const one = wallMsByWorkers.get(1);
  const two = wallMsByWorkers.get(2);
  if (one === undefined || two === undefined || two >= one) return null;
  const parallelMs = 2 * (one - two);
  return { serialMs: one - parallelMs, parallelMs };
}

async function main(): Promise<void> {
  const size = Number(process.env.BENCH_QUEUE_SIZE ?? 1_000_000);
  const seed = Number(process.env.BENCH_SEED ?? 1);
  const workerCounts = (process.env.BENCH_WORKERS ?? '1,2,4').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const prefix = `lodging-bench-${process.pid}`;
  const file = await ensureBenchExport(outDir, 'es', size, seed, log);
  const loadBefore = loadavg()[0]!;

  log(`in-process import of ${sizeLabel(size)} listings…`);
  const inProcess = await timeImport('in-process', file, redisUrl, prefix);
  log(`  ${(inProcess.wallMs / 1000).toFixed(1)} s`);
  const queuedRuns: { workers: number; wallMs: number; load: number; sameReport: boolean; cpu: QueuedCpu }[] = [];
  for (const workerCount of workerCounts) {
    log(`BullMQ import of ${sizeLabel(size)} listings with ${workerCount} worker processes…`);
    const load = loadavg()[0]!;
    const workers = await startWorkers(workerCount, redisUrl, `${prefix}-${workerCount}`);
    const workersCpu = async () => (await Promise.all(workers.map((worker) => processCpuMs(worker.pid)))).reduce((sum, ms) => sum + ms, 0);
    let queued: ImportResult;
    let workersCpuMs: number;
    try {
      const idleCpuMs = await workersCpu();
      queued = await timeImport('bullmq', file, redisUrl, `${prefix}-${workerCount}`);
      workersCpuMs = (await workersCpu()) - idleCpuMs;
    } finally {
      for (const worker of workers) worker.kill('SIGTERM');
      await deleteKeys(redisUrl, `${prefix}-${workerCount}`);
    }
    const cpu: QueuedCpu = {
      readingWallMs: queued.readingWallMs,
      importerReadingCpuMs: queued.readingCpuMs,
      workersCpuMs,
      afterReadingMs: queued.wallMs - queued.readingWallMs,
    };
    log(
      `  ${(queued.wallMs / 1000).toFixed(1)} s (reading ${(cpu.readingWallMs / 1000).toFixed(1)} s: the importer's CPU ` +
        `${(cpu.importerReadingCpuMs / 1000).toFixed(1)} s, the workers' ${(workersCpuMs / 1000).toFixed(1)} s; after reading ${(cpu.afterReadingMs / 1000).toFixed(1)} s)`,
    );
    queuedRuns.push({ workers: workerCount, wallMs: queued.wallMs, load, sameReport: content(inProcess.report) === content(queued.report), cpu });
  }

  const cores = availableParallelism();
  const atCores = queuedRuns.find((run) => run.workers === Math.min(2, cores)) ?? queuedRuns[0];
  const ratio = atCores === undefined ? null : atCores.wallMs / inProcess.wallMs;
  const fit = projectWorkers(new Map(queuedRuns.map((run) => [run.workers, run.wallMs])));
  const perMillion = (ms: number) => (ms / 1000) * (1_000_000 / size);
  const projection =
    fit === null
      ? null
      : [1, 2, 4, 8, 16].map((workers) => ({ workers, wallMs: fit.serialMs + fit.parallelMs / workers, per1MSeconds: perMillion(fit.serialMs + fit.parallelMs / workers) }));
  const cpuBasis = queuedRuns.find((run) => run.workers === 1)?.cpu ?? null;
  const cpuProjection =
    cpuBasis === null
      ? null
      : [1, 2, 4, 8, 16].map((workers) => ({ workers, wallMs: projectFromCpu(cpuBasis, workers), per1MSeconds: perMillion(projectFromCpu(cpuBasis, workers)) }));
  const figures = {
    finishedAt: new Date().toISOString(),
    size,
    seed,
    cores,
    loadAverage: { before: loadBefore, after: loadavg()[0]! },
    inProcessMs: inProcess.wallMs,
    queued: queuedRuns,
    ratio,
    target: { ratio: TARGET_RATIO, met: ratio !== null && ratio <= TARGET_RATIO },
    sameReport: queuedRuns.every((run) => run.sameReport),
    fit,
    projection,
    cpuBasis,
    cpuProjection,
  };
  await fs.writeFile(path.join(outDir, 'queue-bench.json'), `${JSON.stringify(figures, null, 2)}\n`);
  const perSecond = (ms: number) => `${Math.round(size / (ms / 1000)).toLocaleString('en-GB')} listings/s`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
  process.stdout.write(
    [
      '',
      `queue benchmark: ${sizeLabel(size)} es listings (seed ${seed}), ${cores} cores, ${figures.finishedAt}, load ${loadBefore.toFixed(1)} → ${figures.loadAverage.after.toFixed(1)}`,
      `  in-process (worker threads)           ${seconds(inProcess.wallMs)}   ${perSecond(inProcess.wallMs)}`,
      ...queuedRuns.map(
        (run) =>
          `  BullMQ, ${String(run.workers).padStart(2)} lodging worker process${run.workers === 1 ? ' ' : 'es'} ${seconds(run.wallMs)}   ${perSecond(run.wallMs)}   (load ${run.load.toFixed(1)}${run.workers > cores ? `, more workers than the ${cores} cores` : ''})`,
      ),
      ratio === null ? '' : `  ratio BullMQ (${atCores!.workers} workers) / in-process   ${ratio.toFixed(2).padStart(5)}     target ≤ ${TARGET_RATIO}: ${figures.target.met ? 'met' : 'NOT met'}`,
      `  same report from every run:           ${figures.sameReport ? 'yes' : 'NO'}`,
      fit === null
        ? '  projection: none (2 workers were not faster than 1 on this machine, or a run is missing)'
        : `  projection, one core per worker (wall = ${(fit.serialMs / 1000).toFixed(1)} s alone + ${(fit.parallelMs / 1000).toFixed(1)} s shared by the workers, from the 1- and 2-worker runs):`,
      ...(projection ?? []).map((p) => `    ${String(p.workers).padStart(2)} worker${p.workers === 1 ? ' ' : 's'}: ${seconds(p.wallMs)} here, ${p.per1MSeconds.toFixed(1)} s for 1M listings`),
      cpuBasis === null
        ? '  projection from CPU: none (no run with one worker)'
        : `  projection from the 1-worker run's CPU, a core for each worker and one for the importer (reading: the larger of the importer's ` +
          `${(cpuBasis.importerReadingCpuMs / 1000).toFixed(1)} s and the workers' ${(cpuBasis.workersCpuMs / 1000).toFixed(1)} s shared; then ${(cpuBasis.afterReadingMs / 1000).toFixed(1)} s after reading, alone):`,
      ...(cpuProjection ?? []).map((p) => `    ${String(p.workers).padStart(2)} worker${p.workers === 1 ? ' ' : 's'}: ${seconds(p.wallMs)} here, ${p.per1MSeconds.toFixed(1)} s for 1M listings`),
      `figures: ${path.relative(process.cwd(), path.join(outDir, 'queue-bench.json'))}`,
      '',
    ].join('\n'),
  );
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === '--worker') process.exitCode = await runWorkerCommand(rest, processIo());
else if (mode === '--import') await importChild(rest);
else await main();
