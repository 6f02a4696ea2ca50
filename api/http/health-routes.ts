// Liveness (/healthz) and readiness (/readyz: which snapshot each country is served from; 503 until there is one).
import { Router } from 'express';
import type { QueryService } from '../query/query-service.ts';
import { PROBLEM_CONTENT_TYPE } from './problem-response.ts';
import { problemTypeUri } from './problem-types.ts';

export function createHealthRoutes(query: QueryService, publicUrl: string): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const snapshots = Object.fromEntries(
      Object.entries(query.snapshots()).map(([country, info]) => [
        country,
        { version: info.version, publishedAt: info.publishedAt, publishedCount: info.publishedCount },
      ]),
    );
    if (Object.keys(snapshots).length === 0) {
      res.status(503).type(PROBLEM_CONTENT_TYPE).send(
        JSON.stringify({
          type: problemTypeUri(publicUrl, 'service-unavailable'),
          title: 'Service Unavailable',
          status: 503,
          detail: 'No snapshot has been published yet: run `lodging import`.',
          snapshots: {},
        }),
      );
      return;
    }
    res.json({ status: 'ready', snapshots });
  });
  return router;
}
