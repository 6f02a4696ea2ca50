// Reads the raw query string: finds unknown, repeated and empty parameters, and recognises names that look like a key.
import type { ParameterError } from '../errors.ts';
import { holdsSecretShape, maskSecrets } from '../keys/key-secret.ts';
import { quoteClientValue } from './safe-error-text.ts';

/** Names a client might put a key under. Their values are never read, logged or echoed. */
const KEY_LIKE_NAME = /^(?:x[-_]?)?(?:api[-_]?key|apikey|key|token|access[-_]?token|auth|authorization|bearer|secret|password|client[-_]?secret|sig|signature)$/i;

export function isKeyLikeName(name: string): boolean {
  return KEY_LIKE_NAME.test(name);
}

/** How an unknown parameter is named back: never a secret-shaped or overlong name. */
function nameForError(name: string): string {
  if (holdsSecretShape(name)) return '[redacted]';
  if (name === '') return '(empty name)';
  return quoteClientValue(name);
}

/** The part of a URL after '?', or ''. */
export function rawQueryOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

/** Form decoding ('+' is a space); text with neither '+' nor '%' is already decoded (a cursor, most values). */
function formDecode(text: string): string {
  return text.includes('%') || text.includes('+') ? decodeURIComponent(text.replace(/\+/g, ' ')) : text;
}

/** A name can itself be malformed (%zz); keep it readable rather than fail. */
function safeDecode(text: string): string {
  try {
    return formDecode(text);
  } catch {
    return text;
  }
}

export interface ParsedQuery {
  /** Decoded values of the known, single, non-empty parameters. */
  values: Record<string, string>;
  /** One entry per unknown, repeated, empty or badly encoded parameter. */
  errors: ParameterError[];
}

/**
 * Every parameter must be known, present once and non-empty. Errors name the parameter and never echo its value.
 * Values are decoded only for known names, so a key pasted under another name is never even read.
 */
export function parseStrictQuery(url: string, known: readonly string[]): ParsedQuery {
  const errors: ParameterError[] = [];
  const seen = new Map<string, number>();
  const rawValues = new Map<string, string>();
  const raw = rawQueryOf(url);
  for (const pair of raw === '' ? [] : raw.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = safeDecode(eq === -1 ? pair : pair.slice(0, eq));
    seen.set(name, (seen.get(name) ?? 0) + 1);
    if (known.includes(name)) rawValues.set(name, eq === -1 ? '' : pair.slice(eq + 1));
  }
  const values: Record<string, string> = {};
  for (const [name, count] of seen) {
    if (!known.includes(name)) {
      errors.push({
        parameter: nameForError(name),
        message: isKeyLikeName(name) || nameForError(name) === '[redacted]'
          ? 'is not a known parameter; keys belong in the X-API-Key header, never in the URL'
          : 'is not a known parameter',
      });
    } else if (count > 1) {
      errors.push({ parameter: name, message: 'must be given only once' });
    } else {
      const text = rawValues.get(name) ?? '';
      let decoded: string;
      try {
        decoded = formDecode(text);
      } catch {
        errors.push({ parameter: name, message: 'is not validly URL-encoded' });
        continue;
      }
      if (decoded === '') errors.push({ parameter: name, message: 'must not be empty' });
      else values[name] = decoded;
    }
  }
  return { values, errors };
}

/** The URL as logs show it: values of key-like parameters (and anything shaped like our secrets) replaced. */
export function redactUrl(fullUrl: string): string {
  const url = maskSecrets(fullUrl);
  const raw = rawQueryOf(url);
  const path = raw === '' && !url.includes('?') ? url : url.slice(0, url.indexOf('?'));
  if (raw === '') return path;
  const pairs = raw.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq === -1) return pair;
    const name = safeDecode(pair.slice(0, eq));
    const value = pair.slice(eq + 1);
    return isKeyLikeName(name) && value !== '' ? `${pair.slice(0, eq)}=[REDACTED]` : pair;
  });
  return `${path}?${pairs.join('&')}`;
}
