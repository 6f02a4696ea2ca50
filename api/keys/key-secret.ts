// Key secrets: a fixed public prefix + 40 random base62 characters + a 6-character CRC32 checksum; only their SHA-256 is stored.
import * as crypto from 'node:crypto';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const SECRET_PREFIX = 'lds_live_';
/** How many leading characters of the secret the Key resource shows as `prefix`. */
export const SHOWN_PREFIX_LENGTH = 12;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 40; // 40 × log2(62) ≈ 238 bits
const CHECKSUM_LENGTH = 6; // 62^6 > 2^32
/** Current format: checksummed, so a secret scanner can tell a real key from noise offline. */
const CHECKSUMMED = /^lds_live_([0-9A-Za-z]{40})([0-9A-Za-z]{6})$/;
/** The first format (32 random bytes in base64url, no checksum): still accepted so no issued key stops working. */
const LEGACY = /^lds_live_[A-Za-z0-9_-]{43}$/;

function base62(value: number, width: number): string {
  let text = '';
  let rest = value;
  for (let i = 0; i < width; i += 1) {
    text = BASE62[rest % 62] + text;
    rest = Math.floor(rest / 62);
  }
  return text;
}

/** CRC32 of the random part, as 6 base62 digits (the scheme the large code hosts use for their tokens). */
export function secretChecksum(randomPart: string): string {
  return base62(crc32(randomPart) >>> 0, CHECKSUM_LENGTH);
}

function randomBase62(length: number): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // Rejection sampling: 248 = 4 × 62 keeps every character equally likely.
      if (byte < 248 && text.length < length) text += BASE62[byte % 62];
    }
  }
  return text;
}

export function generateKeySecret(): string {
  const random = randomBase62(RANDOM_LENGTH);
  return SECRET_PREFIX + random + secretChecksum(random);
}

export function generateKeyId(): string {
  return `key_${randomBytes(12).toString('base64url')}`;
}

/** Hex SHA-256: a 238-bit random secret needs no salt or slow hash; lookups go by this value. */
export const hashKeySecret: (secret: string) => string =
  // One call, no Hash object, where this Node has crypto.hash (20.12+): it runs on every authenticated request.
  typeof crypto.hash === 'function'
    ? (secret) => crypto.hash('sha256', secret, 'hex')
    : (secret) => createHash('sha256').update(secret, 'utf8').digest('hex');

export function shownPrefixOf(secret: string): string {
  return secret.slice(0, SHOWN_PREFIX_LENGTH);
}

/** How many trailing characters of the secret are kept beside its hash, for display. */
export const SHOWN_SUFFIX_LENGTH = 4;

export function shownLastFourOf(secret: string): string {
  return secret.slice(-SHOWN_SUFFIX_LENGTH);
}

/** A stored key as people see it: "lds_live_vDh5…Ab3x", or "lds_live_vDh5…" for a key made before the last four were kept. */
export function shownSecretText(key: { prefix: string; lastFour: string | null }): string {
  return `${key.prefix}…${key.lastFour ?? ''}`;
}

/** True for a current secret whose checksum matches (what an offline secret scanner checks). */
export function hasValidChecksum(value: string): boolean {
  const match = CHECKSUMMED.exec(value);
  return match !== null && secretChecksum(match[1]!) === match[2];
}

/** Format check before any lookup: a malformed value (or a checksum typo) never reaches the store. */
export function looksLikeKeySecret(value: string): boolean {
  return hasValidChecksum(value) || LEGACY.test(value);
}

/** Anything shaped like one of our secrets (or the start of one, URL-encoded or not), wherever it appears. */
const SECRET_SHAPED = /lds_[A-Za-z0-9_%-]*/gi;
const SECRET_SHAPED_ONE = /lds_/i;
/** A run of URL characters (judged only when it holds a percent escape): what a client may have encoded a secret into. */
const URL_RUN = /[A-Za-z0-9_.~%-]+/g;
const PERCENT_ESCAPE = /%([0-9A-Fa-f]{2})/g;
/** Encoded more often than this, a run is not decoded further (each pass removes one level: `%255F` → `%5F` → `_`). */
const MAX_DECODE_PASSES = 4;

/** The run with its percent escapes decoded byte by byte, repeatedly: enough to see an ASCII prefix in it. */
function percentDecoded(run: string): string {
  let text = run;
  for (let pass = 0; pass < MAX_DECODE_PASSES && text.includes('%'); pass += 1) {
    const next = text.replace(PERCENT_ESCAPE, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === text) break;
    text = next;
  }
  return text;
}

const encodedSecret = (run: string): boolean => run.includes('%') && SECRET_SHAPED_ONE.test(percentDecoded(run));
/**
 * Escapes that can take part in an encoded "lds_": l, d, s, _ in either case, or an encoded percent (a deeper level).
 * Without one, decoding cannot make the prefix appear, so most texts with a '%' (bbox=-3.8%2C40.3…) stop here.
 */
const PREFIX_ESCAPE = /%(?:25|[46]c|[46]4|[57]3|5f)/i;
/** Whether any encoded run may hide a secret: a cheap look for the escapes a prefix needs, then one decode of the whole text. */
const mayHideEncodedSecret = (text: string): boolean => PREFIX_ESCAPE.test(text) && SECRET_SHAPED_ONE.test(percentDecoded(text));

/**
 * Text with every key-shaped run replaced by [REDACTED]: for logs, error texts and anything echoed. Percent-encoded
 * runs are decoded before they are judged (`lds%5flive%5f…`, `%6C%64%73%5F…`), so no encoding hides a secret.
 */
export function maskSecrets(text: string): string {
  const plain = SECRET_SHAPED_ONE.test(text) ? text.replace(SECRET_SHAPED, '[REDACTED]') : text;
  return mayHideEncodedSecret(plain) ? plain.replace(URL_RUN, (run) => (encodedSecret(run) ? '[REDACTED]' : run)) : plain;
}

export function holdsSecretShape(text: string): boolean {
  return SECRET_SHAPED_ONE.test(text) || (mayHideEncodedSecret(text) && (text.match(URL_RUN) ?? []).some(encodedSecret));
}

/** Constant-time equality of two hex hashes (defence in depth after a lookup by hash). */
export function hashesMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === 32 && right.length === 32 && timingSafeEqual(left, right);
}
