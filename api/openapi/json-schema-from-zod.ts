// JSON Schema from the model's zod schemas, written the way OpenAPI 3.1 tools and the MCP clients read best:
// nullable values as `type: [T, "null"]` (enums with null among their values), references to nullable objects as
// `oneOf`, and none of the noise zod adds (safe-integer bounds, `propertyNames: {type: string}`, per-schema $schema/$id).
import { z } from 'zod';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNullType = (value: unknown) => isObject(value) && value.type === 'null' && Object.keys(value).length === 1;

/** `anyOf: [X, {type: null}]` → X made nullable; everything else recursively tidied. */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === '$id') continue;
    if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) continue;
    if (key === 'propertyNames' && isObject(value) && value.type === 'string' && Object.keys(value).length === 1) continue;
    out[key] = tidy(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && isNullType(anyOf[1]) && isObject(anyOf[0])) {
    const { anyOf: _pair, ...outer } = out;
    const [value] = anyOf as [Json, Json];
    if ('$ref' in value) return { oneOf: [value, { type: 'null' }], ...outer };
    if (typeof value.type === 'string') {
      return { ...value, type: [value.type, 'null'], ...(Array.isArray(value.enum) ? { enum: [...value.enum, null] } : {}), ...outer };
    }
  }
  return out;
}

/** Every schema of a registry as OpenAPI components, each referring to the others by `#/components/schemas/<id>`. */
export function componentSchemasOf(registry: z.core.$ZodRegistry<{ id: string }>): Record<string, Json> {
  const { schemas } = z.toJSONSchema(registry, { target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, tidy(schema) as Json]));
}

/** One schema, self-contained (no references), for an MCP tool's outputSchema (JSON Schema draft-07, as the SDK sends). */
export function inlineSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'output'): Json {
  return tidy(z.toJSONSchema(schema, { target: 'draft-7', io })) as Json;
}
