// GET /api/v1/places and /api/v1/places/{id} at their plainest, run ahead of Express's router: the same steps and answers.
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { inSequence, noStore } from './api-routes.ts';
import type { PlaceHandlers } from './place-handlers.ts';

const SEARCH_PATH = '/api/v1/places';
const PLACE_PATH = '/api/v1/places/';
/** An id the router passes on as it stands: no character to decode, none that ends a path segment. */
const PLAIN_ID = /^[A-Za-z0-9._~-]+$/;

const pathOf = (url: string): string => {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
};

/** The id of `/api/v1/places/{id}` when it is plain (and not the suggestion endpoint), else null. */
function plainPlaceIdOf(path: string): string | null {
  if (!path.startsWith(PLACE_PATH)) return null;
  const id = path.slice(PLACE_PATH.length);
  return id !== 'suggest' && PLAIN_ID.test(id) ? id : null;
}

/** A search or a lookup at its plainest: GET or HEAD, the search path or a plain place id. */
export function isHotRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = pathOf(req.url ?? '');
  return path === SEARCH_PATH || plainPlaceIdOf(path) !== null;
}

/**
 * The router would reach these two routes through the exports router's and /api/v1's prefixes, the guards' layer
 * and a match against each route before them: a share of a lookup's CPU. Here a request `isHotRequest` accepts runs
 * the same guards, the same no-store header and the same handler, and an error goes on to the same error handler
 * (ahead-of-router.ts). Any other URL, method or spelling (another case, a trailing slash, an encoded id) goes on to
 * the routers as before.
 */
export function createHotPath(guards: readonly RequestHandler[], handlers: PlaceHandlers): RequestHandler {
  const search = inSequence([...guards, noStore, (req, res) => handlers.search(req, res)]);
  const place = inSequence([...guards, noStore, (req, res) => handlers.place(req, res, plainPlaceIdOf(pathOf(req.url))!)]);
  return (req, res, next) => {
    if (pathOf(req.url) === SEARCH_PATH) return search(req, res, next);
    return place(req, res, next);
  };
}
