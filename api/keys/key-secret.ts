// Key secrets: a fixed public prefix (so secret scanners find leaks) + 32 random bytes; only their SHA-256 is ever stored.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_PREFIX = 'lds_live_';
/** How many leading characters of the secret the Key resource shows as `prefix`. */
export const SHOWN_PREFIX_LENGTH = 12;
const SECRET_PATTERN = /^lds_live_[A-Za-z0-9_-]{43}$/;

export function generateKeySecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

export function generateKeyId(): string {
  return `key_${randomBytes(12).toString('base64url')}`;
}

/** Hex SHA-256: a 256-bit random secret needs no salt or slow hash; lookups go by this value. */
export function hashKeySecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function shownPrefixOf(secret: string): string {
  return secret.slice(0, SHOWN_PREFIX_LENGTH);
}

/** Format check before any lookup: a malformed value never reaches the store. */
export function looksLikeKeySecret(value: string): boolean {
  return SECRET_PATTERN.test(value);
}

/** Anything shaped like one of our secrets (or the start of one, URL-encoded or not), wherever it appears. */
const SECRET_SHAPED = /lds_[A-Za-z0-9_%-]*/gi;
const SECRET_SHAPED_ONE = /lds_/i;

/** Text with every key-shaped run replaced by [REDACTED]: for logs, error texts and anything echoed. */
export function maskSecrets(text: string): string {
  return SECRET_SHAPED_ONE.test(text) ? text.replace(SECRET_SHAPED, '[REDACTED]') : text;
}

export function holdsSecretShape(text: string): boolean {
  return SECRET_SHAPED_ONE.test(text);
}

/** Constant-time equality of two hex hashes (defence in depth after a lookup by hash). */
export function hashesMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === 32 && right.length === 32 && timingSafeEqual(left, right);
}
