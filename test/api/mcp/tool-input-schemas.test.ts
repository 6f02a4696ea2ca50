// search_places refuses what REST refuses, with REST's words: an error result naming the parameter, never a protocol error.
import { describe, expect, it } from 'vitest';
import { useMcpSession, errorText, structuredOf } from './support/mcp-client.ts';

const mcp = useMcpSession();

const search = (args: Record<string, unknown>) => mcp.session.call('search_places', args);

describe('a parameter breaking its rule', () => {
  it.each([
    ['no country', {}, 'country', 'is required'],
    ['an unknown country', { country: 'xx' }, 'country', 'must be one of es, gb, fr, pt'],
    ['an upper-case country', { country: 'ES' }, 'country', 'must be one of es, gb, fr, pt'],
    ['a city that is not a slug', { country: 'es', city: 'A Coruña' }, 'city', 'must be a lowercase slug'],
    ['an empty q', { country: 'es', q: '' }, 'q', 'must not be empty'],
    ['a q of 101 characters', { country: 'es', q: 'x'.repeat(101) }, 'q', 'must be at most 100 characters'],
    ['an unknown lodgingType', { country: 'es', lodgingType: 'castle' }, 'lodgingType', 'must be one of'],
    ['whatsapp as text', { country: 'es', whatsapp: 'true' }, 'whatsapp', 'must be true or false'],
    ['verified as a number', { country: 'es', verified: 1 }, 'verified', 'must be true or false'],
    ['limit 0', { country: 'es', limit: 0 }, 'limit', 'must be an integer from 1 to 100'],
    ['limit 101', { country: 'es', limit: 101 }, 'limit', 'must be an integer from 1 to 100'],
    ['a fractional limit', { country: 'es', limit: 2.5 }, 'limit', 'must be an integer from 1 to 100'],
    ['limit as text', { country: 'es', limit: '10' }, 'limit', 'must be an integer from 1 to 100'],
    ['an overlong cursor', { country: 'es', cursor: 'c'.repeat(2049) }, 'cursor', 'must be at most 2048 characters'],
  ])('%s', async (_label, args, parameter, message) => {
    const text = errorText(await search(args));
    expect(text).toMatch(/^Invalid arguments for tool search_places: /);
    expect(text).toContain(`${parameter}: ${message}`);
  });

  it("names an unknown argument in REST's words", async () => {
    expect(errorText(await search({ country: 'es', page: 2 }))).toBe(
      'Invalid arguments for tool search_places: page: is not a known parameter',
    );
  });

  it("gives REST's problem detail, word for word, after the one prefix", async () => {
    for (const [query, args] of [
      ['country=es&limit=0', { country: 'es', limit: 0 }],
      ['country=es&order=name', { country: 'es', order: 'name' }],
      ['city=Madrid', { city: 'Madrid' }],
    ] as const) {
      const { detail } = await (await mcp.api.get(`/api/v1/places?${query}`)).json();
      expect(errorText(await search(args))).toBe(`Invalid arguments for tool search_places: ${detail}`);
    }
  });

  it.each([
    ['an unknown argument', { placeId: 'es-1', verbose: true }, 'verbose: is not a known parameter'],
    ['no placeId', {}, 'placeId: is required'],
    ['an overlong placeId', { placeId: 'x'.repeat(301) }, 'placeId: must be at most 300 characters'],
  ])('get_place: %s', async (_label, args, message) => {
    expect(errorText(await mcp.session.call('get_place', args))).toBe(`Invalid arguments for tool get_place: ${message}`);
  });

  it('counts q in characters as REST does: 100 emoji pass', async () => {
    structuredOf(await search({ country: 'es', q: '😀'.repeat(100) }));
  });
});

describe('a cursor the query service refuses', () => {
  async function firstCursor(args: Record<string, unknown>): Promise<string> {
    return structuredOf(await search(args)).page.nextCursor;
  }

  it.each([
    ['not issued by this API', async () => 'abc.def', 'cursor: is not a cursor issued by this API'],
    [
      'tampered with',
      async () => {
        const cursor = await firstCursor({ country: 'es', limit: 2 });
        return `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
      },
      'cursor: is not a cursor issued by this API',
    ],
    [
      'from a search with other filters',
      async () => firstCursor({ country: 'es', verified: false, limit: 2 }),
      'cursor: belongs to a search with other filters',
    ],
  ])('%s: an error result naming cursor', async (_label, makeCursor, message) => {
    const text = errorText(await search({ country: 'es', limit: 2, cursor: await makeCursor() }));
    expect(text).toContain('Invalid arguments for tool search_places');
    expect(text).toContain(message);
  });
});
