// The known-browser token (OWASP's device cookie): given to a browser at a successful sign-in, it gives that browser its own attempt budget for the account.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { emailSubject } from './password-attempts.ts';

/** How long a browser stays known after its last successful sign-in. */
export const KNOWN_BROWSER_DAYS = 180;

const macOf = (key: Buffer, who: string, nonce: string): string =>
  createHmac('sha256', key).update(`known-browser\n${who}\n${nonce}`).digest('base64url');

/** A new token for the account with this e-mail: `nonce.mac`, the mac binding the nonce to the account. */
export function knownBrowserToken(key: Buffer, email: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${macOf(key, emailSubject(email), nonce)}`;
}

/** The browser's id (its nonce) when the token was given for this e-mail's account by this server, else null. */
export function knownBrowserId(key: Buffer, email: string, token: string | null | undefined): string | null {
  if (!token || token.length > 200) return null;
  const [nonce, mac, extra] = token.split('.');
  if (!nonce || !mac || extra !== undefined) return null;
  const expected = Buffer.from(macOf(key, emailSubject(email), nonce));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}
