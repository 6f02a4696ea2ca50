// A start-up step: the request handler of a listening server (query service, exports, key checks, rate limits, usage, console), its parts registered to close.
import type { Logger } from 'pino';
import { exportSettingsOf } from '../../pipeline/index.ts';
import type { Config } from '../../platform/environment.ts';
import { createApp, type AppDeps, type RateWindow } from '../app.ts';
import { createConsoleRouter } from '../console/console-app.ts';
import type { ConsolePlugin } from '../console/console-kit.ts';
import { exportPages } from '../console/developer/export-pages.ts';
import type { DownloadAllowance } from '../exports/download-allowance.ts';
import { storedDownloadAllowance } from '../usage/stored-download-allowance.ts';
import { createOperatorConsole, OPS_MULTIPART_PATHS } from '../console/ops/operator-console.ts';
import { createKeyAuthenticator } from '../keys/authenticate-key.ts';
import { DEFAULT_PROFILE_LIMITS, type ProfileLimits } from '../pages/profile-limits.ts';
import { createQueryService } from '../query/query-service.ts';
import { createUsageCounter, createUsageRecorder, type UsageRecorder } from '../usage/usage-recorder.ts';
import type { Backends } from './open-backends.ts';
import type { Closers } from './closers.ts';

/** The start options the app is built from (StartOptions of server.ts). */
export interface AppOptions {
  downloadAllowance?: DownloadAllowance;
  refreshIntervalMs?: number;
  authFailureLimit?: Omit<RateWindow, 'store'>;
  mountAuthenticated?: AppDeps['mountAuthenticated'];
  consolePlugins?: ConsolePlugin[];
  usageFlushIntervalMs?: number;
  countUsage?: boolean;
  profileLimits?: ProfileLimits;
}

export interface ComposedApp {
  app: ReturnType<typeof createApp>;
  usage: UsageRecorder;
}

export function composeApp(config: Config, backends: Backends, options: AppOptions, publicUrl: string, logger: Logger, closers: Closers): ComposedApp {
  const { reader, replica, redis, keyStore, consoleStores, revocations, cursors, browserKey, rateLimitStores: stores } = backends;
  const usage = createUsageRecorder({
    usage: consoleStores.usage,
    keys: keyStore,
    logger,
    ...(options.usageFlushIntervalMs !== undefined ? { flushIntervalMs: options.usageFlushIntervalMs } : {}),
  });
  closers.add(() => usage.stop().catch((error: unknown) => logger.warn({ err: error }, 'key usage could not be written at stop')));
  const operator = createOperatorConsole(config, logger, redis);
  closers.add(() => operator.close());
  const downloads = options.downloadAllowance ?? storedDownloadAllowance(consoleStores.usage, config.exports.downloadsPerDay);
  const query = createQueryService({ reader, cursors, publicUrl, refreshIntervalMs: options.refreshIntervalMs ?? 1000, rowBudget: config.queryRowBudget });
  const app = createApp({
    query,
    exports: { dataDir: config.dataDir, settings: { ...exportSettingsOf(config), publicUrl }, allowance: downloads },
    ...(replica ? { distribution: () => replica.status() } : {}),
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
      {
        plugins: [operator.plugin, exportPages({ query, dataDir: config.dataDir, allowance: downloads, downloadsPerDay: config.exports.downloadsPerDay }), ...(options.consolePlugins ?? [])],
        multipartPaths: OPS_MULTIPART_PATHS,
      },
    ).router,
    landingLinks: [{ href: '/console', label: 'Console', description: 'Sign in to create, roll and revoke your API keys.' }],
    ...(options.mountAuthenticated ? { mountAuthenticated: options.mountAuthenticated } : {}),
  });
  return { app, usage };
}
