// startServer(config): opens snapshots, keys and Redis, listens, and returns { url, close() } for a graceful stop.
import type { Logger } from 'pino';
import type { AppDeps, RateWindow } from './app.ts';
import type { ConsoleStores } from './accounts/console-stores.ts';
import type { ConsolePlugin } from './console/console-kit.ts';
import type { DownloadAllowance } from './exports/download-allowance.ts';
import type { RateLimitStores } from './http/rate-limit-store.ts';
import { createLogger } from './http/request-logger.ts';
import type { KeyStore } from './keys/key-store.ts';
import type { ProfileLimits } from './pages/profile-limits.ts';
import type { UsageRecorder } from './usage/usage-recorder.ts';
import { resolvePublicUrl, type Config } from '../platform/environment.ts';
import { RUNNING_COMPILED } from '../platform/project-files.ts';
import { createClosers } from './server/closers.ts';
import { composeApp } from './server/compose-app.ts';
import { gracefulStop } from './server/graceful-stop.ts';
import { createPendingServer, listen, localUrl } from './server/listen.ts';
import { openBackends, type Backends } from './server/open-backends.ts';
import { prepareDataDir } from './server/prepare-data-dir.ts';
import { ServerStartError, startFailure } from './server/start-failure.ts';

export { ServerStartError } from './server/start-failure.ts';

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
  /** What each served snapshot keeps in memory, by country and cache (for `npm run bench:memory`). */
  snapshotCaches(): ReturnType<Backends['reader']['caches']>;
  /** Logs "server listening" (what log readers wait for); `lodging serve` calls it once its welcome text is out. */
  logListening(): void;
  close(): Promise<void>;
}

/**
 * The steps of a start: prepare the data directory, open the backends, listen, mount the app; a failure closes what
 * was opened (one list of closers, also what close() closes, newest first) and throws ServerStartError.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  prepareDataDir(config.dataDir, logger);
  const closers = createClosers();
  const { server, mount } = createPendingServer();
  let backends: Backends;
  let port: number;
  try {
    backends = await openBackends(config, logger, closers, options.rateLimitStores);
    port = await listen(server, config.port, options.host);
  } catch (error) {
    await closers.closeAll().catch(() => undefined);
    server.close();
    throw new ServerStartError(startFailure(error, config.port, options.host), { cause: error });
  }
  const publicUrl = resolvePublicUrl(config, port);
  const { app, usage } = composeApp(config, backends, options, publicUrl, logger, closers);
  mount(app);

  const url = localUrl(options.host, port);
  const { keyStore, consoleStores, redis } = backends;
  const logListening = () =>
    logger.info({ url, publicUrl, keyStore: keyStore.kind, redis: Boolean(redis), compiled: RUNNING_COMPILED }, 'server listening');
  const close = gracefulStop(server, closers, logger, options.shutdownGraceMs ?? 10_000);
  const snapshotCaches = () => backends.reader.caches();
  return { url, publicUrl, keyStore, stores: consoleStores, usage, logger, logListening, snapshotCaches, close };
}
