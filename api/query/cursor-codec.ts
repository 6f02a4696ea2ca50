// Opaque, tamper-evident keyset cursors: version, kind, the filters' fingerprint and the position, + HMAC-SHA256.
import * as crypto from 'node:crypto';
import { invalidParameter } from '../errors.ts';
import { numberField, numberOf, textField, textOf } from './cursor-fields.ts';
import type { SearchParams } from './search-params.ts';

export interface CursorCodec {
  /** A cursor that resumes after `lastId` for exactly these filters. */
  encode(lastId: string, params: SearchParams): string;
  /** The id to resume after; an invalid-parameter ApiError (cursor) when malformed, tampered with or from another query. */
  decode(cursor: string, params: SearchParams): string;
  /** A near search's cursor: it resumes after (distance, id); `span` is how far the page reached (a hint for the next). */
  encodeNear(last: NearPosition, params: SearchParams): string;
  decodeNear(cursor: string, params: SearchParams): NearPosition;
  /** A name, rating or relevance search's cursor: it resumes after (sort key, id). */
  encodeSorted(last: SortedPosition, params: SearchParams): string;
  decodeSorted(cursor: string, params: SearchParams): SortedPosition;
  /** The change feed's cursor: the last id served and the version the walk compares with. */
  encodeChanges(lastId: string, scope: FeedScope & { to: string }): string;
  decodeChanges(cursor: string, scope: FeedScope): { id: string; to: string };
}

/** A change-feed walk: the country and the version it started from; the cursor keeps the version it walks to. */
export interface FeedScope {
  country: string;
  from: string;
}

/** The sort key is text for name, a number for rating and relevance. */
export interface SortedPosition {
  key: string | number;
  id: string;
}

export interface NearPosition {
  id: string;
  distance: number;
  span: number;
}

/** Cursors of another version are refused: the MAC covers it, and the signed text starts with it (1 was base64 JSON). */
const VERSION = '2';
/** `VERSION.kind.fingerprint.fields….MAC`: dot-joined fields (cursor-fields.ts), the MAC 43 base64url characters. */
const CURSOR_CHARACTERS = /^[A-Za-z0-9_.-]+$/;
const MAC_TEXT_LENGTH = 43;
/** What a cursor walks: id order (search), (distance, id) order (near), (key, id) order (sort), or a change feed. */
type Kind = 'k' | 'n' | 'c' | 's';

/** SHA-256 as base64url, in one call where this Node has crypto.hash (20.12+). */
const sha256 =
  typeof crypto.hash === 'function'
    ? (text: string) => crypto.hash('sha256', text, 'base64url')
    : (text: string) => crypto.createHash('sha256').update(text).digest('base64url');

const feedFingerprint = (scope: FeedScope): string => sha256(JSON.stringify(['changes', scope.country, scope.from])).slice(0, 22);

/**
 * The filters a cursor is bound to. limit is left out on purpose: a client may change its page size mid-walk.
 * lodgingType 'lodging' restricts nothing, so it binds like no lodgingType at all.
 */
export function filtersFingerprint(params: SearchParams): string {
  let fingerprint = fingerprints.get(params);
  if (fingerprint === undefined) {
    fingerprint = computeFingerprint(params);
    fingerprints.set(params, fingerprint);
  }
  return fingerprint;
}

/** A request decodes and encodes a cursor for the same params: hash them once. */
const fingerprints = new WeakMap<SearchParams, string>();

function computeFingerprint(params: SearchParams): string {
  const filters = [
    params.country,
    params.city ?? null,
    params.q ?? null,
    params.lodgingType === 'lodging' ? null : (params.lodgingType ?? null),
    params.whatsapp ?? null,
    params.verified ?? null,
  ];
  // Only present when used, so the cursors of the spec's searches keep their fingerprints.
  if (params.near) filters.push(JSON.stringify(['near', params.near.latitude, params.near.longitude, params.radius ?? null]));
  if (params.bbox) filters.push(JSON.stringify(['bbox', params.bbox.minLng, params.bbox.minLat, params.bbox.maxLng, params.bbox.maxLat]));
  if (params.sort) filters.push(JSON.stringify(['sort', params.sort]));
  if (params.match) filters.push(JSON.stringify(['match', params.match]));
  return sha256(JSON.stringify(filters)).slice(0, 22);
}

