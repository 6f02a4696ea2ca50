import { describe, expect, it } from 'vitest';
import { repairPostalCode } from '../../../pipeline/normalise/postal-code.ts';
import { normaliseAddress } from '../../../pipeline/normalise/address.ts';
import { COUNTRIES } from '../../../model/countries.ts';
import type { CountryCode } from '../../../model/place.ts';

describe('repairPostalCode', () => {
  it.each<[string, CountryCode, string]>([
    ['38410 Los Cristianos', 'es', '38410'],
    ['Los Cristianos 38410', 'es', '38410'],
    ['38.610', 'es', '38610'],
    ['75 004', 'fr', '75004'],
    ['4990-062 Ponte de Lima', 'pt', '4990-062'],
    ['BT7 1FY Belfast', 'gb', 'BT7 1FY'],
  ])('%j (%s) → %j', (value, country, expected) => {
    expect(repairPostalCode(value, COUNTRIES[country])).toBe(expected);
  });

  it.each<[string, CountryCode]>([
    ['38410', 'es'],
    ['4990-062', 'pt'],
    ['bt7 1fy', 'gb'], // a full code as written stays as written
    ['3830', 'pt'], // partial: no full code in it
    ['38410 38411', 'es'], // two codes: which one is not for this rule to guess
    ['38410 Calle 5', 'es'], // digits beside the code: not a town
    ['3.861', 'es'],
    ['38.6100', 'es'],
    ['s/n', 'es'],
    ['38410 -', 'es'], // nothing but punctuation beside the code: not a town
    ['CP 28 001', 'es'], // digits joined only when they are the whole value
    ['28 001 Madrid', 'es'],
  ])('%j (%s) stays as written', (value, country) => {
    expect(repairPostalCode(value, COUNTRIES[country])).toBe(value);
  });
});

describe('normaliseAddress: the postal code of an address object', () => {
  it('keeps the code of "38410 Los Cristianos" and records the repair', () => {
    const result = normaliseAddress({ address: { city: 'Los Cristianos', postalCode: '38410 Los Cristianos' }, fullAddress: undefined }, COUNTRIES.es);
    expect(result.value.address.postalCode).toBe('38410');
    expect(result.issues).toEqual([
      { field: 'address', code: 'postal-code-repaired', value: '38410 Los Cristianos', detail: 'postalCode: read as 38410' },
    ]);
  });

  it('joins "38.610" and leaves a full code without an issue', () => {
    expect(normaliseAddress({ address: { postalCode: '38.610' }, fullAddress: undefined }, COUNTRIES.es).value.address.postalCode).toBe('38610');
    expect(normaliseAddress({ address: { postalCode: '38610' }, fullAddress: undefined }, COUNTRIES.es).issues).toEqual([]);
  });
});
