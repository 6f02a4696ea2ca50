// search_places takes near, radius, bbox and fields, get_place takes fields: the same answers as REST, the same refusals.
import { describe, expect, it } from 'vitest';
import { IDS } from '../support/provider-listings.ts';
import { readJson } from '../support/shapes.ts';
import { errorText, structuredOf, useMcpSession } from './support/mcp-client.ts';

const mcp = useMcpSession();

describe('the extension arguments', () => {
  it.each([
    ['near with a radius and fields', { country: 'es', near: '40.4168,-3.7038', radius: 3000, fields: 'name,location' }, 'country=es&near=40.4168,-3.7038&radius=3000&fields=name,location'],
    ['bbox', { country: 'es', bbox: '-3.8,40.3,-3.6,40.5', limit: 5 }, 'country=es&bbox=-3.8,40.3,-3.6,40.5&limit=5'],
  ])('search_places with %s answers what REST answers', async (_label, args, query) => {
    const rest = await readJson(mcp.api.get(`/api/v1/places?${query}`));
    expect(rest.status).toBe(200);
    expect(rest.body.places.length).toBeGreaterThan(0);
    expect(structuredOf(await mcp.session.call('search_places', args))).toEqual(rest.body);
  });

  it('get_place with fields holds id and those fields', async () => {
    const result = structuredOf(await mcp.session.call('get_place', { placeId: IDS.mint, fields: 'name,phone' }));
    expect(Object.keys(result.place).sort()).toEqual(['id', 'name', 'phone']);
  });

  it.each([
    ['near=91,0', 'search_places', { country: 'es', near: '91,0' }, /near: latitude/],
    ['radius without near', 'search_places', { country: 'es', radius: 10 }, /radius: needs near/],
    ['an unknown field', 'get_place', { placeId: IDS.mint, fields: 'name,secretSauce' }, /fields: "secretSauce" is not a Place field/],
  ])('%s is refused with REST\'s words', async (_label, tool, args, message) => {
    expect(errorText(await mcp.session.call(tool, args))).toMatch(message);
  });
});
