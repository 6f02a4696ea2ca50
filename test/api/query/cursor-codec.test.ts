// The cursor codec: round trips, binds to the filters (not to limit), and refuses anything it did not sign.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCursorCodec } from '../../../api/query/cursor-codec.ts';
import type { SearchParams } from '../../../api/query/search-params.ts';
import { ApiError } from '../../../api/errors.ts';

const codec = createCursorCodec(randomBytes(32));
const base: SearchParams = { country: 'es', city: 'madrid', limit: 25 };

describe('cursor codec', () => {
  it.each(['es-mad-78018', 'es-odd/id?x=1#frag%20 y', `es-${'ñ'.repeat(297)}`])('round-trips the last id %s', (id) => {
    const cursor = codec.encode(id, base);
    expect(cursor).toMatch(/^[A-Za-z0-9_.-]+\.[A-Za-z0-9_-]{43}$/);
    expect(cursor.length).toBeLessThanOrEqual(2048);
    expect(codec.decode(cursor, base)).toBe(id);
  });

  it('does not show the filters in clear', () => {
    const cursor = codec.encode('es-1', { ...base, q: 'secret words' });
    expect(cursor).not.toContain('secret');
  });

  it.each<[string, SearchParams, boolean]>([
    ['another limit', { ...base, limit: 100 }, true],
    ['lodgingType=lodging (restricts nothing)', { ...base, lodgingType: 'lodging' }, true],
    ['another city', { ...base, city: 'sevilla' }, false],
    ['no city', { country: 'es', limit: 25 }, false],
    ['a q', { ...base, q: 'x' }, false],
    ['a lodgingType', { ...base, lodgingType: 'hotel' }, false],
    ['whatsapp=false', { ...base, whatsapp: false }, false],
    ['verified=true', { ...base, verified: true }, false],
    ['another country', { ...base, country: 'pt' }, false],
  ])('used with %s: accepted=%s', (_label, params, accepted) => {
    const cursor = codec.encode('es-1', base);
    if (accepted) expect(codec.decode(cursor, params)).toBe('es-1');
    else expect(() => codec.decode(cursor, params)).toThrow(ApiError);
  });

  it('refuses a cursor signed with another secret', () => {
    const other = createCursorCodec(randomBytes(32));
    expect(() => codec.decode(other.encode('es-1', base), base)).toThrow(ApiError);
  });

  it('refuses a secret shorter than 32 bytes', () => {
    expect(() => createCursorCodec(randomBytes(16))).toThrow();
  });
});
