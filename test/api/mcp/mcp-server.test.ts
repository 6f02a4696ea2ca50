// tools/list through the SDK client: read-only tools whose schemas carry REST's rules and whose descriptions brief an agent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LODGING_TYPES_BY_SPECIFICITY } from '../../../model/place.ts';
import { PLACE_KEYS } from '../support/shapes.ts';
import type { TestApi } from '../support/test-api.ts';
import { startMcpApi } from './support/mcp-api.ts';
import { connectMcp } from './support/mcp-client.ts';
import type { McpSession } from './support/mcp-client.ts';

let api: TestApi;
let session: McpSession;
let tools: Awaited<ReturnType<McpSession['client']['listTools']>>['tools'];
beforeAll(async () => {
  api = await startMcpApi({ exports: {} });
  session = await connectMcp(api.url, api.secret);
  ({ tools } = await session.client.listTools());
});
afterAll(async () => {
  await session?.close();
  await api?.close();
});

const tool = (name: string) => {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

describe('the server', () => {
  it('names itself and lists exactly search_places, get_place and suggest_places', () => {
    expect(session.client.getServerVersion()).toMatchObject({ name: 'lodging-directory', version: '1.1.0' });
    expect(tools.map((t) => t.name).sort()).toEqual(['get_place', 'search_places', 'suggest_places']);
  });

  it('says its tool list never changes (listChanged: false)', () => {
    expect(session.client.getServerCapabilities()?.tools).toEqual({ listChanged: false });
  });

  it.each(['search_places', 'get_place', 'suggest_places'])('marks %s read-only and closed-world', (name) => {
    expect(tool(name).annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
  });
});

describe('search_places input schema: the REST parameters and limits', () => {
  const input = () => tool('search_places').inputSchema as any;

  it('takes exactly the eight search parameters and near, radius, bbox, fields, sort, match, facets, country required, nothing else', () => {
    expect(Object.keys(input().properties).sort()).toEqual(
      ['country', 'city', 'q', 'lodgingType', 'whatsapp', 'verified', 'limit', 'cursor', 'near', 'radius', 'bbox', 'fields', 'sort', 'match', 'facets'].sort(),
    );
    expect(input().required).toEqual(['country']);
    expect(input().additionalProperties).toBe(false);
  });

  it.each([
    ['country', { type: 'string', enum: ['es', 'gb', 'fr', 'pt'] }],
    ['city', { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' }],
    ['q', { type: 'string', minLength: 1, maxLength: 100 }],
    ['lodgingType', { type: 'string', enum: [...LODGING_TYPES_BY_SPECIFICITY] }],
    ['whatsapp', { type: 'boolean' }],
    ['verified', { type: 'boolean' }],
    ['limit', { type: 'integer', minimum: 1, maximum: 100, default: 25 }],
    ['cursor', { type: ['string', 'null'], minLength: 1, maxLength: 2048 }],
  ])('%s is described with its rule', (name, rule) => {
    expect(input().properties[name]).toMatchObject(rule);
    expect(input().properties[name].description).toEqual(expect.any(String));
  });
});

describe('get_place input schema', () => {
  it('takes placeId, a string of 1 to 300 characters, and fields', () => {
    const input = tool('get_place').inputSchema as any;
    expect(Object.keys(input.properties)).toEqual(['placeId', 'fields']);
    expect(input.required).toEqual(['placeId']);
    expect(input.additionalProperties).toBe(false);
    expect(input.properties.placeId).toMatchObject({ type: 'string', minLength: 1, maxLength: 300 });
  });
});

describe('output schemas', () => {
  const placeOf = (schema: any) => schema.properties.places?.items ?? schema.properties.place;

  it.each([
    ['search_places', ['distancesMeters', 'facets', 'page', 'places']],
    ['get_place', ['place']],
    ['suggest_places', ['places', 'scores']],
  ])('%s declares its result shape with the closed Place (every field, or id and the fields asked for)', (name, members) => {
    const output = tool(name).outputSchema as any;
    expect(Object.keys(output.properties).sort()).toEqual(members);
    const place = placeOf(output);
    expect(Object.keys(place.properties).sort()).toEqual(PLACE_KEYS);
    expect(place.required).toEqual(['id']);
    expect(place.additionalProperties).toBe(false);
  });

  it('declares the page members of PlacePage', () => {
    const page = (tool('search_places').outputSchema as any).properties.page;
    expect([...page.required].sort()).toEqual(['count', 'hasMore', 'nextCursor']);
  });
});

describe('descriptions written for an agent', () => {
  it.each([
    ['every lodgingType key', LODGING_TYPES_BY_SPECIFICITY.map((key) => `- ${key}:`)],
    ['what a key covers', ['hostales, pensiones', 'casas rurales', 'aparthotels', 'glamping', 'motorhome and RV areas']],
    ['that lodging restricts nothing', ['as a filter it restricts nothing']],
    ['that whatsappEligible is not consent', ['technical reachability signal', 'NOT consent']],
    ['how to page', ['page.nextCursor', 'same filters', 'null']],
    ['where ratings come from', ['third-party listing provider']],
  ])('search_places says %s', (_label, phrases) => {
    for (const phrase of phrases) expect(tool('search_places').description).toContain(phrase);
  });

  it.each([['NOT consent'], ['third-party listing provider'], ['unknown, suppressed, closed or no longer published']])(
    'get_place says %s',
    (phrase) => {
      expect(tool('get_place').description).toContain(phrase);
    },
  );
});
