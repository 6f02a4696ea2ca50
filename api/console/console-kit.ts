// What every console page module gets (the developer pages and, later, the operator pages): session, role checks, CSRF token, page rendering.
import type { Request, RequestHandler, Response, Router } from 'express';
import type { Logger } from 'pino';
import type { Account, Role } from '../accounts/account-store.ts';
import type { Actor } from '../accounts/audit.ts';
import type { ConsoleStores } from '../accounts/console-stores.ts';
import { clientAddressOf } from '../http/client-address.ts';
import { listAccountKeys, needsRollReminder } from '../accounts/key-service.ts';
import type { ConsoleSession, SessionManager } from './console-session.ts';
import { renderShell } from './console-layout.ts';
import type { NavItem, Notice } from './console-layout.ts';
import { html } from '../../platform/html/index.ts';
import type { Markup } from '../../platform/html/index.ts';

export interface ConsoleDeps {
  stores: ConsoleStores;
  /** Base of invitation links and the expected Origin of forms, without a trailing slash. */
  publicUrl: string;
  logger: Logger;
  /** Signs known-browser tokens (sign-in's own attempt budget for a browser that signed in before); none: not used. */
  browserKey?: Buffer;
}

export interface Page {
  title: string;
  body: Markup;
  status?: number;
  notices?: Notice[];
}

export interface ConsoleKit {
  deps: ConsoleDeps;
  sessions: SessionManager;
  /** The navigation; a page module pushes its entries (with `role` for operator-only pages). */
  nav: NavItem[];
  /** Redirects to the sign-in page when nobody is signed in. */
  requireAccount: RequestHandler;
  /** 403 page for a signed-in account without the role (after requireAccount). */
  requireRole(role: Role): RequestHandler;
  session(res: Response): ConsoleSession | null;
  /** The signed-in account (only after requireAccount). */
  account(res: Response): Account;
  /** Who is acting, for the audit trail. */
  actor(req: Request, res: Response): Actor;
  /** The CSRF token for this page's forms: the session's, or a cookie-bound one when nobody is signed in (nothing stored). */
  csrfToken(res: Response): Promise<string>;
  send(req: Request, res: Response, page: Page): Promise<void>;
  /** The query string (the app's own parser is off). */
  query(req: Request): URLSearchParams;
}

/** A group of console routes: `(router, kit) => { kit.nav.push(...); router.get('/x', kit.requireAccount, ...) }`. */
export type ConsolePlugin = (router: Router, kit: ConsoleKit) => void;

interface Locals {
  consoleSession?: ConsoleSession | null;
}

/** Where an account lands after sign-in (and at /console): an operator on the operator Countries page, a developer on their keys. */
export function landingPath(role: Role): string {
  return role === 'operator' ? '/console/ops/countries' : '/console/keys';
}

export function clientAddress(req: Request): string {
  return clientAddressOf(req) ?? 'unknown';
}

export function createConsoleKit(deps: ConsoleDeps, sessions: SessionManager): ConsoleKit {
  const nav: NavItem[] = [];
  const session = (res: Response) => (res.locals as Locals).consoleSession ?? null;

  const kit: ConsoleKit = {
    deps,
    sessions,
    nav,
    requireAccount: (req, res, next) => {
      if (session(res)?.account) return next();
      res.setHeader('Cache-Control', 'no-store');
      const back = req.method === 'GET' ? `?next=${encodeURIComponent(req.originalUrl.split('?')[0] ?? '/console')}` : '';
      res.redirect(303, `/console/sign-in${back}`);
    },
    requireRole: (role) => async (req, res, next) => {
      if (session(res)?.account?.role === role) return next();
      await kit.send(req, res, {
        title: 'Not allowed',
        status: 403,
        body: html`<p>This page is for accounts with the ${role} role.</p><p><a href="/console/keys">Back to your keys</a></p>`,
      });
    },
    session,
    account: (res) => {
      const account = session(res)?.account;
      if (!account) throw new Error('kit.account() used on a route without requireAccount');
      return account;
    },
    actor: (req, res) => ({ actor: session(res)?.account?.id ?? 'anonymous', address: clientAddress(req) }),
    csrfToken: async (res) => session(res)?.record.csrfToken ?? sessions.formToken(res.req, res),
    send: async (req, res, page) => {
      const current = session(res);
      const notices = [...(page.notices ?? [])];
      if (current?.account) {
        const now = new Date();
        const soon = (await listAccountKeys(deps.stores, current.account.id, now)).filter((key) => needsRollReminder(key, now));
        if (soon.length > 0) {
          notices.push({
            kind: 'warning',
            text: html`${soon.length === 1 ? 'A key expires' : `${soon.length} keys expire`} within 7 days: ${soon.map(
              (key, i) => html`${i > 0 ? ', ' : ''}<a href="/console/keys/${key.id}">${key.name}</a> (${key.expiresAt?.slice(0, 10)})`,
            )}. Roll ${soon.length === 1 ? 'it' : 'them'} to keep working.`,
          });
        }
      }
      const counts = new Map<string, number>();
      if (current?.account) {
        for (const item of nav) {
          if (item.count && (!item.role || item.role === current.account.role)) counts.set(item.href, await item.count());
        }
      }
      res.status(page.status ?? 200);
      res.type('html').send(
        renderShell({
          title: page.title,
          body: page.body,
          account: current?.account ?? null,
          csrfToken: current?.record.csrfToken ?? null,
          nav,
          notices,
          path: req.originalUrl.split('?')[0] ?? '',
          counts,
        }),
      );
    },
    query: (req) => new URLSearchParams(req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : ''),
  };
  return kit;
}

export function setConsoleSession(res: Response, value: ConsoleSession | null): void {
  (res.locals as Locals).consoleSession = value;
}
