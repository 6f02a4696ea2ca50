// The served document adds the extensions to the spec's document and changes nothing in it; extension answers validate.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../api/openapi/openapi-document.ts';
import { IDS } from '../support/provider-listings.ts';
import { readJson } from '../support/shapes.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

let api: TestApi;
let doc: any;
let ajv: Ajv2020;
beforeAll(async () => {
  api = await startTestApi();
  doc = (await readJson(fetch(`${api.url}/openapi.json`))).body;
  ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'https://lodging.test/openapi.json', components: doc.components });
});
afterAll(async () => {
  await api?.close();
});

const validate = (name: string, body: unknown): string | null => {
  const check = ajv.compile({ $ref: `https://lodging.test/openapi.json#/components/schemas/${name}` });
  return check(body) ? null : ajv.errorsText(check.errors);
};

/** Every key path of a JSON value, so "nothing removed or changed" reads as: every base leaf is in the served document. */
function leaves(node: unknown, at = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) for (const [k, v] of leaves(value, `${at}/${key}`)) out.set(k, v);
  } else out.set(at, node);
  return out;
}

describe('the served OpenAPI document', () => {
  it("keeps every member of the spec's document as it is (only descriptions grow)", () => {
    const base = leaves(JSON.parse(JSON.stringify(buildOpenApiDocument(api.publicUrl))));
    const served = leaves(doc);
    for (const [path, value] of base) if (!path.endsWith('/description')) expect(served.get(path), path).toEqual(value);
  });

  it('describes near, radius, bbox, fields, If-None-Match, the 304 and the change feed', () => {
    const names = (path: string) => doc.paths[path].parameters.map((p: { $ref: string }) => doc.components.parameters[p.$ref.split('/').pop()!].name);
    expect(names('/api/v1/places')).toEqual(['near', 'radius', 'bbox', 'fields', 'If-None-Match', 'sort', 'match', 'facets']);
    expect(names('/api/v1/places/{placeId}')).toEqual(['fields', 'If-None-Match']);
    expect(doc.paths['/api/v1/places'].get.responses['304']).toBeDefined();
    expect(doc.paths['/api/v1/changes'].get.responses['410']).toBeDefined();
    expect(doc.components.parameters.radius.schema).toMatchObject({ minimum: 1, maximum: 50000 });
    // No default or example in the schema: Swagger UI would send it with every "Try it out" search; the description says it.
    expect(doc.components.parameters.radius.description).toContain('default 1000');
    expect(doc.info.version).toBe('1.1.0');
  });

  it.each([
    ['PlacePage', '/api/v1/places?country=es&near=40.4195785,-3.6985626&radius=3000'],
    ['PlacePage', '/api/v1/places?country=es&bbox=-3.8,40.3,-3.6,40.5'],
    ['ChangesPage', '/api/v1/changes?country=es'],
  ])('an answer validates as %s: %s', async (schema, path) => {
    const json = await readJson(api.get(path));
    expect(json.status).toBe(200);
    expect(validate(schema, json.body)).toBeNull();
  });

  it('a fields answer validates as PlaceSelection', async () => {
    const json = await readJson(api.get(`/api/v1/places/${IDS.mint}?fields=name,phone`));
    expect(validate('PlaceSelection', json.body.place)).toBeNull();
  });
});
