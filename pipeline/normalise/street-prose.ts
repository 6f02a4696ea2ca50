// A street starts at its street word (data/addresses/street-words.json): prose before it is dropped, and a "<town>, <postal code>" street goes to those fields.
import streetWords from '../../data/addresses/street-words.json' with { type: 'json' };
import type { Country } from '../../model/countries.ts';
import type { CountryCode } from '../../model/place.ts';
import { textSlug } from './city-slug.ts';
import { fullPostalCodesIn } from './full-address.ts';
import { issue, type Issue } from './issues.ts';

export type WordGroup = 'leading' | 'modifiers' | 'keepBefore' | 'trailing' | 'labels';

interface CountryWords {
  /** Street words, lower case, without a final dot, as whole words ("calle", "c/", "av"). */
  leading: ReadonlySet<string>;
  /** Abbreviations that also match glued to the next word ("c/mayor", "av.del"). */
  gluedPrefixes: readonly string[];
  modifiers: ReadonlySet<string>;
  /** Words before the street word that keep the street as written (a kilometre point). */
  keepBefore: ReadonlySet<string>;
  trailing: ReadonlySet<string>;
  /** Words written with a colon before an address ("Dirección:"). */
  labels: ReadonlySet<string>;
}

/** One group's words of one language, checked: single words. `table` is the committed file unless a test gives one. */
export function wordsOf(group: WordGroup, language: string, table: Record<string, unknown> = streetWords): string[] {
  const list: unknown = (table as Partial<Record<WordGroup, Record<string, unknown>>>)[group]?.[language];
  if (!Array.isArray(list) || list.some((word) => typeof word !== 'string' || word === '' || /\s/.test(word))) {
    throw new Error(`data/addresses/street-words.json: ${group}.${language} must be a list of single words`);
  }
  return list as string[];
}

/** A country's words, from the groups of each of its languages: lower case, keyed (keyOf). `table` is the committed file unless a test gives one. */
export function countryWords(code: CountryCode, table: Record<string, unknown> = streetWords): CountryWords {
  const languages: unknown = (table.countries as Record<string, unknown> | undefined)?.[code];
  if (!Array.isArray(languages)) throw new Error(`data/addresses/street-words.json: countries.${code} must list languages`);
  const all = (group: WordGroup) => languages.flatMap((language: string) => wordsOf(group, language, table).map((word) => word.toLowerCase()));
  const set = (group: WordGroup) => new Set(all(group).map(keyOf));
  return {
    leading: set('leading'),
    gluedPrefixes: [...new Set(all('leading').filter((word) => word.endsWith('.') || word.endsWith('/')))],
    modifiers: set('modifiers'),
    keepBefore: set('keepBefore'),
    trailing: set('trailing'),
    labels: set('labels'),
  };
}

/** Built per country on first use: the committed tables' words. */
const WORDS = new Map<CountryCode, CountryWords>();
function wordsFor(code: CountryCode): CountryWords {
  return WORDS.get(code) ?? readWords(code);
}
function readWords(code: CountryCode): CountryWords {
  const words = countryWords(code);
  WORDS.set(code, words);
  return words;
}

/** A word as the tables key it: lower case, without a final dot, comma or semicolon ("Ctra.," → "ctra"). */
const keyOf = (token: string) => token.replace(/[.,;:]+$/, '').toLowerCase();
const startsWithCapital = (token: string) => token[0] !== undefined && token[0] !== token[0].toLowerCase();
/** A house number: digits with an optional letter or "bis"/"ter" ("12", "12B", "12-14", "bis", "s/n"). */
const isHouseNumber = (token: string) => /^(?:\d+[a-z]?(?:-\d+[a-z]?)?|bis|ter|s\/n)[,;]?$/i.test(token);

function isLeadingStreetWord(token: string, words: CountryWords): boolean {
  if (!startsWithCapital(token)) return false;
  const key = keyOf(token);
  // "C." and "C/" are street words; a lone "C," is a letter.
  if (key.length === 1 && !/^\p{L}[./]/u.test(token)) return false;
  return words.leading.has(key) || words.gluedPrefixes.some((prefix) => key.startsWith(prefix));
}

export interface StreetProse {
  street: string | null;
  /** Set when the street was "<town>, <postal code>": the parts, for the fields that are empty. */
  city?: string;
  postalCode?: string;
  issues: Issue[];
}

/**
 * "Jacuzzi Carrer Villa Primavera, 12" → "Carrer Villa Primavera, 12": words before the first street word (written with
 * a capital) are dropped, unless they are only modifiers of the name ("Gran Vía") or a house number ("12 Rue …"); a
 * house number right before the street word stays with it. No street word found: the street is kept as written.
 * "Zambujeira do Mar, 7630-174" (a town, then a full postal code of the country, no street word) is no street.
 */
