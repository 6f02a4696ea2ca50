// Opaque, tamper-evident keyset cursors: base64url({lastId, filters}) + HMAC-SHA256, bound to the query's filters.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { invalidParameter } from '../errors.ts';
import type { SearchParams } from './search-params.ts';

export interface CursorCodec {
  /** A cursor that resumes after `lastId` for exactly these filters. */
  encode(lastId: string, params: SearchParams): string;
  /** The id to resume after; an invalid-parameter ApiError (cursor) when malformed, tampered with or from another query. */
  decode(cursor: string, params: SearchParams): string;
}

const VERSION = 1;
const MAC_LENGTH = 32;

/**
 * The filters a cursor is bound to. limit is left out on purpose: a client may change its page size mid-walk.
 * lodgingType 'lodging' restricts nothing, so it binds like no lodgingType at all.
 */
export function filtersFingerprint(params: SearchParams): string {
  const filters = [
    params.country,
    params.city ?? null,
    params.q ?? null,
    params.lodgingType === 'lodging' ? null : (params.lodgingType ?? null),
    params.whatsapp ?? null,
    params.verified ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 22);
}

export function createCursorCodec(secret: Buffer): CursorCodec {
  if (secret.length < 32) throw new Error('cursor secret must be at least 32 bytes');
  const sign = (payload: string) => createHmac('sha256', secret).update(`cursor.v${VERSION}.${payload}`).digest();
  const malformed = () => invalidParameter('cursor', 'is not a cursor issued by this API; start again without it');

  return {
    encode(lastId, params) {
      const payload = Buffer.from(JSON.stringify({ v: VERSION, a: lastId, f: filtersFingerprint(params) })).toString(
        'base64url',
      );
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    decode(cursor, params) {
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
      if (f !== filtersFingerprint(params)) {
        throw invalidParameter('cursor', 'belongs to a search with other filters; repeat the same filters or drop the cursor');
      }
      return a;
    },
  };
}
