// Per-address limits on the public profile pages (/places/{id}): one window for every page, a stricter one for ids that are not published.
import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { html } from '../../platform/html/index.ts';
import { PAGE_CSP, renderDocument } from './html.ts';

export interface ProfileWindow {
  limit: number;
  windowS: number;
}

export interface ProfileLimits {
  /** Every profile page an address asks for. */
  pages: ProfileWindow;
  /** Profile pages answered 404 (ids guessed, or no longer published): past this, every profile page is refused. */
  misses: ProfileWindow;
}

/**
 * The one home of these limits. A reader follows links at a few pages a minute and a crawler that honours 429 slows
 * down; 2 pages a second sustained is neither. Twenty ids that are not published in a minute is guessing.
 */
export const DEFAULT_PROFILE_LIMITS: ProfileLimits = {
  pages: { limit: 120, windowS: 60 },
  misses: { limit: 20, windowS: 60 },
};

/** Stores of the two windows (Redis with REDIS_URL, the primary's under `serve --processes N`); memory otherwise. */
export interface ProfileLimitStores {
  pages?: Store;
  misses?: Store;
}

const refusal = (retryAfterS: number): string =>
  renderDocument(
    'Too many requests',
    html`<main><h1>Too many requests</h1><p>This address asked for too many place pages, or for too many that do not exist. Try again in ${String(retryAfterS)} seconds.</p><p><a href="/">Lodging Directory</a></p></main>`,
  );

function windowLimiter(window: ProfileWindow, name: string, logger: Logger, store: Store | undefined, missesOnly: boolean): RequestHandler {
  const property = `${name}RateLimit`;
  return rateLimit({
    windowMs: window.windowS * 1000,
    limit: window.limit,
    standardHeaders: false,
    legacyHeaders: false,
    requestPropertyName: property,
    keyGenerator: (req) => `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`,
    // Only 404s count against the stricter window: every other answer is given back when it finishes.
    ...(missesOnly ? { skipSuccessfulRequests: true, requestWasSuccessful: (_req, res) => res.statusCode !== 404 } : {}),
    handler: (req, res) => {
      const reset = (req as unknown as Record<string, { resetTime?: Date } | undefined>)[property]?.resetTime;
      const seconds = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : window.windowS;
      res.status(429).setHeader('Retry-After', String(seconds));
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Security-Policy', PAGE_CSP);
      res.type('html').send(refusal(seconds));
    },
    passOnStoreError: true,
    logger: { error: (error: unknown) => logger.warn({ err: error }, 'profile page limiter store error'), warn: () => undefined },
    ...(store ? { store } : {}),
  } as Parameters<typeof rateLimit>[0]);
}

/** The two limiters, in the order they run: every page, then the misses. */
export function createProfileLimiters(limits: ProfileLimits, logger: Logger, stores: ProfileLimitStores = {}): RequestHandler[] {
  return [
    windowLimiter(limits.pages, 'profilePages', logger, stores.pages, false),
    windowLimiter(limits.misses, 'profileMisses', logger, stores.misses, true),
  ];
}