export function tidyStreetProse(street: string | null, country: Country, placeName: string | null = null): StreetProse {
  if (street === null) return { street, issues: [] };
  const words = wordsFor(country.code);
  const issues: Issue[] = [];
  const tidy = withoutOwnName(withoutPostalTown(withoutLabel(tidyCommas(street), words, issues), country, issues), placeName, issues);
  if (tidy === '') return { street, issues: [] };
  if (isStreetWordAlone(tidy, words)) {
    return { street: null, issues: [...issues, issue('address', 'street-word-alone', street, `street: "${street}" is a street word with no name`)] };
  }
  const prose = fromStreetWord(tidy, country, words);
  // Most streets need no tidying at all: their answer is fromStreetWord's as it is.
  if (issues.length === 0) return prose;
  return { ...prose, issues: [...issues, ...prose.issues] };
}

/** "Dirección: Pje. los Mendozas, 57" → "Pje. los Mendozas, 57": a label of the tables and its colon leave the street. */
function withoutLabel(street: string, words: CountryWords, issues: Issue[]): string {
  const match = /^([^\s:]+)\s*:\s*(\S.*)$/u.exec(street);
  if (match === null || !words.labels.has(keyOf(match[1]!))) return street;
  issues.push(issue('address', 'street-label-dropped', street, `street: dropped the label "${match[1]}:"`));
  return match[2]!;
}

/**
 * "Playa Valdevaqueros, Camping Jardin De Las Dunas" of the place "Camping Jardín de las Dunas" → "Playa Valdevaqueros":
 * a comma part after the first that is the place's own name (letters compared without case or accents) leaves the street.
 */
function withoutOwnName(street: string, placeName: string | null, issues: Issue[]): string {
  // One part only (no comma): nothing after the first part to drop, and the name need not be slugged.
  if (!street.includes(',')) return street;
  const own = textSlug(placeName);
  if (own === null) return street;
  const parts = street.split(',').map((part) => part.trim());
  // Never the first part: a street may bear the place's name ("Atocha, 3" of the flat "Atocha").
  const kept = parts.filter((part, index) => index === 0 || textSlug(part) !== own);
  if (kept.length === parts.length) return street;
  issues.push(issue('address', 'street-name-dropped', street, `street: dropped the place's own name "${placeName}"`));
  return kept.join(', ');
}

/**
 * "11380 Cadiz, Playa Valdevaqueros" → "Playa Valdevaqueros", "24800, C. Polideportivo, 42" → "C. Polideportivo, 42": a
 * first part that is a full postal code of the country, alone or then a town (words without digits), leaves the street.
 */
function withoutPostalTown(street: string, country: Country, issues: Issue[]): string {
  const comma = street.indexOf(',');
  if (comma <= 0 || !/^\d/.test(street)) return street;
  const first = street.slice(0, comma);
  const rest = street.slice(comma + 1).trim();
  const codes = fullPostalCodesIn(first, country);
  if (codes.length !== 1 || codes[0]!.index !== 0 || !/\p{L}/u.test(rest)) return street;
  const town = first.slice(codes[0]!.text.length).trim();
  if (/\d/.test(town) || (town !== '' && !/^\s/.test(first.slice(codes[0]!.text.length)))) return street;
  issues.push(issue('address', 'street-postal-town-dropped', street, `street: dropped "${first}", a postal code${town === '' ? '' : ' and a town'}`));
  return rest;
}

/** "Arenal , 6-3º" → "Arenal, 6-3º", "Santa Leonor, , 34" → "Santa Leonor, 34": no space before a comma, no empty part. */
export function tidyCommas(street: string): string {
  return street
    .replace(/\s+,/g, ',')
    .replace(/,(?:\s*,)+/g, ',')
    .replace(/^[\s,]+|[\s,]+$/g, '');
}

/** "Calle, 0", "Plaza": one street word, with at most a zero for a number, names no street ("C. Carretera" does). */
function isStreetWordAlone(street: string, words: CountryWords): boolean {
  const tokens = street.split(/[\s,]+/).filter((token) => token !== '' && !/^0+$/.test(token));
  return tokens.length === 1 && words.leading.has(keyOf(tokens[0]!));
}

