// Opaque, tamper-evident keyset cursors: base64url({lastId, filters}) + HMAC-SHA256, bound to the query's filters.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { invalidParameter } from '../errors.ts';
import type { SearchParams } from './search-params.ts';

export interface CursorCodec {
  /** A cursor that resumes after `lastId` for exactly these filters. */
  encode(lastId: string, params: SearchParams): string;
  /** The id to resume after; an invalid-parameter ApiError (cursor) when malformed, tampered with or from another query. */
  decode(cursor: string, params: SearchParams): string;
  /** A near search's cursor: it resumes after (distance, id); `span` is how far the page reached (a hint for the next). */
  encodeNear(last: NearPosition, params: SearchParams): string;
  decodeNear(cursor: string, params: SearchParams): NearPosition;
  /** The change feed's cursor: the last id served and the version the walk compares with. */
  encodeChanges(lastId: string, scope: FeedScope & { to: string }): string;
  decodeChanges(cursor: string, scope: FeedScope): { id: string; to: string };
}

/** A change-feed walk: the country and the version it started from; the cursor keeps the version it walks to. */
export interface FeedScope {
  country: string;
  from: string;
}

const feedFingerprint = (scope: FeedScope): string =>
  createHash('sha256').update(JSON.stringify(['changes', scope.country, scope.from])).digest('base64url').slice(0, 22);

export interface NearPosition {
  id: string;
  distance: number;
  span: number;
}

const VERSION = 1;
const MAC_LENGTH = 32;

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
  return createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 22);
}

export function createCursorCodec(secret: Buffer): CursorCodec {
  if (secret.length < 32) throw new Error('cursor secret must be at least 32 bytes');
  const sign = (payload: string) => createHmac('sha256', secret).update(`cursor.v${VERSION}.${payload}`).digest();
  const malformed = () => invalidParameter('cursor', 'is not a cursor issued by this API; start again without it');

  const encodeBody = (body: Record<string, unknown>): string => {
    const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
    return `${payload}.${sign(payload).toString('base64url')}`;
  };
  const decodeBody = (cursor: string, fingerprint: string): Record<string, unknown> => {
    const parts = cursor.split('.');
    if (parts.length !== 2) throw malformed();
    const [payload = '', macText = ''] = parts;
    if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(macText)) throw malformed();
    const mac = Buffer.from(macText, 'base64url');
    if (mac.length !== MAC_LENGTH || !timingSafeEqual(mac, sign(payload))) throw malformed();
    let body: unknown;
    try {
      body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw malformed();
    }
    const { v, a, f } = (body ?? {}) as { v?: unknown; a?: unknown; f?: unknown };
    if (v !== VERSION || typeof a !== 'string' || typeof f !== 'string') throw malformed();
    if (f !== fingerprint) {
      throw invalidParameter('cursor', 'belongs to a search with other filters; repeat the same filters or drop the cursor');
    }
    return body as Record<string, unknown>;
  };

  return {
    encode: (lastId, params) => encodeBody({ v: VERSION, a: lastId, f: filtersFingerprint(params) }),
    decode: (cursor, params) => decodeBody(cursor, filtersFingerprint(params)).a as string,
    encodeNear: (last, params) => encodeBody({ v: VERSION, a: last.id, f: filtersFingerprint(params), d: last.distance, s: last.span }),
    decodeNear(cursor, params) {
      const body = decodeBody(cursor, filtersFingerprint(params));
      const { d, s } = body;
      if (typeof d !== 'number' || typeof s !== 'number' || !(d >= 0) || !(s >= 0)) throw malformed();
      return { id: body.a as string, distance: d, span: s };
    },
    encodeChanges: (lastId, scope) => encodeBody({ v: VERSION, a: lastId, f: feedFingerprint(scope), t: scope.to }),
    decodeChanges(cursor, scope) {
      const body = decodeBody(cursor, feedFingerprint(scope));
      if (typeof body.t !== 'string') throw malformed();
      return { id: body.a as string, to: body.t };
    },
  };
}
