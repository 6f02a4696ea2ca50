// /api/v1: the read operations, each a few lines over the query service; auth and rate limit come first.
import { Router } from 'express';
import type { RequestHandler } from 'express';
import { ApiError, methodNotAllowed } from '../errors.ts';
import { toApiKey } from '../keys/key-store.ts';
import type { QueryService } from '../query/query-service.ts';
import { authenticatedKey } from './api-key-auth.ts';
import { sendServed } from './conditional-response.ts';
import type { PlaceHandlers } from './place-handlers.ts';
import { parseChangesRequest, parseSuggestRequest, rejectAnyQuery } from './search-request.ts';

export interface ApiRoutesOptions {
  query: QueryService;
  /** API key auth, then the per-key limiter: every response after them carries RateLimit headers. */
  guards: RequestHandler[];
  /** The search and place answers (the same ones hot-path.ts runs for their plainest URLs). */
  handlers: PlaceHandlers;
}

const onlyGet: RequestHandler = (_req, _res, next) => next(methodNotAllowed(['GET', 'HEAD']));

/** Answers depend on the key (rate limit headers) and change with each snapshot. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * The handlers run in turn as one router layer, as Express runs separate layers: an error (passed to next, thrown,
 * or a rejected promise) skips the rest and goes on to the error handlers. One layer instead of four saves the
 * router's per-layer matching and dispatch on every API request (router's self time in a get-by-id profile).
 */
export function inSequence(handlers: readonly RequestHandler[]): RequestHandler {
  return (req, res, done) => {
    let at = 0;
    const step = (error?: unknown): void => {
      if (error) return done(error);
      const handler = handlers[at++];
      if (!handler) return done();
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.then(undefined, (rejected: unknown) => done(rejected || new Error('Rejected promise')));
      } catch (thrown) {
        done(thrown);
      }
    };
    step();
  };
}

export function createApiRoutes(options: ApiRoutesOptions): Router {
  const { query, handlers } = options;
  const router = Router({ strict: true });
  router.use(inSequence([...options.guards, noStore]));

  router.get('/key', (req, res) => {
    rejectAnyQuery(req.originalUrl);
    res.json({ key: toApiKey(authenticatedKey(res)) });
  });

  router.get('/places', (req, res) => handlers.search(req, res));

  router.get('/places/suggest', (req, res) => {
    sendServed(req, res, query.suggestServed(parseSuggestRequest(req.originalUrl)), 'body');
  });

  router.get('/places/:placeId', (req, res) => handlers.place(req, res, req.params.placeId));

  router.get('/changes', (req, res) => {
    sendServed(req, res, query.changes(parseChangesRequest(req.originalUrl)), null);
  });

  router.all(['/key', '/places', '/places/suggest', '/places/:placeId', '/changes'], onlyGet);
  router.use((_req, _res, next) => next(new ApiError('not-found', 'No such endpoint. See /openapi.json.')));
  return router;
}
