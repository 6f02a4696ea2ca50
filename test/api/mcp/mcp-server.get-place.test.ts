// get_place through the SDK client: REST's { place } for a published id; an error result, not a protocol error, otherwise.
import { describe, expect, it } from 'vitest';
import { IDS } from '../support/provider-listings.ts';
import { readJson } from '../support/shapes.ts';
import { useMcpSession, errorText, structuredOf } from './support/mcp-client.ts';

const mcp = useMcpSession();

const getPlace = (placeId: unknown) => mcp.session.call('get_place', { placeId });

describe('a published id', () => {
  it.each([
    ['a plain id', IDS.mint],
    ['an id with reserved characters (no encoding needed in a tool argument)', IDS.reserved],
    ['an id whose name holds markup', IDS.script],
    ['another country', IDS.gbBelfast],
  ])('%s: exactly what REST returns', async (_label, id) => {
    const restJson = await readJson(mcp.api.get(`/api/v1/places/${encodeURIComponent(id)}`));
    expect(restJson.status).toBe(200);
    const result = structuredOf(await getPlace(id));
    expect(result).toEqual(restJson.body);
    expect(result.place.id).toBe(id);
  });

  it('matches the record search_places served', async () => {
    const page = structuredOf(await mcp.session.call('search_places', { country: 'es', q: 'hostal sol' }));
    expect(page.places).toHaveLength(1);
    expect(structuredOf(await getPlace(page.places[0].id)).place).toEqual(page.places[0]);
  });
});

describe('no published record', () => {
  it.each([
    ['an unknown id', 'es-does-not-exist'],
    ['an id of a country without data', 'fr-nothing'],
    ['a closed place', IDS.closed],
    ['a suppressed place', IDS.suppressed],
    ['a rejected listing', IDS.rejected],
  ])('%s: an error result saying it is not published', async (_label, id) => {
    const restJson = await readJson(mcp.api.get(`/api/v1/places/${encodeURIComponent(id)}`));
    expect(restJson.status).toBe(404);
    const text = errorText(await getPlace(id));
    expect(text).toMatch(/No published place has this placeId/);
    expect(text).toContain('unknown, suppressed, closed or no longer published');
  });
});

describe('an invalid placeId', () => {
  it.each([
    ['an empty id', '', 'is required'],
    ['301 characters', `es-${'x'.repeat(298)}`, 'must be at most 300 characters'],
    ['a number', 42, 'must be a string'],
  ])('%s: an error result naming placeId', async (_label, placeId, message) => {
    const text = errorText(await getPlace(placeId));
    expect(text).toContain('placeId');
    expect(text).toContain(message);
  });

  it('counts characters, not UTF-16 units, as REST does: 300 emoji are allowed', async () => {
    const text = errorText(await getPlace('😀'.repeat(300)));
    expect(text).toMatch(/No published place/);
  });

  it('a missing placeId or an extra argument is named', async () => {
    expect(errorText(await mcp.session.call('get_place', {}))).toBe('Invalid arguments for tool get_place: placeId: is required');
    expect(errorText(await mcp.session.call('get_place', { placeId: IDS.mint, country: 'es' }))).toBe(
      'Invalid arguments for tool get_place: country: is not a known parameter',
    );
  });
});
