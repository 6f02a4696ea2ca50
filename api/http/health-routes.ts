// Liveness (/healthz) and readiness (/readyz: which snapshot each country is served from; 503 until there is one).
import { Router } from 'express';
import type { ReplicaStatus } from '../../pipeline/index.ts';
import type { QueryService } from '../query/query-service.ts';
import { PROBLEM_CONTENT_TYPE } from './problem-response.ts';
import { problemTypeUri } from './problem-types.ts';

/**
 * With a shared snapshot store, `distribution` tells whether this replica caught up with the shared pointers: not
 * ready until it has (a late start), still ready while the store is unreachable (stale since), with any country it
 * cannot follow (a digest mismatch) named.
 */
export function createHealthRoutes(query: QueryService, publicUrl: string, distribution?: () => ReplicaStatus): Router {
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
    const replica = distribution?.();
    // Signatures: 'verified' (every record followed verified first) or the loud development setting that skips them.
    const signatures = replica?.unsigned ? 'NOT VERIFIED: LODGING_SNAPSHOT_UNSIGNED=allow follows unsigned pointer records' : 'verified';
    const shared = replica ? { distribution: { store: 'nats', signatures, caughtUp: replica.caughtUp, staleSince: replica.staleSince, problems: replica.problems } } : {};
    const empty = Object.keys(snapshots).length === 0;
    if (empty || (replica && !replica.caughtUp && replica.staleSince === null)) {
      res.status(503).type(PROBLEM_CONTENT_TYPE).send(
        JSON.stringify({
          type: problemTypeUri(publicUrl, 'service-unavailable'),
          title: 'Service Unavailable',
          status: 503,
          detail: !empty
            ? 'Catching up with the shared snapshot store.'
            : replica
              ? `No snapshot to serve yet${replica.staleSince ? `: the shared snapshot store is unreachable since ${replica.staleSince}` : ''}.`
              : 'No snapshot has been published yet: run `lodging import`.',
          snapshots,
          ...shared,
        }),
      );
      return;
    }
    res.json({ status: replica?.staleSince ? 'ready (stale)' : 'ready', snapshots, ...shared });
  });
  return router;
}