function fromStreetWord(street: string, country: Country, words: CountryWords): StreetProse {
  const tokens = street.split(/\s+/);
  // Most streets start with their street word: nothing to cut, and no town.
  if (isLeadingStreetWord(tokens[0]!, words)) return { street, issues: [] };
  if (tokens.some((token) => words.trailing.has(keyOf(token)))) return { street, issues: [] };
  // A street word followed only by a house number ends the name ("Gipuzkoa Plaza 2"): it starts no street. A glued
  // abbreviation ("C/Mayor") holds the name itself. The first token is no street word (above).
  const at = tokens.findIndex(
    (token, index) => isLeadingStreetWord(token, words) && (!words.leading.has(keyOf(token)) || namesAStreet(tokens.slice(index + 1))),
  );
  if (at !== -1) return cutBefore(street, tokens, at, words);
  const road = tokens.findIndex((token, index) => isRoadCode(token) && isKilometrePoint(tokens[index + 1], words));
  if (road > 0) return cutBefore(street, tokens, road, words, false);
  return townAndPostalCode(street, tokens, country, words) ?? { street, issues: [] };
}

/**
 * "Zambujeira do Mar" read as the street of "Zambujeira do Mar, 7630-174, Portugal" while the address has a postal code
 * and no city: one part of words without digits and without any street word is the town.
 */
export function isTownNotStreet(street: string, country: Country): boolean {
  if (/[\d,;.()/]/.test(street) || !/\p{L}/u.test(street)) return false;
  const words = wordsFor(country.code);
  return !street.split(/\s+/).some((token) => words.leading.has(keyOf(token)) || words.trailing.has(keyOf(token)));
}

/** The words after a street word name a street: not only a house number, and a capitalised word or a number among them. */
function namesAStreet(rest: string[]): boolean {
  return !rest.every(isHouseNumber) && rest.some((token) => startsWithCapital(token) || /\d/.test(token));
}

/** Words that hold a street of their own: a part ending in a comma, then a house number ("La Raya, 25."). */
function holdsAStreet(before: string[]): boolean {
  return before.slice(1).some((token, index) => /,$/.test(before[index]!) && isHouseNumber(token.replace(/[.)]+$/, '')));
}

/** A road's code: one to three capitals, an optional hyphen, digits ("N340", "A-138", "C-65"). */
const isRoadCode = (token: string) => /^\p{Lu}{1,3}-?\d{1,4}$/u.test(token);
/** A kilometre point after a road's code: a `keepBefore` word, alone or glued to its number ("Km", "km.26", "Km171"). */
function isKilometrePoint(token: string | undefined, words: CountryWords): boolean {
  if (token === undefined) return false;
  const word = /^(\p{L}[\p{L}.]*?)\.?(?:\d.*)?$/u.exec(token)?.[1];
  return words.keepBefore.has(keyOf(token)) || (word !== undefined && words.keepBefore.has(keyOf(word)));
}

/** `numbersJoin`: a house number right before the cut goes with the street (not before a road's code). */
function cutBefore(street: string, tokens: string[], at: number, words: CountryWords, numbersJoin = true): StreetProse {
  let start = at;
  while (numbersJoin && start > 0 && isHouseNumber(tokens[start - 1]!) && !/[,;]$/.test(tokens[start - 1]!)) start -= 1;
  const before = tokens.slice(0, start);
  if (before.length === 0 || before.every((token) => words.modifiers.has(keyOf(token)))) return { street, issues: [] };
  if (before.every(isHouseNumber) || holdsAStreet(before) || before.some((token) => words.keepBefore.has(keyOf(token)))) {
    return { street, issues: [] };
  }
  const value = tokens.slice(start).join(' ');
  const dropped = before.join(' ');
  return { street: value, issues: [issue('address', 'street-prose-dropped', street, `street: dropped "${dropped}", read as "${value}"`)] };
}

function townAndPostalCode(street: string, tokens: string[], country: Country, words: CountryWords): StreetProse | null {
  const comma = street.lastIndexOf(',');
  if (comma <= 0) return null;
  const town = street.slice(0, comma).trim();
  const code = street.slice(comma + 1).trim();
  // Cheap tests first: the code part has a digit, the town none and a letter (fullPostalCodesIn builds its pattern per call).
  if (!/\d/.test(code) || /[\d,]/.test(town) || !/\p{L}/u.test(town)) return null;
  const codes = fullPostalCodesIn(code, country);
  if (codes.length !== 1 || codes[0]!.text !== code) return null;
  if (tokens.some((token) => words.leading.has(keyOf(token)) || words.trailing.has(keyOf(token)))) return null;
  const detail = `street: "${street}" is a town and a postal code, not a street`;
  return { street: null, city: town, postalCode: codes[0]!.code, issues: [issue('address', 'street-is-town-and-postal-code', street, detail)] };
}
