// The fields a report measures the fill of: the ones the zod Place lets be absent, an address by its parts.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { MEASURED_PLACE_FIELDS, measuredFieldsOf } from '../../model/place-fields.ts';

describe('measuredFieldsOf', () => {
  it('measures nullable fields and lists, an object by its parts, never a field always present', () => {
    const shape = {
      id: z.string(),
      name: z.string().nullable(),
      tags: z.array(z.string()),
      flag: z.boolean(),
      address: z.object({ street: z.string().nullable(), city: z.string().nullable() }),
      location: z.object({ latitude: z.number() }).nullable(),
    };
    expect(measuredFieldsOf(shape)).toEqual(['name', 'tags', 'address.street', 'address.city', 'location']);
  });

  it('measures the Place: the address by part, never id, lodgingType or the booleans', () => {
    expect(MEASURED_PLACE_FIELDS).toEqual(expect.arrayContaining(['name', 'address.street', 'address.city', 'phone', 'email', 'website']));
    for (const always of ['id', 'lodgingType', 'whatsappEligible', 'verified', 'address']) expect(MEASURED_PLACE_FIELDS).not.toContain(always);
    expect(Object.isFrozen(MEASURED_PLACE_FIELDS)).toBe(true);
  });
});
