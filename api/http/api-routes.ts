// /api/v1: the three read operations, each a few lines over the query service; auth and rate limit come first.
import { Router } from 'express';
import type { RequestHandler } from 'express';
import { ApiError, methodNotAllowed } from '../errors.ts';
import { toApiKey } from '../keys/key-store.ts';
import type { QueryService } from '../query/query-service.ts';
import { authenticatedKey } from './api-key-auth.ts';
import { parseSearchRequest, rejectAnyQuery } from './search-request.ts';

export interface ApiRoutesOptions {
  query: QueryService;
  /** API key auth, then the per-key limiter: every response after them carries RateLimit headers. */
  guards: RequestHandler[];
}

const onlyGet: RequestHandler = (_req, _res, next) => next(methodNotAllowed(['GET', 'HEAD']));

export function createApiRoutes(options: ApiRoutesOptions): Router {
  const { query } = options;
  const router = Router({ strict: true });
  router.use(...options.guards);
  router.use((_req, res, next) => {
    // Answers depend on the key (rate limit headers) and change with each snapshot.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get('/key', (req, res) => {
    rejectAnyQuery(req.originalUrl);
    res.json({ key: toApiKey(authenticatedKey(res)) });
  });

  router.get('/places', (req, res) => {
    res.type('application/json').send(query.searchJson(parseSearchRequest(req.originalUrl)));
  });

  router.get('/places/:placeId', (req, res) => {
    rejectAnyQuery(req.originalUrl);
    const place = query.getPlaceJson(req.params.placeId);
    if (place === null) throw new ApiError('not-found', 'No published place has this id.');
    res.type('application/json').send(`{"place":${place}}`);
  });

  router.all(['/key', '/places', '/places/:placeId'], onlyGet);
  router.use((_req, _res, next) => next(new ApiError('not-found', 'No such endpoint. See /openapi.json.')));
  return router;
}
