// startServer(config): opens snapshots, keys and Redis, listens, and returns { url, close() } for a graceful stop.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { openSnapshotReader } from '../pipeline/snapshot/snapshot-reader.ts';
import { createApp } from './app.ts';
import type { AppDeps, RateWindow } from './app.ts';
import { resolvePublicUrl } from '../platform/environment.ts';
import type { Config } from '../platform/environment.ts';
import { createRateLimitStores } from './http/rate-limit-store.ts';
import { createLogger } from './http/request-logger.ts';
import { createKeyAuthenticator } from './keys/authenticate-key.ts';
import type { KeyStore } from './keys/key-store.ts';
import { openKeyStore } from './keys/open-key-store.ts';
import { createRedisRevocationFeed } from './keys/redis-revocation-feed.ts';
import { createCursorCodec } from './query/cursor-codec.ts';
import { loadOrCreateCursorSecret } from './query/cursor-secret.ts';
import { createQueryService } from './query/query-service.ts';
import { connectRedis, closeConnection } from '../platform/redis-connection.ts';

export interface StartOptions {
  /** How often requests look for a newly published snapshot, in ms (default 1000). */
  refreshIntervalMs?: number;
  authFailureLimit?: Omit<RateWindow, 'store'>;
  /** Interface to bind (default: all). */
  host?: string;
  logger?: Logger;
  /** How long close() lets in-flight requests finish before cutting connections (default 10 s). */
  shutdownGraceMs?: number;
  mountAuthenticated?: AppDeps['mountAuthenticated'];
}

export interface RunningServer {
  /** Where this process answers, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Base of profileUrl (LODGING_PUBLIC_URL or http://localhost:{port}). */
  publicUrl: string;
  keyStore: KeyStore;
  logger: Logger;
  close(): Promise<void>;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const prefix = config.redisPrefix;
  mkdirSync(config.dataDir, { recursive: true });

  const reader = openSnapshotReader(config.dataDir, {
    onError: (error, country) => logger.error({ err: error, country }, 'snapshot could not be opened; keeping the previous one'),
  });
  let redis: Redis | null = null;
  if (config.redisUrl) {
    redis = await connectRedis(config.redisUrl, { onError: (error) => logger.warn({ err: error }, 'redis unavailable') });
  }
  const keyStore = openKeyStore({ dataDir: config.dataDir, redis, redisPrefix: prefix });
  const revocations = redis
    ? createRedisRevocationFeed(redis, prefix, (error) => logger.warn({ err: error }, 'revocation feed unavailable'))
    : null;
  await revocations?.ready(3_000);
  const cursors = createCursorCodec(loadOrCreateCursorSecret(config.dataDir));
  const stores = redis ? createRateLimitStores(redis, prefix) : null;

  // The app needs the bound port for its default public URL; until it exists, answer 503 rather than hang.
  let app: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (app) return app(req, res);
    res.statusCode = 503;
    res.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const publicUrl = resolvePublicUrl(config, port);

  const query = createQueryService({ reader, cursors, publicUrl, refreshIntervalMs: options.refreshIntervalMs ?? 1000 });
  app = createApp({
    query,
    authenticator: createKeyAuthenticator(keyStore, revocations ? { revocations } : {}),
    publicUrl,
    logger,
    rateLimit: { limit: config.rateLimit, windowS: config.rateWindowS, ...(stores ? { store: stores.perKey } : {}) },
    authFailureLimit: {
      ...(options.authFailureLimit ?? { limit: 30, windowS: 60 }),
      ...(stores ? { store: stores.authFailures } : {}),
    },
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
      reader.close();
      await keyStore.close();
      await revocations?.close();
      if (redis) await closeConnection(redis);
      logger.info('server stopped');
    })();
    return closing;
  };

  const host = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  logger.info({ url, publicUrl, keyStore: keyStore.kind, redis: Boolean(redis) }, 'server listening');
  return { url, publicUrl, keyStore, logger, close };
}
