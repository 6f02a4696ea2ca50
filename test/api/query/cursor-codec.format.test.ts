// The cursor's signed text: exact near positions, kinds and versions kept apart, and the same two 400s as ever.
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCursorCodec, filtersFingerprint } from '../../../api/query/cursor-codec.ts';
import type { SearchParams } from '../../../api/query/search-params.ts';
import { ApiError } from '../../../api/errors.ts';

const secret = randomBytes(32);
const codec = createCursorCodec(secret);
const search: SearchParams = { country: 'es', city: 'madrid', limit: 25 };
const near: SearchParams = { country: 'es', limit: 25, near: { latitude: 42.59931, longitude: -5.56669 }, radius: 5103 };
const MALFORMED = 'is not a cursor issued by this API; start again without it';
const OTHER_FILTERS = 'belongs to a search with other filters; repeat the same filters or drop the cursor';

/** The one cursor message a call fails with. */
function refusal(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toHaveLength(1);
    expect((error as ApiError).errors![0]!.parameter).toBe('cursor');
    return (error as ApiError).errors![0]!.message;
  }
  throw new Error('accepted');
}

/** A cursor signed with the codec's secret the way version 2 signs, over any text. */
const signed = (body: string) => `${body}.${createHmac('sha256', secret).update(`cursor.v2.${body}`).digest('base64url')}`;

describe('cursor format', () => {
  it.each([0, 5e-324, 1 / 3, 3918.0648078717077, 49_999.99999999999, 1e21])('keeps a near distance of %d exactly', (distance) => {
    const position = { id: 'es-eus-019079', distance, span: distance / 7 };
    expect(codec.decodeNear(codec.encodeNear(position, near), near)).toEqual(position);
  });

  it.each(['es-1', 'es-a.b~c', 'es-odd/id?x=1#frag%20 y', `es-${'ñ'.repeat(297)}`, ''])('round-trips the id %s in every kind', (id) => {
    expect(codec.decode(codec.encode(id, search), search)).toBe(id);
    expect(codec.decodeNear(codec.encodeNear({ id, distance: 1.5, span: 2 }, near), near).id).toBe(id);
    const scope = { country: 'es', from: '20261122T101500123Z-ab12cd' };
    expect(codec.decodeChanges(codec.encodeChanges(id, { ...scope, to: '20261123T000000000Z-00ff00' }), scope)).toEqual({
      id,
      to: '20261123T000000000Z-00ff00',
    });
  });

  it('keeps a plain id readable and URL-safe, and the filters out of sight', () => {
    const cursor = codec.encodeNear({ id: 'es-eus-019079', distance: 3918.06, span: 36 }, { ...near, q: 'secret words' });
    expect(cursor).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(encodeURIComponent(cursor)).toBe(cursor);
    expect(cursor).not.toContain('secret');
  });

  it('says "other filters" for a cursor of another kind of search, as for other filters', () => {
    const nearCursor = codec.encodeNear({ id: 'es-1', distance: 1, span: 1 }, near);
    expect(refusal(() => codec.decode(nearCursor, search))).toBe(OTHER_FILTERS);
    expect(refusal(() => codec.decodeNear(codec.encode('es-1', search), near))).toBe(OTHER_FILTERS);
    expect(refusal(() => codec.decodeNear(nearCursor, { ...near, radius: 5000 }))).toBe(OTHER_FILTERS);
  });

  it('refuses a version 1 cursor (base64 JSON), even one signed with this secret', () => {
    const payload = Buffer.from(JSON.stringify({ v: 1, a: 'es-1', f: filtersFingerprint(search) })).toString('base64url');
    const v1 = `${payload}.${createHmac('sha256', secret).update(`cursor.v1.${payload}`).digest('base64url')}`;
    expect(refusal(() => codec.decode(v1, search))).toBe(MALFORMED);
  });

  it.each([
    ['another version', `3.k.${filtersFingerprint(search)}.res-1`],
    ['another kind with the right filters', `2.c.${filtersFingerprint(search)}.res-1`],
    ['a missing field', `2.k.${filtersFingerprint(search)}`],
    ['an extra field', `2.k.${filtersFingerprint(search)}.res-1.res-2`],
    ['an id field of no known form', `2.k.${filtersFingerprint(search)}.xes-1`],
  ])('refuses a signed text with %s as malformed', (_label, body) => {
    expect(refusal(() => codec.decode(signed(body), search))).toBe(MALFORMED);
  });

  it.each([
    ['a negative distance', 'bff0000000000000'],
    ['an infinite distance', '7ff0000000000000'],
    ['NaN', '7ff8000000000000'],
    ['upper-case hex', '3FF0000000000000'],
    ['a short number', '3ff'],
  ])('refuses a signed near position with %s as malformed', (_label, distance) => {
    const body = `2.n.${filtersFingerprint(near)}.${distance}.3ff0000000000000.res-1`;
    expect(refusal(() => codec.decodeNear(signed(body), near))).toBe(MALFORMED);
  });

  it.each([
    ['a cut MAC', (c: string) => c.slice(0, -1)],
    ['a MAC with a character changed', (c: string) => `${c.slice(0, -1)}${c.endsWith('A') ? 'B' : 'A'}`],
    ['a field changed', (c: string) => c.replace('.res-', '.res_')],
    ['a character outside the alphabet', (c: string) => c.replace('.res-', '.res+')],
    ['no dot', (c: string) => c.replaceAll('.', '')],
    ['nothing but a MAC', (c: string) => c.slice(-43)],
    ['an empty text', () => ''],
  ])('refuses %s as malformed', (_label, mutate) => {
    expect(refusal(() => codec.decode(mutate(codec.encode('es-1', search)), search))).toBe(MALFORMED);
  });
});
