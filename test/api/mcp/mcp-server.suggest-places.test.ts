// suggest_places and search_places' order, match and facets through the SDK client: exactly what REST answers.
import { describe, expect, it } from 'vitest';
import { readJson } from '../support/shapes.ts';
import { useMcpSession, structuredOf } from './support/mcp-client.ts';

const mcp = useMcpSession();

type Args = Record<string, string | number | boolean>;
const toQuery = (args: Args) => Object.entries(args).map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`).join('&');

async function rest(path: string, args: Args): Promise<any> {
  const json = await readJson(mcp.api.get(`${path}?${toQuery(args)}`));
  expect(json.status).toBe(200);
  return json.body;
}

describe('suggest_places', () => {
  it.each([
    ['a beginning', { country: 'es', q: 'balne' }],
    ['a mistake and a limit', { country: 'es', q: 'hotle madrid', limit: 3 }],
    ['fields and near', { country: 'es', q: 'hostal', fields: 'name,location', near: '40.4168,-3.7038' }],
  ])('%s: the same answer as GET /api/v1/places/suggest', async (_label, args) => {
    const answer = structuredOf(await mcp.session.call('suggest_places', args));
    expect(answer).toEqual(await rest('/api/v1/places/suggest', args));
    expect(answer.places.length).toBeGreaterThan(0);
  });

  it("refuses in REST's words", async () => {
    const result = await mcp.session.call('suggest_places', { country: 'es', q: 'x', limit: 11 });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toBe('Invalid arguments for tool suggest_places: limit: must be an integer from 1 to 10');
  });
});

describe('search_places with sort, match and facets', () => {
  it.each([
    ['sort=relevance', { country: 'es', q: 'hotel', sort: 'relevance', limit: 5 }],
    ['match=typo', { country: 'es', q: 'balnaerio', match: 'typo' }],
    ['facets', { country: 'es', city: 'madrid', facets: 'lodgingType,verified', limit: 2 }],
  ])('%s: the same PlacePage as REST', async (_label, args) => {
    expect(structuredOf(await mcp.session.call('search_places', args))).toEqual(await rest('/api/v1/places', args));
  });
});
