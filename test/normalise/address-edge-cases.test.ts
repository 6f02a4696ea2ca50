// Address rule edges the main address tests leave open: issue details per member, numeric postal codes, country codes.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../model/countries.ts';
import type { CountryCode } from '../../model/place.ts';
import { normaliseAddress } from '../../pipeline/normalise/address.ts';

const EMPTY = { street: null, city: null, state: null, postalCode: null };

describe('normaliseAddress wrong types', () => {
  it('names the type of an address that is not an object', () => {
    expect(normaliseAddress({ address: 42, fullAddress: undefined }, COUNTRIES.es).issues).toEqual([
      { field: 'address', code: 'wrong-type', value: '42', detail: 'expected an object, got a number' },
    ]);
  });

  it('names the type of a one-line address that is not text', () => {
    expect(normaliseAddress({ address: undefined, fullAddress: 42 }, COUNTRIES.es).issues).toEqual([
      { field: 'address', code: 'wrong-type', value: '42', detail: 'fullAddress: expected text, got a number' },
    ]);
  });

  it('names the member of the address object that has the wrong type', () => {
    const address = { street: [], city: [], state: {}, postalCode: true, countryCode: {} };
    expect(normaliseAddress({ address, fullAddress: undefined }, COUNTRIES.es)).toEqual({
      value: { address: { ...EMPTY, country: 'es' }, citySlug: null, foreignCountry: null },
      issues: [
        { field: 'address', code: 'wrong-type', value: '[]', detail: 'street: expected text, got an array' },
        { field: 'address', code: 'wrong-type', value: '[]', detail: 'city: expected text, got an array' },
        { field: 'address', code: 'wrong-type', value: '{}', detail: 'state: expected text, got an object' },
        { field: 'address', code: 'wrong-type', value: 'true', detail: 'postalCode: expected text, got a boolean' },
        { field: 'address', code: 'wrong-type', value: '{}', detail: 'countryCode: expected text, got an object' },
      ],
    });
  });
});

describe('normaliseAddress numeric postal codes', () => {
  // A five-digit code exported as a number lost its leading zero; only es and fr have five-digit codes.
  const cases: [CountryCode, number, string][] = [
    ['es', 8380, '08380'],
    ['es', 1000, '01000'],
    ['es', 9999, '09999'],
    ['es', 999, '999'],
    ['es', 28013, '28013'],
    ['fr', 8380, '08380'],
    ['gb', 8380, '8380'],
    ['pt', 8380, '8380'],
  ];
  it.each(cases)('in %s reads the number %d as "%s"', (country, postalCode, expected) => {
    const result = normaliseAddress({ address: { postalCode }, fullAddress: undefined }, COUNTRIES[country]);
    expect(result.value.address.postalCode).toBe(expected);
    expect(result.issues).toEqual([]);
  });
});

describe('normaliseAddress country the address names', () => {
  const cases: [string, string | null, { code: string; detail: string } | null][] = [
    ['Narnia', null, { code: 'unknown-country', detail: 'the address names a country no table knows' }],
    ['France', 'fr', { code: 'foreign-country', detail: 'the address is in "fr", not Spain' }],
    ['QA', 'qa', { code: 'foreign-country', detail: 'the address is in "qa", not Spain' }], // Qatar: a real country code starting with Q
    ['QZ', null, { code: 'unknown-country', detail: 'the address names a country no table knows' }], // private-use code
    ['EU', null, { code: 'unknown-country', detail: 'the address names a country no table knows' }], // a union, not a country
    ['ES', null, null],
  ];
  it.each(cases)('reads "%s" as foreign country %j', (countryCode, foreignCountry, found) => {
    const result = normaliseAddress({ address: { countryCode }, fullAddress: undefined }, COUNTRIES.es);
    expect(result.value.foreignCountry).toBe(foreignCountry);
    expect(result.issues).toEqual(found === null ? [] : [{ field: 'address', code: found.code, value: countryCode, detail: found.detail }]);
  });
});
