// Public HTML pages: / (the landing page), /places/{id} (the profileUrl) and /problems/{code} (problem type documentation).
import { Router } from 'express';
import type { Request, RequestHandler } from 'express';
import { API_ERROR_KINDS, isInvalidParameters } from '../errors.ts';
import type { QueryService } from '../query/query-service.ts';
import { html } from '../../platform/html/index.ts';
import { PAGE_CSP, renderDocument } from './html.ts';
import { renderLandingPage } from './landing-page.ts';
import type { LandingLink } from './landing-page.ts';
import { renderNotFoundPage, renderPlacePage } from './place-page.ts';

/** The request's own origin, for examples on a page (the Host header is escaped where it is shown). */
const originOf = (req: Request): string => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/** `profileLimiters`: the per-address windows of the profile pages (profile-limits.ts), run before each one. */
export function createPageRoutes(query: QueryService, landingLinks: readonly LandingLink[] = [], profileLimiters: RequestHandler[] = []): Router {
  const router = Router();
  router.use(['/places', '/problems'], (_req, res, next) => {
    res.setHeader('Content-Security-Policy', PAGE_CSP);
    next();
  });

  // Browsers ask for it on every page; there is no icon, and a 404 in every page's console hides real problems.
  router.get('/favicon.ico', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.status(204).end();
  });

  router.get('/', (req, res) => {
    res.setHeader('Content-Security-Policy', PAGE_CSP);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(renderLandingPage(originOf(req), landingLinks));
  });

  router.get('/places/:placeId', ...profileLimiters, (req, res) => {
    let place = null;
    let kept = null;
    try {
      place = query.getPlace(String(req.params.placeId));
      if (!place) kept = query.keptPlaceOf(String(req.params.placeId));
    } catch (error) {
      if (!isInvalidParameters(error)) throw error;
    }
    if (!place) {
      res.status(404).setHeader('Cache-Control', 'no-store');
      // A duplicate's page: 404 like the API, with the kept place's page as its canonical link.
      if (kept) res.setHeader('Link', `<${kept.profileUrl}>; rel="canonical"`);
      res.type('html').send(renderNotFoundPage(kept ? { id: kept.id, profileUrl: kept.profileUrl } : null));
      return;
    }
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('html').send(renderPlacePage(place));
  });

  router.get('/problems/:code', (req, res, next) => {
    const code = req.params.code;
    const type = Object.hasOwn(API_ERROR_KINDS, code) ? API_ERROR_KINDS[code as keyof typeof API_ERROR_KINDS] : undefined;
    if (!type) return next();
    res.type('html').send(
      renderDocument(
        type.title,
        html`<main><h1>${type.status} ${type.title}</h1><p>${type.description}</p><p><a href="/docs">API documentation</a></p></main>`,
      ),
    );
  });
  return router;
}
