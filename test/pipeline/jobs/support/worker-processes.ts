// `lodging worker` as real child processes: spawned with REDIS_URL, their log lines collected, stopped by signal.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const LODGING = path.join(ROOT, 'bin/lodging.js');

export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  logs: string[];
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves with the first log line matching, waiting for it if needed. */
  waitForLog(pattern: RegExp): Promise<string>;
}

export function spawnWorker(redisUrl: string, args: string[], env: NodeJS.ProcessEnv = {}): WorkerProcess {
  const child = spawn(process.execPath, [LODGING, 'worker', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, REDIS_URL: redisUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  let partial = '';
  const take = (chunk: Buffer) => {
    partial += chunk.toString('utf8');
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      logs.push(line);
      for (const waiter of waiters.filter((w) => w.pattern.test(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    pid: child.pid!,
    logs,
    exited,
    waitForLog(pattern) {
      const seen = logs.find((line) => pattern.test(line));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ pattern, resolve }));
    },
  };
}

/** Stops a worker that may already be gone; SIGKILL after a grace period so a test never leaves one behind. */
export async function stopWorker(worker: WorkerProcess, graceMs = 10_000): Promise<number | null> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return worker.exited;
  worker.child.kill('SIGTERM');
  const timer = setTimeout(() => worker.child.kill('SIGKILL'), graceMs);
  try {
    return await worker.exited;
  } finally {
    clearTimeout(timer);
  }
}
