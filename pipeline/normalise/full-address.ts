// Best-effort reading of a one-line address, and nothing else (address.ts decides what a listing's address is) ("Ctra A-356, 29712 Viñuela, Málaga, España") into its parts.
import { COUNTRIES, type Country } from '../../model/countries.ts';
import { isCountryCode, type CountryCode } from '../../model/place.ts';
import { cleanText } from './scalars.ts';
import { decodeText } from './decode-text.ts';
import { foldText } from '../../model/fold-text.ts';
import { singleSpaced } from '../../model/single-space.ts';
import { countryCodeForName, longestCountryNameWords } from './country-names.ts';
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
  const parts = splitParts(cleanText(decodeText(text)));
  const { countryName, end } = findCountry(parts, country);
  // An address in another of the four countries is read by that country's postal rules.
  const named = countryName === null ? null : countryCodeForName(countryName);
  const rules = isCountryCode(named) ? COUNTRIES[named] : country;
  const body = parts.slice(0, end);
  // A full national code wins over a partial one written in the same address ("3800-901 …, 3800"), wherever each is.
  const tier = TIERS.find((level) => body.some((part) => findPostalCode(part, rules, level) !== null));
  if (tier === undefined) return { ...readWithoutPostalCode(body, rules), postalCode: null, countryName };
  const postalIndex = findLastIndex(body, (part) => findPostalCode(part, rules, tier) !== null);
  const postalPart = body[postalIndex]!;
  const found = findPostalCode(postalPart, rules, tier)!;
  const postalCode = formatPostalCode(found.text, rules.code);
  const before = tidy(postalPart.slice(0, found.index));
  const after = tidy(postalPart.slice(found.index + found.text.length));
  // The text around the code is the town ("3800-901 São Jacinto", "Belfast BT15 2AN"), but digits before the code
  // are the street's ("Km 20 3800-901").
  const streetHead = /\d/.test(before) ? [before] : [];
  const town = tidy(`${streetHead.length === 0 ? before : ''} ${after}`);
  let city: string | null = town === '' ? null : town;
  let streetEnd = postalIndex;
  if (city === null && rules.code === 'gb' && postalIndex > 0 && !/\d/.test(body[postalIndex - 1] ?? '')) {
    // British addresses put the town before a postcode of its own ("…, Belfast, BT15 2AN").
    city = body[postalIndex - 1] ?? null;
    streetEnd = postalIndex - 1;
  }
  const kept = (part: string) => !repeatsCode(part, postalCode, rules);
  const trailing = body.slice(postalIndex + 1).filter(kept);
  const street = [...body.slice(0, streetEnd).filter(kept), ...streetHead];
  // Parts with digits after the code are dropped ("…, 3 piso"), unless nothing before it was street: then they are
  // the street ("Km 20 3800-901, R. Estr. Nacional Nº1 327, …").
  if (street.length <= streetHead.length) street.push(...trailing.filter((part) => /\d/.test(part)));
  return {
    street: joinParts(street),
    city,
    state: joinParts(trailing.filter((part) => !/\d/.test(part))),
    postalCode,
    countryName,
  };
}

/**
 * Parts are separated by commas, but not by a decimal comma: a comma between digits, with at most three digits after
 * it, belongs to a number ("ao Km 38,5", "KM 401,300"); "Rua X 109,5400-756" still splits before the postal code.
 */
function splitParts(text: string): string[] {
  const parts = text.split(/,(?!(?<=\d,)\d{1,3}(?![\d-]))/).map((part) => part.trim()).filter((part) => part !== '');
  // An export that already wrote "Km 355, 5" split the decimal itself: a bare 1-3 digit part right after a km point
  // is its fraction (a building at a km point has no house number of its own).
  const joined: string[] = [];
  for (const part of parts) {
    const previous = joined.at(-1);
    if (previous !== undefined && /^\d{1,3}$/.test(part) && /\bkm\.?\s*\d+$/i.test(previous)) joined[joined.length - 1] = `${previous},${part}`;
    else joined.push(part);
  }
  return joined;
}

