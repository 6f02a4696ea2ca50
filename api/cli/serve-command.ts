// `lodging serve [--port N]`: the REST API and MCP until SIGTERM/SIGINT, then a graceful stop.
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../../platform/environment.ts';
import { ensureDevelopmentSignIns } from '../accounts/development-account.ts';
import { ensureDevelopmentKey } from '../keys/development-key.ts';
import { mountMcp } from '../mcp/mcp-routes.ts';
import { startServer } from '../server.ts';
import { boundServerHeapGrowth } from '../server/heap-growth.ts';
import { holdYoungGeneration } from '../server/young-generation.ts';
import {
  ANNOUNCE_VARIABLE,
  clusterRateLimitStores,
  defaultProcessCount,
  disconnectFromPrimary,
  isClusterWorker,
  runClusterPrimary,
} from './serve-cluster.ts';
import type { RunningServer, StartOptions } from '../server.ts';
import { UsageError } from '../../platform/cli-io.ts';
import type { CliIo } from '../../platform/cli-io.ts';

export const SERVE_USAGE = `usage: lodging serve [--port N] [--host H] [--processes N] [--dev-key]
  Serves the REST API and MCP (POST /mcp) from the snapshots in $LODGING_DATA_DIR until SIGTERM or SIGINT.
  --port N     overrides PORT (0 picks a free port)
  --host H     overrides HOST, the interface to listen on (default 127.0.0.1; in production every interface)
  --processes N  server processes sharing the port (node:cluster; default: one per core in production, else 1);
               the per-key rate limit stays exact across them (Redis, or counters held by the primary process)
  --dev-key    outside production, print the development key (the same one on every start; its secret is kept in
               $LODGING_DATA_DIR/secrets/development-key) and a ready-to-paste curl
Environment: LODGING_DATA_DIR, PORT, HOST, LODGING_PROCESSES, LODGING_PUBLIC_URL, REDIS_URL, LODGING_REDIS_PREFIX, LODGING_RATE_LIMIT, LODGING_RATE_WINDOW_S, NODE_ENV, LOG_LEVEL.`;

type ServeIo = Pick<CliIo, 'stdout' | 'stderr' | 'env'>;

export interface ServeHooks {
  /** Extra start options (e.g. mounting MCP) from the caller that wires the CLI. */
  startOptions?: StartOptions;
  /** Resolves when the server should stop; default: the first SIGTERM or SIGINT. */
  stopSignal?: (server: RunningServer) => Promise<void>;
}

function waitForSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      resolve();
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}

/** Waits until the logger's buffered lines are written, so the welcome text is not cut by a JSON log line. */
function flushLogger(server: RunningServer): Promise<void> {
  return new Promise((resolve) => {
    try {
      server.logger.flush(() => resolve());
    } catch {
      resolve();
    }
  });
}

/** Listening on every interface: the welcome says so beside the loopback address it prints. */
const everyInterface = (host: string | null): boolean => host === null || host === '0.0.0.0' || host === '::';

async function printWelcome(server: RunningServer, io: ServeIo, dataDir: string, devKey: boolean, production: boolean, host: string | null): Promise<void> {
  let text =
    `Lodging Directory API listening on ${server.url}${everyInterface(host) ? ' (and every other interface of this machine)' : ''}\n` +
    `  home: ${server.url}/\n  docs: ${server.url}/docs\n` +
    `  MCP:  ${server.url}/mcp (Streamable HTTP, Authorization: Bearer <key>)\n` +
    `  console: ${server.url}/console (API keys; operators: imports, runs, accounts. New accounts: \`npx lodging accounts create\`)\n`;
  if (devKey && production) text += '  (no development key in production: create one with `npx lodging keys create`)\n';
  if (devKey && !production) {
    for (const signIn of await ensureDevelopmentSignIns(server.stores.accounts, dataDir)) {
      text += `  console sign-in (development only, ${signIn.role}): ${signIn.email} / ${signIn.password}\n    (kept in ${signIn.file})\n`;
    }
    const { secret, reused } = await ensureDevelopmentKey(server.keyStore, dataDir);
    text +=
      `  development key: ${secret} (${reused ? 'the same as last start' : 'new'}; kept until its data directory goes)\n\n` +
      `  curl -H 'X-API-Key: ${secret}' '${server.url}/api/v1/places?country=es&limit=3'\n\n`;
  }
  // One write while no log line is pending: the human text stays in one piece, before any JSON log line.
  await flushLogger(server);
  io.stdout(text);
}

export async function runServeCommand(argv: string[], io: ServeIo, hooks: ServeHooks = {}): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      processes: { type: 'string' },
      'dev-key': { type: 'boolean', default: false },
    },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
  if (values.port !== undefined && !/^\d{1,5}$/.test(values.port)) throw new UsageError('--port must be a number from 0 to 65535');
  if (values.processes !== undefined && !/^([1-9]|[1-5]\d|6[0-4])$/.test(values.processes)) {
    throw new UsageError('--processes must be a number from 1 to 64');
  }
  let config;
  try {
    config = parseConfig(values.port === undefined ? io.env : { ...io.env, PORT: values.port });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr(`lodging serve: ${error.message}\n`);
    return 1;
  }
  // Embedded (a caller passing hooks, e.g. a test) it is one process unless asked: cluster forks re-run the executable.
  const embedded = hooks.stopSignal !== undefined || hooks.startOptions !== undefined;
  const processes = values.processes
    ? Number(values.processes)
    : (config.processes ?? (embedded ? 1 : defaultProcessCount(config.nodeEnv === 'production')));
  const worker = isClusterWorker();
  if (processes > 1 && !worker) return runClusterPrimary(processes, io.stderr);
  const host = values.host ?? config.host;
  // A serving process only: the cluster's primary serves nothing, and the pipeline's commands keep V8's own sizing.
  boundServerHeapGrowth();
  // Forked processes start with the semi-space bound; one started without it (`--processes 1`) holds it from here on.
  const releaseYoungGeneration = holdYoungGeneration();
  const server = await startServer(config, {
    mountAuthenticated: mountMcp,
    ...hooks.startOptions,
    ...(host ? { host } : {}),
    ...(worker && !config.redisUrl ? { rateLimitStores: clusterRateLimitStores() } : {}),
  }).catch((error: unknown) => {
    releaseYoungGeneration();
    throw error;
  });
  try {
    if (!worker || io.env[ANNOUNCE_VARIABLE] === '1') {
      await printWelcome(server, io, config.dataDir, values['dev-key'] ?? false, config.nodeEnv === 'production', host);
    }
    server.logListening();
    await (hooks.stopSignal ?? waitForSignal)(server);
    io.stdout('Stopping: finishing requests in flight…\n');
  } finally {
    await server.close();
    releaseYoungGeneration();
    // A forked process stays alive while its channel to the primary is open.
    if (worker) disconnectFromPrimary();
  }
  return 0;
}
