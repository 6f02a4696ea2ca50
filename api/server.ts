// startServer(config): opens snapshots, keys and Redis, listens, and returns { url, close() } for a graceful stop.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { openSnapshotReader } from '../pipeline/snapshot/snapshot-reader.ts';
import { exportSettingsOf, removeOrphanSnapshots, startReplicaFor, type SnapshotReplica } from '../pipeline/index.ts';
import { memoryDownloadAllowance, type DownloadAllowance } from './exports/download-allowance.ts';
import { exportPages } from './console/developer/export-pages.ts';
import { createApp } from './app.ts';
import { emailCollisions } from './accounts/email-identity.ts';
import { restrictPrivateDataFiles } from './private-data-files.ts';
import { DEFAULT_PROFILE_LIMITS, type ProfileLimits } from './pages/profile-limits.ts';
import type { AppDeps, RateWindow } from './app.ts';
import { resolvePublicUrl } from '../platform/environment.ts';
import type { Config } from '../platform/environment.ts';
import { createRateLimitStores, type RateLimitStores } from './http/rate-limit-store.ts';
import { createLogger } from './http/request-logger.ts';
import { createKeyAuthenticator } from './keys/authenticate-key.ts';
import type { KeyStore } from './keys/key-store.ts';
import { openKeyStore } from './keys/open-key-store.ts';
import { createRedisRevocationFeed } from './keys/redis-revocation-feed.ts';
import { createCursorCodec } from './query/cursor-codec.ts';
import { loadOrCreateCursorSecret } from './query/cursor-secret.ts';
import { createQueryService } from './query/query-service.ts';
import { connectRedis, closeConnection } from '../platform/redis-connection.ts';
import { CommandFailure } from '../platform/cli-io.ts';
import { openConsoleStores } from './accounts/console-stores.ts';
import type { ConsoleStores } from './accounts/console-stores.ts';
import { migrateKeyAccounts } from './accounts/key-accounts-migration.ts';
import { createConsoleRouter } from './console/console-app.ts';
import { createOperatorConsole, OPS_MULTIPART_PATHS } from './console/ops/operator-console.ts';
import type { ConsolePlugin } from './console/console-kit.ts';
import { createUsageCounter, createUsageRecorder } from './usage/usage-recorder.ts';
import type { UsageRecorder } from './usage/usage-recorder.ts';
import { RUNNING_COMPILED } from '../platform/project-files.ts';

export interface StartOptions {
  /** Export downloads per key and day (default: in memory, LODGING_EXPORT_DOWNLOADS_PER_DAY). */
  downloadAllowance?: DownloadAllowance;
  /** How often requests look for a newly published snapshot, in ms (default 1000). */
  refreshIntervalMs?: number;
  authFailureLimit?: Omit<RateWindow, 'store'>;
  /** Interface to bind (default: all; `lodging serve` passes HOST or --host). */
  host?: string;
  logger?: Logger;
  /** How long close() lets in-flight requests finish before cutting connections (default 10 s). */
  shutdownGraceMs?: number;
  mountAuthenticated?: AppDeps['mountAuthenticated'];
  /** Operator page groups for the console (the developer pages are always mounted). */
  consolePlugins?: ConsolePlugin[];
  /** How often key usage counted in memory is written to the store (default 10 s). */
  usageFlushIntervalMs?: number;
  /** false: no per-key usage counting or "last used"; default: the configuration's (LODGING_USAGE_COUNTING, on). */
  countUsage?: boolean;
  /** Rate-limit stores when there is no Redis (the cluster's, held by the primary); default: this process's memory. */
  rateLimitStores?: RateLimitStores;
  /** Per-address windows of the profile pages (default DEFAULT_PROFILE_LIMITS). */
  profileLimits?: ProfileLimits;
}

export interface RunningServer {
  /** Where this process answers, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Base of profileUrl (LODGING_PUBLIC_URL or http://localhost:{port}). */
  publicUrl: string;
  keyStore: KeyStore;
  /** Keys, accounts (with sessions and audit) and usage, on the key store's backend. */
  stores: ConsoleStores;
  usage: UsageRecorder;
  logger: Logger;
  /** Logs "server listening" (what log readers wait for); `lodging serve` calls it once its welcome text is out. */
  logListening(): void;
  close(): Promise<void>;
}

