// /console: the developer console (and the mount point of operator pages), server-rendered, strict CSP, CSRF on every POST.
import express, { Router } from 'express';
import type { RequestHandler } from 'express';
import { redactUrl } from '../http/query-string.ts';
import { requestLogger } from '../http/request-logger.ts';
import { consoleErrorHandler } from './console-error-page.ts';
import { createSessionManager } from './console-session.ts';
import { checkCsrf } from './csrf.ts';
import { createConsoleKit, landingPath, setConsoleSession } from './console-kit.ts';
import type { ConsoleDeps, ConsoleKit, ConsolePlugin } from './console-kit.ts';
import { developerConsole } from './developer/developer-console.ts';
import { html } from '../../platform/html/index.ts';
import { serveAsset } from './static-asset.ts';

/** Scripts and styles only from /console/static; forms post only here; nothing may frame the pages. */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";


export interface ConsoleOptions {
  /** Further page groups (the operator console); the developer pages are always there. */
  plugins?: ConsolePlugin[];
  /** POST paths (under /console) taking multipart uploads: their route checks the CSRF token itself, from the form's first field. */
  multipartPaths?: string[];
}

export function createConsoleRouter(deps: ConsoleDeps, options: ConsoleOptions = {}): { router: Router; kit: ConsoleKit } {
  const router = Router({ strict: false });
  const sessions = createSessionManager(deps.stores.accounts, { secure: deps.publicUrl.startsWith('https:') });
  const kit = createConsoleKit(deps, sessions);
  const multipartPaths = new Set(options.multipartPaths ?? []);

  router.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', CONSOLE_CSP);
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  serveAsset(router, '/static/console.css', 'api/console/static/console.css', 'text/css');
  serveAsset(router, '/static/favicon.svg', 'api/console/static/favicon.svg', 'image/svg+xml', 86_400);
  serveAsset(router, '/static/console.js', 'api/console/static/console.js', 'text/javascript');

  router.use(express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }));
  const loadSession: RequestHandler = async (req, res, next) => {
    setConsoleSession(res, await sessions.load(req, res));
    next();
  };
  const csrf: RequestHandler = async (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    if (multipartPaths.has(req.path) && /^multipart\/form-data\b/i.test(req.get('content-type') ?? '')) return next();
    const verdict = checkCsrf(req, deps.publicUrl, kit.session(res)?.record.csrfToken ?? sessions.expectedFormToken(req));
    if (verdict === 'ok') return next();
    requestLogger(res, deps.logger).warn({ url: redactUrl(req.originalUrl), verdict }, 'console form refused (CSRF)');
    await kit.send(req, res, {
      title: 'This form cannot be accepted',
      status: 403,
      body: html`<p>${
        verdict === 'cross-site' ? 'It was sent from another site.' : 'It has expired (or was opened in another session).'
      } Nothing was changed.</p><p><a href="${req.originalUrl.split('?')[0]}">Open the page again</a> and retry.</p>`,
    });
  };
  router.use(loadSession, csrf);

  router.get('/', (_req, res) => {
    const account = kit.session(res)?.account;
    res.redirect(303, account ? landingPath(account.role) : '/console/sign-in');
  });
  developerConsole(router, kit);
  for (const plugin of options.plugins ?? []) plugin(router, kit);

  router.use(async (req, res) => {
    await kit.send(req, res, {
      title: 'Page not found',
      status: 404,
      body: html`<p>There is nothing at this address.</p><p><a href="/console">Go to the console</a></p>`,
    });
  });
  router.use(consoleErrorHandler(kit));
  return { router, kit };
}
