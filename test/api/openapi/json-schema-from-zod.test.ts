// The Place family of the OpenAPI document and the MCP output schemas are generated from the one zod
// definition in model/place.ts; the generated document matches the hand-written one it replaced, field by field.
import { isDeepStrictEqual } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { inlineSchemaOf } from '../../../api/openapi/json-schema-from-zod.ts';
import { buildOpenApiDocument } from '../../../api/openapi/openapi-document.ts';
import { placePageSchema, placeSchema } from '../../../model/place-schema.ts';
import { PLACE_FIELDS } from '../../../model/place.ts';
import before from './support/openapi-before-zod-place.json' with { type: 'json' };

// The document as served before the Place moved to zod, built with the same public URL.
const previous = before as Record<string, any>;
const current = JSON.parse(JSON.stringify(buildOpenApiDocument('http://localhost:3000'))) as Record<string, any>;

/** Words for people (descriptions, examples) may be reworded; everything a client or validator reads may not. */
function contractOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(contractOf);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== 'description' && key !== 'examples')
      .map(([key, value]) => [key, contractOf(value)]),
  );
}

/** Whether a property schema accepts null, however it is written. */
function acceptsNull(schema: any): boolean {
  if (Array.isArray(schema.type)) return schema.type.includes('null');
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  return (schema.oneOf ?? schema.anyOf ?? []).some((branch: any) => branch.type === 'null');
}

describe('the generated OpenAPI document', () => {
  it('passes the Redocly recommended ruleset without errors', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(current), absoluteRef: 'openapi.json', config });
    expect(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  it('has the same schemas, parameters, responses and paths as before, field by field, but for the two deliberate changes', () => {
    const { servers: _s, ...rest } = current;
    const { servers: _p, ...previousRest } = previous;
    const changed = structuredClone(rest);
    // A nullable enum says its type, so generators keep the null.
    changed.components.schemas.Place.properties.phoneType = previous.components.schemas.Place.properties.phoneType;
    expect(contractOf(changed)).toEqual(contractOf(previousRest));
    // The server is wherever the document was fetched from.
    expect(previous.servers).toEqual([{ url: 'http://localhost:3000' }]);
    expect(current.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });

  it('writes the nullable enum phoneType with type ["string", "null"], null still among its values', () => {
    expect(previous.components.schemas.Place.properties.phoneType).toMatchObject({ enum: ['mobile', 'landline', 'other', null] });
    expect(previous.components.schemas.Place.properties.phoneType.type).toBeUndefined();
    expect(current.components.schemas.Place.properties.phoneType).toMatchObject({
      type: ['string', 'null'],
      enum: ['mobile', 'landline', 'other', null],
    });
  });

  it.each(PLACE_FIELDS)('Place.%s accepts null exactly as before, and is required', (field) => {
    const now = current.components.schemas.Place.properties[field];
    const then = previous.components.schemas.Place.properties[field];
    expect(acceptsNull(now)).toBe(acceptsNull(then));
    expect(current.components.schemas.Place.required).toContain(field);
  });

  it('describes every Place field that is not a referenced object', () => {
    for (const field of PLACE_FIELDS) {
      const schema = current.components.schemas.Place.properties[field];
      if (!schema.$ref && !schema.oneOf) expect(schema.description, field).toEqual(expect.any(String));
    }
  });
});

describe('the one zod Place', () => {
  it('names the allowlist fields, in the allowlist order', () => {
    expect(Object.keys(placeSchema.shape)).toEqual([...PLACE_FIELDS]);
  });

  it('gives MCP the same fields, limits and nullability as OpenAPI (inline, no references)', () => {
    const mcpPlace = (inlineSchemaOf(placePageSchema) as any).properties.places.items;
    expect(JSON.stringify(mcpPlace)).not.toContain('$ref');
    const openApiPlace = current.components.schemas.Place;
    expect(mcpPlace.required).toEqual(openApiPlace.required);
    for (const field of PLACE_FIELDS) {
      const inline = mcpPlace.properties[field];
      const referenced = openApiPlace.properties[field];
      expect(acceptsNull(inline), field).toBe(acceptsNull(referenced));
      if (!referenced.$ref && !referenced.oneOf) {
        const { items: _i, ...inlineRest } = contractOf(inline) as Record<string, unknown>;
        const { items: _j, ...referencedRest } = contractOf(referenced) as Record<string, unknown>;
        expect(isDeepStrictEqual(inlineRest, referencedRest), field).toBe(true);
      }
    }
    expect(mcpPlace.properties.reviewCount.type).toEqual(['integer', 'null']);
  });
});
