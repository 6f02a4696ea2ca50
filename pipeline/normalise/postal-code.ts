// A postal code of an address object read as the country's full code when it is written with a town or a separator.
import type { Country } from '../../model/countries.ts';
import { fullPostalCodesIn } from './full-address.ts';

/**
 * "38410 Los Cristianos" → "38410" (one full code, the rest words without digits: the town, which the city field
 * holds); "38.610", "75 004" → the digits joined when that makes a full code. Anything else stays as written.
 */
export function repairPostalCode(value: string, country: Country): string {
  const codes = fullPostalCodesIn(value, country);
  if (codes.length === 1 && codes[0]!.text === value) return value;
  const joined = value.replace(/^(\d+)[.\s](\d+)$/, '$1$2');
  // A run of digits holds a full code only as the whole run (a code needs edges that are no digits): one found is the run.
  if (joined !== value) return fullPostalCodesIn(joined, country).length > 0 ? joined : value;
  if (codes.length !== 1) return value;
  const { text, index, code } = codes[0]!;
  const rest = `${value.slice(0, index)} ${value.slice(index + text.length)}`;
  return /\d/.test(rest) || !/\p{L}/u.test(rest) ? value : code;
}
