// /openapi.json: OpenAPI 3.1, version 1.1.0, lint-clean, complete; real responses validate against its schemas.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACE_FIELDS } from '../../../model/place.ts';
import { IDS } from '../support/provider-listings.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';
import { readJson } from '../support/shapes.ts';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

let api: TestApi;
// The document under test, as served.
let doc: any;
let ajv: Ajv2020;
beforeAll(async () => {
  api = await startTestApi({ env: { LODGING_RATE_LIMIT: '200' } });
  doc = (await readJson(fetch(`${api.url}/openapi.json`))).body;
  ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'https://lodging.test/openapi.json', components: doc.components });
});
afterAll(async () => {
  await api?.close();
});

const responseSchema = (path: string, status: number) => {
  const response = doc.paths[path].get.responses[String(status)];
  const resolved = response.$ref ? doc.components.responses[response.$ref.split('/').pop()] : response;
  const mediaType = Object.keys(resolved.content)[0] as string;
  return { mediaType, schema: resolved.content[mediaType].schema, headers: Object.keys(resolved.headers ?? {}) };
};

function validate(schema: { $ref?: string }, body: unknown): string | null {
  const check = ajv.compile({ $ref: `https://lodging.test/openapi.json${schema.$ref}` });
  return check(body) ? null : ajv.errorsText(check.errors);
}

describe('the document', () => {
  it('is OpenAPI 3.1.0 with info.version 1.1.0', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.1.0');
  });

  it('passes the Redocly recommended ruleset without errors', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    expect(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  it('declares both security schemes and requires one of them by default', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      Bearer: { type: 'http', scheme: 'bearer' },
    });
    expect(doc.security).toEqual([{ ApiKey: [] }, { Bearer: [] }]);
  });

  it('lists every search parameter with its rules', () => {
    const params = doc.paths['/api/v1/places'].get.parameters.map((p: { $ref: string }) => doc.components.parameters[p.$ref.split('/').pop()!]);
    expect(params.map((p: { name: string }) => p.name)).toEqual(['country', 'city', 'q', 'lodgingType', 'whatsapp', 'verified', 'limit', 'cursor']);
    const byName = Object.fromEntries(params.map((p: { name: string }) => [p.name, p]));
    expect(byName.country).toMatchObject({ required: true, schema: { enum: ['es', 'gb', 'fr', 'pt'] } });
    expect(byName.city.schema.pattern).toBe('^[a-z0-9]+(?:-[a-z0-9]+)*$');
    expect(byName.q.schema.maxLength).toBe(100);
    expect(byName.limit.schema).toMatchObject({ minimum: 1, maximum: 100, default: 25 });
    expect(byName.cursor.schema.maxLength).toBe(2048);
    expect(doc.components.parameters.placeId.schema.maxLength).toBe(300);
  });

  it('declares every Place field as required, and the spec LodgingType values', () => {
    expect([...doc.components.schemas.Place.required].sort()).toEqual([...PLACE_FIELDS].sort());
    expect([...doc.components.schemas.LodgingType.enum].sort()).toEqual(
      ['lodging', 'hotel', 'guesthouse', 'hostel', 'ruralHouse', 'apartment', 'holidayHome', 'campsite', 'bedAndBreakfast', 'resort', 'motorhomeArea'].sort(),
    );
  });

  it.each([
    ['/api/v1/key', [200, 400, 401, 429]],
    ['/api/v1/places', [200, 400, 401, 429]],
    ['/api/v1/places/{placeId}', [200, 400, 401, 404, 429]],
  ])('%s documents its responses and rate-limit headers', (path, statuses) => {
    const responses = doc.paths[path].get.responses;
    for (const status of statuses) expect(responses[String(status)], `${path} ${status}`).toBeDefined();
    const ok = responseSchema(path, 200);
    expect(ok.headers).toEqual(expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy']));
    expect(responseSchema(path, 429).headers).toContain('Retry-After');
  });
});

describe('real responses validate against the document', () => {
  it.each([
    ['/api/v1/key', '/api/v1/key', 200],
    ['/api/v1/places', '/api/v1/places?country=es&limit=100', 200],
    ['/api/v1/places', '/api/v1/places?country=gb', 200],
    ['/api/v1/places', '/api/v1/places?country=fr', 200],
    ['/api/v1/places', '/api/v1/places?country=es&limit=3', 200],
    ['/api/v1/places', '/api/v1/places?country=xx&foo=1', 400],
    ['/api/v1/places/{placeId}', `/api/v1/places/${IDS.mint}`, 200],
    ['/api/v1/places/{placeId}', `/api/v1/places/${encodeURIComponent(IDS.reserved)}`, 200],
    ['/api/v1/places/{placeId}', `/api/v1/places/${IDS.coruna}`, 200],
    ['/api/v1/places/{placeId}', '/api/v1/places/es-unknown', 404],
    ['/api/v1/places/{placeId}', `/api/v1/places/${'x'.repeat(301)}`, 400],
    ['/healthz', '/healthz', 200],
    ['/readyz', '/readyz', 200],
  ])('%s → %s', async (template, path, status) => {
    const json = await readJson(api.get(path));
    expect(json.status).toBe(status);
    const { mediaType, schema, headers } = responseSchema(template, status);
    expect(json.headers.get('content-type')).toContain(mediaType);
    expect(validate(schema, json.body)).toBeNull();
    for (const header of headers) expect(json.headers.get(header), header).not.toBeNull();
  });

  it('a 401 validates as a Problem', async () => {
    const json = await readJson(api.get('/api/v1/key', { secret: null }));
    expect(json.status).toBe(401);
    expect(validate(responseSchema('/api/v1/key', 401).schema, json.body)).toBeNull();
  });
});

describe('/docs', () => {
  it('serves Swagger UI and its assets from this server (works offline)', async () => {
    const page = await fetch(`${api.url}/docs`);
    const html = await page.text();
    expect(page.status).toBe(200);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset.startsWith('/')).toBe(true); // nothing from a CDN
      const res = await fetch(`${api.url}${asset}`);
      expect(res.status, asset).toBe(200);
    }
    expect(await (await fetch(`${api.url}/docs/init.js`)).text()).toContain('/openapi.json');
  });
});
