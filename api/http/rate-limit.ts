// Per-key request windows (draft-6 RateLimit-* headers on every authenticated response) and a per-address limit on failed authentication.
import { ipKeyGenerator, MemoryStore, rateLimit } from 'express-rate-limit';
import type { ClientRateLimitInfo, Options, RateLimitRequestHandler, Store } from 'express-rate-limit';
import type { NextFunction, RequestHandler, Response } from 'express';
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

/** Seconds until the window ends, as express-rate-limit's draft-6 headers count them (whole window when unknown). */
function resetSeconds(windowMs: number, resetTime: Date | undefined): number {
  return resetTime ? Math.max(0, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(windowMs / 1000);
}

/**
 * Fixed window per key lineage (the first key of a roll chain), over express-rate-limit's Store interface (its MemoryStore in one process, the primary's
 * counters under `serve --processes N`, rate-limit-redis with REDIS_URL), with its draft-6 headers and Retry-After.
 * Not express-rate-limit's own middleware: on this path it cost about 8 % of a get-by-id request's CPU (bench/api-ab.ts),
 * mostly five awaits, per-request validations and a `request.ip` evaluated for a disabled debug line.
 * passOnStoreError, as before: when the shared store is unreachable the API keeps serving, unlimited and without
 * RateLimit headers, rather than failing every request (docs/api.md, "Rate limits").
 */
export function createPerKeyLimiter(settings: WindowSettings, logger: Logger): RequestHandler {
  const windowMs = settings.windowS * 1000;
  const { limit } = settings;
  const store: Store = settings.store ?? new MemoryStore();
  const log = throttledLogger(logger);
  try {
    const started = store.init?.({ windowMs } as Options);
    if (started instanceof Promise) started.catch((error: unknown) => log.error(error, 'rate limiter store could not start'));
  } catch (error) {
    log.error(error, 'rate limiter store could not start');
  }
  const policy = `${limit};w=${Math.ceil(windowMs / 1000)}`;
  const limitText = String(limit);
  const refused = () => new ApiError('rate-limited', `This key has used its ${limit} requests for this ${settings.windowS}-second window.`);

  const apply = (res: Response, next: NextFunction, info: ClientRateLimitInfo) => {
    const reset = String(resetSeconds(windowMs, info.resetTime));
    if (!res.headersSent) {
      res.setHeader('RateLimit-Policy', policy);
      res.setHeader('RateLimit-Limit', limitText);
      res.setHeader('RateLimit-Remaining', String(Math.max(limit - info.totalHits, 0)));
      res.setHeader('RateLimit-Reset', reset);
    }
    if (info.totalHits > limit) {
      if (!res.headersSent) res.setHeader('Retry-After', reset);
      next(refused());
      return;
    }
    next();
  };
  const storeFailed = (next: NextFunction) => (error: unknown) => {
    log.error(error, 'rate limiter store error; request allowed without rate limiting');
    next();
  };

  return (_req, res, next) => {
    let counted: Promise<ClientRateLimitInfo> | ClientRateLimitInfo;
    try {
      // By lineage: a rolled key goes on counting in its predecessor's window.
      counted = store.increment(`key:${authenticatedKey(res).lineage}`);
    } catch (error) {
      storeFailed(next)(error);
      return;
    }
    if (counted instanceof Promise) counted.then((info) => apply(res, next, info), storeFailed(next));
    else apply(res, next, counted);
  };
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
