// `lodging worker`: a BullMQ worker process for `lodging import --queue`; SIGTERM/SIGINT close it gracefully.
import { parseArgs } from 'node:util';
import { runWorker } from '../jobs/bullmq-worker.ts';
import { queuePrefixOf } from '../jobs/queue-names.ts';
import { parseConfig } from '../../platform/environment.ts';
import { UsageError, type CliIo } from '../../platform/cli-io.ts';

export const WORKER_USAGE = `usage: lodging worker [--concurrency N] [--dashboard PORT] [--queue-prefix P]
  Normalises the chunks of \`lodging import --queue\` runs, taken from the Redis at REDIS_URL. Run as many
  as you like, on any machine that reaches that Redis; the importing process writes and publishes the snapshot.
  SIGTERM or SIGINT: finish the chunks in hand, then exit 0 (a second signal exits at once).
  --concurrency N            chunks worked on at once in this process (default 2)
  --dashboard PORT           also serve Bull Board for the import queue on http://127.0.0.1:PORT/
  --queue-prefix P           BullMQ prefix of the queue (default: LODGING_REDIS_PREFIX without its last colon, as the
                             importer uses; set it only to reach a queue under another prefix)
  --lock-duration-ms MS      a crashed worker's chunk goes to another worker after this long (default 10000)
  --stalled-interval-ms MS   how often to look for such chunks (default 5000)`;

function positiveInt(name: string, value: string | undefined, fallback: number | undefined): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} takes a positive integer, got "${value}"`);
  return n;
}

export async function runWorkerCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      concurrency: { type: 'string' },
      dashboard: { type: 'string' },
      'queue-prefix': { type: 'string' },
      'lock-duration-ms': { type: 'string' },
      'stalled-interval-ms': { type: 'string' },
    },
  });
  const concurrency = positiveInt('concurrency', values.concurrency, 2);
  const dashboardPort = positiveInt('dashboard', values.dashboard, undefined);
  const lockDurationMs = positiveInt('lock-duration-ms', values['lock-duration-ms'], undefined);
  const stalledIntervalMs = positiveInt('stalled-interval-ms', values['stalled-interval-ms'], undefined);
  const { redisUrl, redisPrefix } = parseConfig(io.env);
  const queuePrefix = values['queue-prefix'] ?? queuePrefixOf(redisPrefix);
  if (!redisUrl) throw new UsageError('lodging worker needs REDIS_URL (e.g. redis://127.0.0.1:6379)');
  const log = (line: string) => io.stderr(`${new Date().toISOString()} ${line}\n`);

  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) {
      log(`${signal} again: exiting without waiting for the chunks in hand (they go to another worker)`);
      process.exit(130);
    }
    log(`${signal} received`);
    controller.abort();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  let dashboard: { url: string; close(): Promise<void> } | null = null;
  try {
    if (dashboardPort !== undefined) {
      const { startQueueDashboard } = await import('./queue-dashboard.ts');
      dashboard = await startQueueDashboard({ redisUrl, prefix: queuePrefix, port: dashboardPort, log });
      log(`dashboard (Bull Board) on ${dashboard.url}`);
    }
    await runWorker({
      redisUrl,
      queuePrefix,
      log,
      signal: controller.signal,
      ...(concurrency === undefined ? {} : { concurrency }),
      ...(lockDurationMs === undefined ? {} : { lockDurationMs }),
      ...(stalledIntervalMs === undefined ? {} : { stalledIntervalMs }),
    });
    return 0;
  } finally {
    await dashboard?.close();
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  }
}
