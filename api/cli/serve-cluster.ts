// `lodging serve --processes N`: the primary forks N server processes sharing one port (node:cluster), holds the
// rate-limit counters they share when there is no Redis, restarts a process that dies, and stops them all on a signal.
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { ClusterMemoryStorePrimary, ClusterMemoryStoreWorker } from '@express-rate-limit/cluster-memory-store';
import type { RateLimitStores } from '../http/rate-limit-store.ts';
import { arenaBoundEnv } from '../../platform/malloc-arenas.ts';
import { servingExecArgv } from '../server/young-generation.ts';

/** Set in the environment of the one process that prints the welcome lines (address, development key). */
export const ANNOUNCE_VARIABLE = 'LODGING_SERVE_ANNOUNCE';

/** Default process count: one per core in production, one otherwise (tests, development). */
export function defaultProcessCount(production: boolean): number {
  return production ? availableParallelism() : 1;
}

/** In a forked server process: rate-limit stores whose counters live in the primary (exact across processes). */
export function clusterRateLimitStores(): RateLimitStores {
  return {
    perKey: new ClusterMemoryStoreWorker({ prefix: 'rl:key:' }),
    authFailures: new ClusterMemoryStoreWorker({ prefix: 'rl:auth-failures:' }),
    profilePages: new ClusterMemoryStoreWorker({ prefix: 'rl:profile-pages:' }),
    profileMisses: new ClusterMemoryStoreWorker({ prefix: 'rl:profile-misses:' }),
  };
}

export const isClusterWorker = (): boolean => cluster.isWorker;

/** A forked server process, once stopped: closes its channel to the primary so it can exit. */
export function disconnectFromPrimary(): void {
  cluster.worker?.disconnect();
}

/** Restarts of a process that dies after it was serving; beyond this within a minute, the primary gives up. */
const MAX_RESTARTS_PER_MINUTE = 5;

/**
 * Runs the primary until SIGTERM/SIGINT (stop every process, 0) or until a process fails before it serves, or keeps
 * dying (stop the rest, 1). `stderr` gets one line per event.
 */
export async function runClusterPrimary(processes: number, stderr: (text: string) => void): Promise<number> {
  new ClusterMemoryStorePrimary().init();
  // Each serving process starts with a smaller young generation (a start-time flag: V8 reads it only then).
  cluster.setupPrimary({ execArgv: servingExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  let stopping = false;
  let failed = false;
  const restarts: number[] = [];
  const serving = new WeakSet<Worker>();
  // And with fewer malloc arenas (glibc reads the bound only at start too).
  const env = arenaBoundEnv(process.env);
  const fork = (announce: boolean) => {
    const worker = cluster.fork(announce ? { ...env, [ANNOUNCE_VARIABLE]: '1' } : env);
    worker.once('listening', () => serving.add(worker));
    return worker;
  };
  for (let i = 0; i < processes; i += 1) fork(i === 0);

  const allExited = () =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) resolve();
        else setTimeout(check, 50);
      };
      check();
    });
  const stopAll = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };

  return new Promise<number>((resolve) => {
    const finish = async (code: number) => {
      await allExited();
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      resolve(code);
    };
    const onSignal = () => {
      if (stopping) return;
      stopping = true;
      stopAll('SIGTERM');
      void finish(0);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return;
      const wasServing = serving.has(worker);
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0]! > 60_000) restarts.shift();
      if (!wasServing || restarts.length >= MAX_RESTARTS_PER_MINUTE) {
        stderr(
          `lodging serve: a server process ${wasServing ? 'kept failing' : 'failed to start'} (exit ${code ?? signal}); stopping the others\n`,
        );
        stopping = true;
        failed = true;
        stopAll('SIGTERM');
        void finish(1);
        return;
      }
      restarts.push(now);
      stderr(`lodging serve: server process ${worker.process.pid} exited (${code ?? signal}); starting another\n`);
      fork(false);
    });
  }).then((code) => (failed ? 1 : code));
}
