// createApp(deps): the whole HTTP surface as a request listener (an Express app, its plainest reads ahead of the router) that never listens by itself (server.ts does).
import express from 'express';
import type { Express, RequestHandler, Router } from 'express';
import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { createApiKeyAuth } from './http/api-key-auth.ts';
import { createApiRoutes, inSequence } from './http/api-routes.ts';
import { createExportRoutes, type ExportRoutesOptions } from './exports/export-routes.ts';
import { createDocsRoutes } from './http/docs-routes.ts';
import { createHealthRoutes } from './http/health-routes.ts';
import { aheadOfRouter, type RequestListener } from './http/ahead-of-router.ts';
import { createHotPath, isHotRequest } from './http/hot-path.ts';
import { createPlaceHandlers } from './http/place-handlers.ts';
import type { ReplicaStatus } from '../pipeline/index.ts';
import { createErrorHandler, createNotFoundHandler } from './http/problem-response.ts';
import { createAuthFailureLimiter, createPerKeyLimiter } from './http/rate-limit.ts';
import { createRequestLogger } from './http/request-logger.ts';
import type { KeyAuthenticator } from './keys/authenticate-key.ts';
import type { LandingLink } from './pages/landing-page.ts';
import { createPageRoutes } from './pages/page-routes.ts';
import { createProfileLimiters, DEFAULT_PROFILE_LIMITS, type ProfileLimits, type ProfileLimitStores } from './pages/profile-limits.ts';
import type { QueryService } from './query/query-service.ts';

export interface RateWindow {
  limit: number;
  windowS: number;
  store?: Store;
}

/** What an authenticated surface mounted beside REST (MCP at /mcp) reuses, so it cannot drift from REST. */
export interface AuthenticatedContext {
  /** API key auth (X-API-Key or Bearer) then the per-key limiter: the same window as REST. */
  guards: RequestHandler[];
  query: QueryService;
  publicUrl: string;
  logger: Logger;
}

export interface AppDeps {
  query: QueryService;
  /** With a shared snapshot store: how current this replica is (for /readyz). */
  distribution?: () => ReplicaStatus;
  authenticator: KeyAuthenticator;
  /** Base of profileUrl and of problem type URIs, without a trailing slash. */
  publicUrl: string;
  logger: Logger;
  rateLimit: RateWindow;
  /** Failed authentications per client address (default 30 per 60 s). */
  authFailureLimit?: RateWindow;
  /** Per-address windows of the profile pages (default DEFAULT_PROFILE_LIMITS, memory stores). */
  profileLimits?: ProfileLimits & { stores?: ProfileLimitStores };
  /** Mounts further authenticated routes (e.g. `app.post('/mcp', ...context.guards, handler)`). */
  mountAuthenticated?: (app: Express, context: AuthenticatedContext) => void;
  /**
   * Links shown first on the landing page (GET /), for pages mounted beside the API: whoever mounts /console adds
   * `{ href: '/console', label: 'Console', description: '…' }` here, so the page never links a route that does not exist.
   */
  landingLinks?: LandingLink[];
  /** Counts each authenticated response per key (api/usage); runs before the key check, counts at finish. */
  usageCounter?: RequestHandler;
  /** Bulk exports at /api/v1/exports (the same keys and window as the rest of /api/v1, plus a daily download allowance). */
  exports?: Pick<ExportRoutesOptions, 'dataDir' | 'settings' | 'allowance'>;
  /** The web console, mounted at /console. */
  console?: Router;
}

const securityHeaders = (publicUrl: string): RequestHandler => {
  // Served over https (behind its proxy): browsers are told to use nothing else for a year.
  const hsts = publicUrl.startsWith('https:');
  return (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'DENY');
    if (hsts) res.setHeader('Strict-Transport-Security', 'max-age=31536000');
    next();
  };
};

export function createApp(deps: AppDeps): RequestListener {
  const app = express();
  app.disable('x-powered-by');
  // API answers are no-store and pages short-lived: an ETag would only cost a hash of every body.
  app.set('etag', false);
  // Routes read the raw query string themselves (query-string.ts) to catch unknown, repeated and empty parameters.
  app.set('query parser', false);

  const failureLimiter = createAuthFailureLimiter(deps.authFailureLimit ?? { limit: 30, windowS: 60 }, deps.logger);
  const guards = [
    ...(deps.usageCounter ? [deps.usageCounter] : []),
    createApiKeyAuth({ authenticator: deps.authenticator, failureLimiter, logger: deps.logger }),
    createPerKeyLimiter(deps.rateLimit, deps.logger),
  ];
  // One router layer for the access log and the security headers: every request runs them, and each layer costs a
  // match and a dispatch. The plainest searches and lookups run the same two ahead of the router (hot-path.ts,
  // ahead-of-router.ts). Exports go before the rest of /api/v1, whose router answers 404 to any path it does not know.
  const handlers = createPlaceHandlers(deps.query);
  const everyRequest = [createRequestLogger(deps.logger), securityHeaders(deps.publicUrl)];
  app.use(inSequence(everyRequest));
  if (deps.exports) app.use('/api/v1/exports', createExportRoutes({ ...deps.exports, query: deps.query, publicUrl: deps.publicUrl, guards }));
  app.use('/api/v1', createApiRoutes({ query: deps.query, guards, handlers }));

  // Built on the first request (its schemas and zod-to-json-schema stay unloaded until then), then kept.
  let openApiJson: Promise<string> | undefined;
  app.get('/openapi.json', async (_req, res) => {
    openApiJson ??= import('./openapi/openapi-json.ts').then(({ openApiJsonOf }) => openApiJsonOf(deps.publicUrl));
    const json = await openApiJson;
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(json);
  });
  app.use(createHealthRoutes(deps.query, deps.publicUrl, deps.distribution));
  app.use(createDocsRoutes());
  const profileLimits = deps.profileLimits ?? DEFAULT_PROFILE_LIMITS;
  app.use(createPageRoutes(deps.query, deps.landingLinks, createProfileLimiters(profileLimits, deps.logger, deps.profileLimits?.stores)));
  if (deps.console) app.use('/console', deps.console);

  deps.mountAuthenticated?.(app, { guards, query: deps.query, publicUrl: deps.publicUrl, logger: deps.logger });

  app.use(createNotFoundHandler());
  const errors = createErrorHandler(deps.publicUrl, deps.logger);
  app.use(errors);
  return aheadOfRouter(app, isHotRequest, inSequence([...everyRequest, createHotPath(guards, handlers)]), errors);
}
