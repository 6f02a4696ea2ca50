// search_places through the SDK client: exactly REST's PlacePage for the same query, and a cursor walk that sees every match once.
import { describe, expect, it } from 'vitest';
import { IDS } from '../support/provider-listings.ts';
import { PLACE_KEYS, keysOf, readJson } from '../support/shapes.ts';
import { useMcpSession, structuredOf } from './support/mcp-client.ts';

const mcp = useMcpSession();

type Args = Record<string, string | number | boolean>;

const toQuery = (args: Args) =>
  Object.entries(args)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');

async function rest(args: Args): Promise<any> {
  const json = await readJson(mcp.api.get(`/api/v1/places?${toQuery(args)}`));
  expect(json.status).toBe(200);
  return json.body;
}

const search = async (args: Args): Promise<any> => structuredOf(await mcp.session.call('search_places', args));

const QUERIES: [string, Args, 'some' | 'none'][] = [
  ['a country with the default limit', { country: 'es' }, 'some'],
  ['a city and a type', { country: 'es', city: 'madrid', lodgingType: 'hotel', limit: 10 }, 'some'],
  ['text, accent-insensitive', { country: 'es', q: 'pension' }, 'some'],
  ['whatsapp=true', { country: 'es', whatsapp: true, limit: 5 }, 'some'],
  ['verified=false', { country: 'es', verified: false, limit: 7 }, 'some'],
  ['lodging restricts nothing', { country: 'es', lodgingType: 'lodging', limit: 3 }, 'some'],
  ['a city with hyphens', { country: 'es', city: 'a-coruna' }, 'some'],
  ['another country', { country: 'gb' }, 'some'],
  ['a country with no snapshot', { country: 'fr' }, 'none'],
  ['no match', { country: 'es', q: 'zzz no such place' }, 'none'],
];

describe('the same PlacePage as REST', () => {
  it.each(QUERIES)('%s', async (_label, args, matches) => {
    const page = await search(args);
    expect(page).toEqual(await rest(args));
    expect(page.places.length > 0).toBe(matches === 'some');
  });

  it('for the next page through the cursor', async () => {
    const args = { country: 'es', city: 'madrid', limit: 4 };
    const first = await search(args);
    expect(first.page).toMatchObject({ count: 4, hasMore: true, nextCursor: expect.any(String) });
    const next = { ...args, cursor: first.page.nextCursor };
    const second = await search(next);
    expect(second).toEqual(await rest(next));
    expect(second.places[0].id > first.places.at(-1).id).toBe(true);
  });

  it('serves full Place records, profileUrl under the public URL', async () => {
    const { places } = await search({ country: 'es', q: 'mint' });
    expect(places.map((p: { id: string }) => p.id)).toEqual([IDS.mint]);
    expect(keysOf(places[0])).toEqual(PLACE_KEYS);
    expect(places[0]).toMatchObject({ lodgingType: 'hotel', rating: 4.5, reviewCount: 1234, verified: true });
    expect(places[0].profileUrl).toBe(`${mcp.api.publicUrl}/places/${IDS.mint}`);
  });

  it('keeps hotel apart from aparthotel and spa hotel', async () => {
    const ids = (await search({ country: 'es', lodgingType: 'hotel', limit: 100 })).places.map((p: { id: string }) => p.id);
    expect(ids).toContain(IDS.mint);
    expect(ids).not.toContain(IDS.aparthotel);
    expect(ids).not.toContain(IDS.spa);
  });
});

describe('paging with the cursor', () => {
  async function walk(args: Args): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await search(cursor === null ? args : { ...args, cursor });
      ids.push(...page.places.map((p: { id: string }) => p.id));
      expect(page.page.count).toBe(page.places.length);
      cursor = page.page.nextCursor;
      expect(page.page.hasMore).toBe(cursor !== null);
    } while (cursor !== null);
    return ids;
  }

  it.each([
    ['a whole country, 9 per page', { country: 'es', limit: 9 }],
    ['filters, 1 per page', { country: 'es', city: 'madrid', lodgingType: 'hotel', whatsapp: true, limit: 1 }],
    ['text and verified', { country: 'es', q: 'hotel', verified: true, limit: 4 }],
  ])('%s returns every match exactly once, in REST order', async (_label, args) => {
    const ids = await walk(args);
    expect(new Set(ids).size).toBe(ids.length);
    const oneShot = await rest({ ...args, limit: 100 });
    expect(oneShot.page.hasMore).toBe(false);
    expect(ids).toEqual(oneShot.places.map((p: { id: string }) => p.id));
  });

  it('ends with nextCursor null and hasMore false', async () => {
    const last = await search({ country: 'gb', limit: 100 });
    expect(last.page).toEqual({ count: 1, hasMore: false, nextCursor: null });
  });

  it('takes cursor: null as no cursor (clients pass nextCursor back as it came, or send null for unset fields)', async () => {
    const first = structuredOf(await mcp.session.call('search_places', { country: 'es', limit: 2, cursor: null }));
    expect(first).toEqual(await search({ country: 'es', limit: 2 }));
  });
});