/** Whether a part only repeats the chosen code, whole or as its partial form ("3800" or "3800 901" beside "3800-901"). */
function repeatsCode(part: string, code: string, country: Country): boolean {
  const compact = (text: string) => text.replace(/[\s-]+/g, '').toUpperCase();
  if (compact(part) === compact(code)) return true;
  return POSTAL_CODE[country.code].partial?.exec(part)?.[0] === part && compact(code).startsWith(compact(part));
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

type Tier = 'full' | 'partial';
const TIERS: readonly Tier[] = ['full', 'partial'];
/** A number after "km" or "nº" is a kilometre point or a house number, never a postal code. */
const NOT_AFTER = String.raw`(?<!\b(?:km|kms|n|nº|n°|no|nr|num|núm)\.?\s*)`;

/**
 * Each country's postal code shapes, full and partial: a Portuguese bare "3360" only as the first word of its part,
 * a British outward code ("BT15") only as a part of its own. Spain and France have no partial form: a 4-digit
 * number there is a house number as often as a code that lost its leading zero.
 */
const POSTAL_CODE: Record<CountryCode, Record<Tier, RegExp | null>> = {
  es: { full: new RegExp(`${NOT_AFTER}(?<![\\d-])\\d{5}(?![\\d-])`, 'i'), partial: null },
  fr: { full: new RegExp(`${NOT_AFTER}(?<![\\d-])\\d{5}(?![\\d-])`, 'i'), partial: null },
  pt: { full: new RegExp(`${NOT_AFTER}(?<![\\d-])\\d{4}-\\d{3}(?![\\d-])`, 'i'), partial: /^\d{4}(?=\s|$)/ },
  gb: { full: /(?<![A-Z\d])(?:[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}|GIR\s*0AA)(?![A-Z\d])/i, partial: /^[A-Z]{1,2}\d[A-Z\d]?$/i },
};

/** Each country's full code, global: for every code in a text (matchAll copies it, so its lastIndex is never shared). */
const EVERY_FULL_CODE = Object.fromEntries(
  Object.entries(POSTAL_CODE).map(([code, { full }]) => [code, new RegExp(full!.source, `${full!.flags}g`)]),
) as Record<CountryCode, RegExp>;

function findPostalCode(part: string, country: Country, tier?: Tier): PostalMatch | null {
  for (const level of tier === undefined ? TIERS : [tier]) {
    const match = POSTAL_CODE[country.code][level]?.exec(part);
    if (match) return { text: match[0], index: match.index };
  }
  return null;
}

/** Every full postal code of the country in a text, as written and as published ("38410 Los Cristianos" → 38410). */
export function fullPostalCodesIn(text: string, country: Country): { text: string; index: number; code: string }[] {
  return [...text.matchAll(EVERY_FULL_CODE[country.code])].map((match) => ({
    text: match[0],
    index: match.index,
    code: formatPostalCode(match[0], country.code),
  }));
}

function formatPostalCode(code: string, country: CountryCode): string {
  if (country !== 'gb') return code;
  const compact = code.replace(/\s+/g, '').toUpperCase();
  // An outward code alone ("BT15") has no inward part to set apart.
  return /^[A-Z\d]{2,4}\d[A-Z]{2}$/.test(compact) ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
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
    for (let count = Math.min(words.length, longestCountryNameWords()); count >= 1; count -= 1) {
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
  return singleSpaced(text).replace(/^[\s\-–,.]+|[\s\-–,]+$/g, '').trim();
}

function joinParts(parts: string[]): string | null {
  return parts.length === 0 ? null : parts.join(', ');
}

function findLastIndex<T>(items: T[], test: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index -= 1) if (test(items[index] as T)) return index;
  return -1;
}