export function createCursorCodec(secret: Buffer): CursorCodec {
  if (secret.length < 32) throw new Error('cursor secret must be at least 32 bytes');
  const sign = (payload: string) => crypto.createHmac('sha256', secret).update(`cursor.v${VERSION}.${payload}`).digest('base64url');
  const malformed = () => invalidParameter('cursor', 'is not a cursor issued by this API; start again without it');
  // The MAC a cursor carries and the one it should carry, compared in constant time (reused: requests run one at a time).
  const given = Buffer.alloc(MAC_TEXT_LENGTH);
  const expected = Buffer.alloc(MAC_TEXT_LENGTH);

  const encodeText = (kind: Kind, fingerprint: string, fields: readonly string[]): string => {
    const body = `${VERSION}.${kind}.${fingerprint}.${fields.join('.')}`;
    return `${body}.${sign(body)}`;
  };
  /** The fields of a cursor this secret signed, of this version, kind and filters; another search's says so whatever its kind. */
  const decodeText = (cursor: string, kind: Kind, fieldCount: number, fingerprint: string): string[] => {
    const parts = cursor.split('.');
    const mac = parts.pop()!;
    if (mac.length !== MAC_TEXT_LENGTH || !CURSOR_CHARACTERS.test(cursor)) throw malformed();
    given.write(mac, 'latin1');
    expected.write(sign(cursor.slice(0, -MAC_TEXT_LENGTH - 1)), 'latin1');
    if (!crypto.timingSafeEqual(given, expected)) throw malformed();
    if (parts[0] !== VERSION || parts.length < 3) throw malformed();
    if (parts[2] !== fingerprint) {
      throw invalidParameter('cursor', 'belongs to a search with other filters; repeat the same filters or drop the cursor');
    }
    if (parts[1] !== kind || parts.length !== 3 + fieldCount) throw malformed();
    return parts.slice(3);
  };
  const textFrom = (field: string | undefined): string => {
    const text = textOf(field);
    if (text === null) throw malformed();
    return text;
  };
  const distanceFrom = (field: string | undefined): number => {
    const value = numberOf(field);
    if (!Number.isFinite(value) || !(value >= 0)) throw malformed();
    return value;
  };

  return {
    encode: (lastId, params) => encodeText('k', filtersFingerprint(params), [textField(lastId)]),
    decode: (cursor, params) => textFrom(decodeText(cursor, 'k', 1, filtersFingerprint(params))[0]),
    encodeNear: (last, params) =>
      encodeText('n', filtersFingerprint(params), [numberField(last.distance), numberField(last.span), textField(last.id)]),
    decodeNear(cursor, params) {
      const [distance, span, id] = decodeText(cursor, 'n', 3, filtersFingerprint(params));
      return { id: textFrom(id), distance: distanceFrom(distance), span: distanceFrom(span) };
    },
    encodeSorted: (last, params) =>
      encodeText('s', filtersFingerprint(params), [typeof last.key === 'number' ? numberField(last.key) : textField(last.key), textField(last.id)]),
    decodeSorted(cursor, params) {
      const [key, id] = decodeText(cursor, 's', 2, filtersFingerprint(params));
      const number = numberOf(key);
      const value = params.sort === 'name' ? textFrom(key) : number;
      if (typeof value === 'number' && !Number.isFinite(value)) throw malformed();
      return { key: value, id: textFrom(id) };
    },
    encodeChanges: (lastId, scope) => encodeText('c', feedFingerprint(scope), [textField(scope.to), textField(lastId)]),
    decodeChanges(cursor, scope) {
      const [to, id] = decodeText(cursor, 'c', 2, feedFingerprint(scope));
      return { id: textFrom(id), to: textFrom(to) };
    },
  };
}