/** Start-up failed; everything it had opened is closed again. One line for the operator, the cause for --verbose. */
export class ServerStartError extends CommandFailure {
  constructor(message: string, options: { cause: unknown }) {
    super(message, { ...options, code: 'server-start' });
    this.name = 'ServerStartError';
  }
}

function startFailure(error: unknown, port: number, host: string | undefined): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  const where = `port ${port}${host ? ` on ${host}` : ''}`;
  if (code === 'EADDRINUSE') return `cannot listen: ${where} is already in use; stop what listens there or choose another port (--port N or PORT)`;
  if (code === 'EACCES') return `cannot listen on ${where}: permission denied; use a port above 1023`;
  if (code === 'EADDRNOTAVAIL') return `cannot listen on ${where}: this machine has no such address; check --host`;
  if (error instanceof CommandFailure) return error.message;
  return `cannot start the server: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const prefix = config.redisPrefix;
  mkdirSync(config.dataDir, { recursive: true });
  restrictPrivateDataFiles(config.dataDir);
  const orphans = removeOrphanSnapshots(config.dataDir);
  if (orphans.error) logger.warn({ err: orphans.error }, 'orphan snapshot files could not be cleaned');
  else if (orphans.removed.length > 0) logger.info({ files: orphans.removed }, 'removed snapshot files of interrupted imports');

  // Everything opened so far, closed again when start-up fails half-way: a failed start leaves nothing running.
  const opened: (() => void | Promise<void>)[] = [];
  const undo = async () => {
    for (const close of opened.reverse()) await Promise.resolve(close()).catch(() => undefined);
  };
  let reader: ReturnType<typeof openSnapshotReader>;
  let redis: Redis | null = null;
  /** With LODGING_SNAPSHOT_STORE: follows the shared pointers into this data directory. */
  let replica: SnapshotReplica | null = null;
  let keyStore: KeyStore;
  let consoleStores: ConsoleStores;
  let revocations: ReturnType<typeof createRedisRevocationFeed> | null = null;
  let cursors: ReturnType<typeof createCursorCodec>;
  let browserKey: Buffer;
  let stores: ReturnType<typeof createRateLimitStores> | null;
  // The app needs the bound port for its default public URL; until it exists, answer 503 rather than hang.
  let app: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (app) return app(req, res);
    res.statusCode = 503;
    res.end();
  });
  try {
    reader = openSnapshotReader(config.dataDir, {
      onError: (error, country) => logger.error({ err: error, country }, 'snapshot could not be opened; keeping the previous one'),
    });
    opened.push(() => reader.close());
    const follower = startReplicaFor(config, () => reader.refresh(), logger);
    if (follower) {
      replica = follower;
      opened.push(() => follower.close());
    }
    if (config.redisUrl) {
      const connection = await connectRedis(config.redisUrl, { onError: (error) => logger.warn({ err: error }, 'redis unavailable') });
      redis = connection;
      opened.push(() => closeConnection(connection));
    }
    keyStore = openKeyStore({ dataDir: config.dataDir, redis, redisPrefix: prefix, revokedKeepDays: config.auditKeepDays });
    const store = keyStore;
    const accountStores = openConsoleStores({ dataDir: config.dataDir, redis, redisPrefix: prefix, auditKeepDays: config.auditKeepDays }, store);
    consoleStores = accountStores;
    opened.push(() => accountStores.close());
    try {
      const migrated = await migrateKeyAccounts(store, accountStores.accounts);
      if (migrated.length > 0) logger.info({ accounts: migrated.length }, 'made an account for every account id that keys referenced');
      const collisions = emailCollisions(await accountStores.accounts.listAccounts());
      if (collisions.length > 0) {
        logger.warn(
          { accounts: collisions.map((group) => group.map((a) => a.id)) },
          'accounts share an e-mail once compared after NFKC and case folding; none is merged: `lodging accounts list` names them',
        );
      }
    } catch (error) {
      logger.warn({ err: error }, 'accounts migration could not run now (store unreachable); it runs again at the next start');
    }
    if (redis) {
      const feed = createRedisRevocationFeed(redis, prefix, (error) => logger.warn({ err: error }, 'revocation feed unavailable'));
      revocations = feed;
      opened.push(() => feed.close());
      await feed.ready(3_000);
    }
    const serverSecret = loadOrCreateCursorSecret(config.dataDir);
    cursors = createCursorCodec(serverSecret);
    // A key of its own for known-browser tokens, derived from the secret every replica shares.
    browserKey = createHmac('sha256', serverSecret).update('lodging console known browsers').digest();
    stores = redis ? createRateLimitStores(redis, prefix) : (options.rateLimitStores ?? null);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await undo();
    server.close();
    throw new ServerStartError(startFailure(error, config.port, options.host), { cause: error });
  }
  const port = (server.address() as AddressInfo).port;
  const publicUrl = resolvePublicUrl(config, port);

  const usage = createUsageRecorder({
    usage: consoleStores.usage,
    keys: keyStore,
    logger,
    ...(options.usageFlushIntervalMs !== undefined ? { flushIntervalMs: options.usageFlushIntervalMs } : {}),
  });
  const operator = createOperatorConsole(config, logger, redis);
  const downloads = options.downloadAllowance ?? memoryDownloadAllowance(config.exports.downloadsPerDay);
  const query = createQueryService({ reader, cursors, publicUrl, refreshIntervalMs: options.refreshIntervalMs ?? 1000, rowBudget: config.queryRowBudget });
  const following = replica;
  app = createApp({
    query,
    exports: { dataDir: config.dataDir, settings: { ...exportSettingsOf(config), publicUrl }, allowance: downloads },
    ...(following ? { distribution: () => following.status() } : {}),
    authenticator: createKeyAuthenticator(keyStore, revocations ? { revocations } : {}),
    publicUrl,
    logger,
    rateLimit: { limit: config.rateLimit, windowS: config.rateWindowS, ...(stores ? { store: stores.perKey } : {}) },
    authFailureLimit: {
      ...(options.authFailureLimit ?? { limit: 30, windowS: 60 }),
      ...(stores ? { store: stores.authFailures } : {}),
    },
    profileLimits: {
      ...(options.profileLimits ?? DEFAULT_PROFILE_LIMITS),
      ...(stores ? { stores: { pages: stores.profilePages, misses: stores.profileMisses } } : {}),
    },
    ...((options.countUsage ?? config.usageCounting) ? { usageCounter: createUsageCounter(usage) } : {}),
    console: createConsoleRouter(
      { stores: consoleStores, publicUrl, logger, browserKey },
      { plugins: [operator.plugin, exportPages({ query, dataDir: config.dataDir, allowance: downloads, downloadsPerDay: config.exports.downloadsPerDay }), ...(options.consolePlugins ?? [])], multipartPaths: OPS_MULTIPART_PATHS },
    ).router,
    landingLinks: [{ href: '/console', label: 'Console', description: 'Sign in to create, roll and revoke your API keys.' }],
    ...(options.mountAuthenticated ? { mountAuthenticated: options.mountAuthenticated } : {}),
  });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive sockets go idle as their last response ends; close them as they do, not at their timeout.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const grace = setTimeout(() => server.closeAllConnections(), options.shutdownGraceMs ?? 10_000);
      await stopped;
      clearInterval(sweep);
      clearTimeout(grace);
      await replica?.close();
      reader.close();
      await operator.close();
      await usage.stop().catch((error: unknown) => logger.warn({ err: error }, 'key usage could not be written at stop'));
      await consoleStores.close();
      await revocations?.close();
      if (redis) await closeConnection(redis);
      logger.info('server stopped');
    })();
    return closing;
  };

  const host = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const logListening = () =>
    logger.info({ url, publicUrl, keyStore: keyStore.kind, redis: Boolean(redis), compiled: RUNNING_COMPILED }, 'server listening');
  return { url, publicUrl, keyStore, stores: consoleStores, usage, logger, logListening, close };
}
