// Best-effort reading of a one-line address, and nothing else (address.ts decides what a listing's address is) ("Ctra A-356, 29712 Viñuela, Málaga, España") into its parts.
import { COUNTRIES, type Country } from '../../model/countries.ts';
import { isCountryCode, type CountryCode } from '../../model/place.ts';
import { cleanText } from './scalars.ts';
import { decodeText } from './decode-text.ts';
import { foldText } from '../../model/fold-text.ts';
import { countryCodeForName, LONGEST_NAME_WORDS } from './country-names.ts';
import { WORDS } from './language-words.ts';

export interface FullAddressParts {
  street: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  /** The trailing country name as written ("España"), when the address ends with one. */
  countryName: string | null;
}

export function parseFullAddress(text: string, country: Country): FullAddressParts {
  const parts = cleanText(decodeText(text)).split(',').map((part) => part.trim()).filter((part) => part !== '');
  const { countryName, end } = findCountry(parts, country);
  // An address in another of the four countries is read by that country's postal rules.
  const named = countryName === null ? null : countryCodeForName(countryName);
  const rules = isCountryCode(named) ? COUNTRIES[named] : country;
  const body = parts.slice(0, end);
  const postalIndex = findLastIndex(body, (part) => findPostalCode(part, rules) !== null);
  if (postalIndex === -1) return { ...readWithoutPostalCode(body, rules), postalCode: null, countryName };

  const postalPart = parts[postalIndex] ?? '';
  const found = findPostalCode(postalPart, rules);
  const rest = found === null ? '' : tidy(postalPart.slice(0, found.index) + ' ' + postalPart.slice(found.index + found.text.length));
  let city: string | null = rest === '' ? null : rest;
  let streetEnd = postalIndex;
  if (city === null && rules.code === 'gb' && postalIndex > 0 && !/\d/.test(parts[postalIndex - 1] ?? '')) {
    // British addresses put the town before a postcode of its own ("…, Belfast, BT15 2AN").
    city = parts[postalIndex - 1] ?? null;
    streetEnd = postalIndex - 1;
  }
  const after = body.slice(postalIndex + 1).filter((part) => !/\d/.test(part));
  return {
    street: joinParts(parts.slice(0, streetEnd)),
    city,
    state: joinParts(after),
    postalCode: found === null ? null : formatPostalCode(found.text, rules.code),
    countryName,
  };
}

/**
 * Without a postal code the last digit-free part is the best guess at the city; Spanish addresses name the
 * province after the town ("Pozo Alcón, Jaén"), so there two trailing digit-free parts are city and state.
 */
function readWithoutPostalCode(body: string[], country: Country): Pick<FullAddressParts, 'street' | 'city' | 'state'> {
  const isName = (part: string | undefined): part is string =>
    part !== undefined && !/\d/.test(part) && !startsWithStreetWord(part);
  const last = body.at(-1);
  const beforeLast = body.at(-2);
  if (country.code === 'es' && isName(last) && isName(beforeLast)) {
    return { street: joinParts(body.slice(0, -2)), city: beforeLast, state: last };
  }
  if (isName(last)) return { street: joinParts(body.slice(0, -1)), city: last, state: null };
  return { street: joinParts(body), city: null, state: null };
}

/** Words that open a street rather than a town name, in the four languages (streetWords, streetAbbreviations). */
const STREET_WORDS: ReadonlySet<string> = new Set(WORDS.streetWords.map((word) => foldText(word)));
const STREET_ABBREVIATIONS: readonly string[] = WORDS.streetAbbreviations.map((word) => foldText(word));

function startsWithStreetWord(part: string): boolean {
  const folded = foldText(part.trim());
  if (STREET_ABBREVIATIONS.some((abbreviation) => folded.startsWith(abbreviation))) return true;
  // The first word, after any opening punctuation: a street in brackets, "(Calle Sol)", is still a street.
  const first = /[\p{L}\p{N}'-]+/u.exec(folded)?.[0];
  return first !== undefined && STREET_WORDS.has(first);
}

interface PostalMatch {
  text: string;
  index: number;
}

/** Each country's postal code shape; a Portuguese bare "3360" only counts as the first word of its part. */
const POSTAL_CODE: Record<CountryCode, RegExp[]> = {
  es: [/(?<![\d-])\d{5}(?![\d-])/],
  fr: [/(?<![\d-])\d{5}(?![\d-])/],
  pt: [/(?<![\d-])\d{4}-\d{3}(?![\d-])/, /^\d{4}(?=\s|$)/],
  gb: [/(?<![A-Z\d])(?:[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}|GIR\s*0AA)(?![A-Z\d])/i],
};

function findPostalCode(part: string, country: Country): PostalMatch | null {
  for (const pattern of POSTAL_CODE[country.code]) {
    const match = pattern.exec(part);
    if (match !== null) return { text: match[0], index: match.index };
  }
  return null;
}

function formatPostalCode(code: string, country: CountryCode): string {
  if (country !== 'gb') return code;
  const compact = code.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/**
 * The country is the last part ("…, España"), or the first words of a part followed by junk the provider appended
 * ("España Teléfono: …, etc."). An earlier part that is only a country name is a place named like one
 * ("Andorra, Teruel"), and nothing before the postal code counts, so a street named "Portugal" is safe.
 */
function findCountry(parts: string[], country: Country): { countryName: string | null; end: number } {
  const lastIndex = parts.length - 1;
  for (let index = lastIndex; index >= 0; index -= 1) {
    const part = parts[index] ?? '';
    if (findPostalCode(part, country) !== null) break;
    const words = part.split(' ');
    for (let count = Math.min(words.length, LONGEST_NAME_WORDS); count >= 1; count -= 1) {
      const candidate = words.slice(0, count).join(' ');
      if (countryCodeForName(candidate) === null) continue;
      const exact = count === words.length;
      const accepted = index === 0 ? exact && lastIndex === 0 : index === lastIndex || !exact;
      if (accepted) return { countryName: candidate, end: index };
    }
  }
  return { countryName: null, end: parts.length };
}

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/^[\s\-–,.]+|[\s\-–,]+$/g, '').trim();
}

function joinParts(parts: string[]): string | null {
  return parts.length === 0 ? null : parts.join(', ');
}

function findLastIndex<T>(items: T[], test: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index -= 1) if (test(items[index] as T)) return index;
  return -1;
}
