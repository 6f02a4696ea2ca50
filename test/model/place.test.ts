// The public shape's plain values: the countries, the allowlist's order, and profile URLs.
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode, PLACE_FIELDS, profileUrlFor } from '../../model/place.ts';
import { placeSchema } from '../../model/place-schema.ts';

describe('place', () => {
  it('knows the four published countries, and nothing else as one', () => {
    expect(COUNTRY_CODES).toEqual(['es', 'gb', 'fr', 'pt']);
    expect(['es', 'gb', 'fr', 'pt'].every(isCountryCode)).toBe(true);
    for (const value of ['ES', 'de', '', null, 2, 'es ']) expect(isCountryCode(value)).toBe(false);
  });

  it('lists exactly the fields of the zod Place, id first and profileUrl last', () => {
    expect([...PLACE_FIELDS].sort()).toEqual(Object.keys(placeSchema.shape).sort());
    expect(PLACE_FIELDS[0]).toBe('id');
    expect(PLACE_FIELDS.at(-1)).toBe('profileUrl');
  });

  it('builds a profile URL from the public base (trailing slashes dropped) and the encoded id', () => {
    expect(profileUrlFor('https://lodging.example', 'es-1')).toBe('https://lodging.example/places/es-1');
    expect(profileUrlFor('https://lodging.example//', 'gb/2?x')).toBe('https://lodging.example/places/gb%2F2%3Fx');
  });
});
