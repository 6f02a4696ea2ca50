// The expected parts of a one-line address, nulls but the ones given, and the parser read in a country: shared by the full-address suites.
import { COUNTRIES } from '../../../../model/countries.ts';
import type { CountryCode } from '../../../../model/place.ts';
import { parseFullAddress, type FullAddressParts } from '../../../../pipeline/normalise/full-address.ts';

export const parts = (given: Partial<FullAddressParts>): FullAddressParts => ({
  street: null,
  city: null,
  state: null,
  postalCode: null,
  countryName: null,
  ...given,
});

export const read = (code: CountryCode, text: string): FullAddressParts => parseFullAddress(text, COUNTRIES[code]);
