// The Place fields a report measures the fill of, derived from the zod Place: every field that may be absent, address by part.
import type { z } from 'zod';
import { storedPlaceSchema } from './place-schema.ts';

/**
 * A field is measured when the schema lets it be absent (it accepts null, or is a list that may be empty); an object
 * field is measured by its parts (address.street, address.city…). Fields always present (id, lodgingType and the
 * booleans) have nothing to fill. Paths use dots, in the schema's order.
 */
export function measuredFieldsOf(shape: Record<string, z.ZodType>, prefix = ''): string[] {
  const fields: string[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const parts = (schema as { shape?: Record<string, z.ZodType> }).shape;
    if (parts && !schema.safeParse(null).success) fields.push(...measuredFieldsOf(parts, `${prefix}${key}.`));
    else if (schema.safeParse(null).success || schema.safeParse([]).success) fields.push(`${prefix}${key}`);
  }
  return fields;
}

export const MEASURED_PLACE_FIELDS: readonly string[] = Object.freeze(measuredFieldsOf(storedPlaceSchema.shape));
