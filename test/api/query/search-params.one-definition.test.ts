// One definition per search parameter: a parameter added to a table shows up in OpenAPI, in the MCP tool schema and in validation.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseStrictQuery } from '../../../api/http/query-string.ts';
import { toolShapeOf } from '../../../api/mcp/tool-input-schemas.ts';
import { openApiParametersOf } from '../../../api/openapi/components.ts';
import { inlineSchemaOf } from '../../../api/openapi/json-schema-from-zod.ts';
import {
  EXTENSION_SEARCH_PARAMETERS,
  SEARCH_PARAMETER_NAMES,
  SPEC_SEARCH_PARAMETERS,
  rulesOf,
  type SearchParameter,
} from '../../../api/query/search-params.ts';

/** The real tables plus one new parameter, written once. */
const stars: SearchParameter = {
  rule: z.number({ error: 'must be an integer from 1 to 5' }).int().min(1).max(5).optional(),
  openapi: { description: 'Official star rating.', schema: { type: 'integer', minimum: 1, maximum: 5 } },
  agent: 'Official star rating, 1 to 5.',
};
const table = { ...SPEC_SEARCH_PARAMETERS, ...EXTENSION_SEARCH_PARAMETERS, stars };

describe('a search parameter defined once', () => {
  it('shows up in OpenAPI as a query parameter', () => {
    expect(openApiParametersOf(table).stars).toEqual({
      name: 'stars',
      in: 'query',
      description: 'Official star rating.',
      schema: { type: 'integer', minimum: 1, maximum: 5 },
    });
    expect(openApiParametersOf(table).country).toMatchObject({ name: 'country', in: 'query', required: true });
  });

  it('shows up in the MCP tool input schema, with its note', () => {
    const schema = inlineSchemaOf(z.strictObject(toolShapeOf(table)), 'input') as { properties: Record<string, unknown> };
    expect(schema.properties.stars).toEqual({ type: 'integer', minimum: 1, maximum: 5, description: 'Official star rating, 1 to 5.' });
    expect(Object.keys(schema.properties)).toEqual(Object.keys(table));
  });

  it('shows up in validation: a known name, checked by its rule', () => {
    expect(parseStrictQuery('/api/v1/places?country=es&stars=3', Object.keys(table)).errors).toEqual([]);
    expect(parseStrictQuery('/api/v1/places?country=es&stars=3', SEARCH_PARAMETER_NAMES).errors).toEqual([{ parameter: 'stars', message: 'is not a known parameter' }]);
    const rules = z.strictObject(rulesOf(table));
    expect(rules.safeParse({ country: 'es', stars: 3 }).success).toBe(true);
    expect(rules.safeParse({ country: 'es', stars: 9 }).error?.issues.map((issue) => issue.path[0])).toEqual(['stars']);
  });

  it('the real tables give the names REST knows, in order', () => {
    expect(SEARCH_PARAMETER_NAMES).toEqual(['country', 'city', 'q', 'lodgingType', 'whatsapp', 'verified', 'limit', 'cursor', 'near', 'radius', 'bbox', 'fields', 'sort', 'match', 'facets']);
  });
});
