// Helpers for the BullMQ suites: workers in this process (prefixes and key sweeps are in test/support/redis.ts).
import { runWorker, type RunWorkerOptions } from '../../../../pipeline/jobs/bullmq-worker.ts';

export interface InProcessWorkers {
  logs: string[];
  stop(): Promise<void>;
}

export function startWorkers(count: number, options: Omit<RunWorkerOptions, 'log' | 'signal'>): InProcessWorkers {
  const logs: string[] = [];
  const controller = new AbortController();
  const running = Array.from({ length: count }, () =>
    runWorker({ lockDurationMs: 2000, stalledIntervalMs: 1000, ...options, log: (line) => logs.push(line), signal: controller.signal }),
  );
  return {
    logs,
    async stop() {
      controller.abort();
      await Promise.all(running);
    },
  };
}
