// Per-key request windows (draft-6 RateLimit-* headers on every authenticated response) and a per-address limit on failed authentication.
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { RateLimitRequestHandler, Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { ApiError } from '../errors.ts';
import { authenticatedKey } from './api-key-auth.ts';

export interface WindowSettings {
  limit: number;
  windowS: number;
  /** Memory store when absent (one process); rate-limit-redis when REDIS_URL is set (all replicas). */
  store?: Store;
}

/** express-rate-limit logs store failures on every request; during a Redis outage one line per 10 s is enough. */
function throttledLogger(logger: Logger) {
  let last = 0;
  const log = (error: unknown, message?: string) => {
    if (Date.now() - last < 10_000) return;
    last = Date.now();
    logger.warn({ err: error }, message ?? 'rate limiter store error');
  };
  return { error: log, warn: log };
}

/**
 * Fixed window per key id. passOnStoreError: when the shared store is unreachable the API keeps serving,
 * unlimited and without RateLimit headers, rather than failing every request (documented in the README).
 */
export function createPerKeyLimiter(settings: WindowSettings, logger: Logger): RateLimitRequestHandler {
  return rateLimit({
    windowMs: settings.windowS * 1000,
    limit: settings.limit,
    standardHeaders: 'draft-6',
    legacyHeaders: false,
    keyGenerator: (_req, res) => `key:${authenticatedKey(res).id}`,
    handler: (_req, _res, next) =>
      next(new ApiError('rate-limited', `This key has used its ${settings.limit} requests for this ${settings.windowS}-second window.`)),
    passOnStoreError: true,
    logger: throttledLogger(logger),
    ...(settings.store ? { store: settings.store } : {}),
  });
}

/** Counts only requests that reach it, and the auth middleware sends only failures here: valid keys are never limited by address. */
export function createAuthFailureLimiter(settings: WindowSettings, logger: Logger): RateLimitRequestHandler {
  return rateLimit({
    windowMs: settings.windowS * 1000,
    limit: settings.limit,
    standardHeaders: false,
    legacyHeaders: false,
    requestPropertyName: 'authFailureRateLimit',
    keyGenerator: (req) => `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`,
    handler: (req, res, next) => {
      const reset = (req as unknown as { authFailureRateLimit?: { resetTime?: Date } }).authFailureRateLimit?.resetTime;
      const seconds = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : settings.windowS;
      res.setHeader('Retry-After', String(seconds));
      next(new ApiError('rate-limited', 'Too many failed authentications from this address; wait before trying again.'));
    },
    passOnStoreError: true,
    logger: throttledLogger(logger),
    ...(settings.store ? { store: settings.store } : {}),
  });
}
