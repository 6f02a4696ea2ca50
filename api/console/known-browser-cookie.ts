// The known-browser cookie of the sign-in form: read before a sign-in, renewed after a successful one (HttpOnly, SameSite=Lax, console path).
import type { Request, Response } from 'express';
import { KNOWN_BROWSER_DAYS } from '../accounts/known-browser.ts';

export function knownBrowserCookieName(secure: boolean): string {
  return secure ? '__Secure-lodging_browser' : 'lodging_browser';
}

/** The cookie's value when it has a token's shape (`nonce.mac`, base64url), else null. */
export function readKnownBrowserCookie(req: Request, secure: boolean): string | null {
  const name = knownBrowserCookieName(secure);
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function setKnownBrowserCookie(res: Response, secure: boolean, token: string): void {
  const maxAge = KNOWN_BROWSER_DAYS * 86_400;
  res.append('Set-Cookie', `${knownBrowserCookieName(secure)}=${token}; Path=/console; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}
