// CSRF defence for every state-changing console request: a same-origin check (Sec-Fetch-Site, else Origin) and the session's synchronizer token.
import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { z } from 'zod';
import { CSRF_FIELD } from './form-html.ts';
import { parseForm } from './form-input.ts';

const CSRF_FORM = z.object({ [CSRF_FIELD]: z.string() });

export type CsrfVerdict = 'ok' | 'cross-site' | 'bad-token';

function sameOrigin(req: Request, publicUrl: string): boolean {
  const site = req.get('sec-fetch-site');
  // Browsers that send Sec-Fetch-Site say it directly; "none" is a user-typed navigation (never a POST from a page).
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const origin = req.get('origin');
  if (origin === undefined || origin === 'null') return origin === undefined;
  const own = new Set([new URL(publicUrl).origin, `${req.protocol}://${req.get('host') ?? ''}`]);
  return own.has(origin);
}

export function checkCsrf(req: Request, publicUrl: string, sessionToken: string | null): CsrfVerdict {
  const form = parseForm(CSRF_FORM, req);
  return checkCsrfToken(req, publicUrl, sessionToken, form.ok ? form.data[CSRF_FIELD] : undefined);
}

/** The same check with the token read by the route itself (a multipart upload form sends it as its first field). */
export function checkCsrfToken(req: Request, publicUrl: string, sessionToken: string | null, sent: unknown): CsrfVerdict {
  if (!sameOrigin(req, publicUrl)) return 'cross-site';
  if (typeof sent !== 'string' || sessionToken === null) return 'bad-token';
  const a = Buffer.from(sent);
  const b = Buffer.from(sessionToken);
  return a.length === b.length && timingSafeEqual(a, b) ? 'ok' : 'bad-token';
}
