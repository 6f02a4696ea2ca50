// City values as data (data/cities/): which values are not cities, and the one canonical slug of a city with several names.
import nonCity from '../../data/cities/non-city.json' with { type: 'json' };
import es from '../../data/cities/es.json' with { type: 'json' };
import fr from '../../data/cities/fr.json' with { type: 'json' };
import gb from '../../data/cities/gb.json' with { type: 'json' };
import pt from '../../data/cities/pt.json' with { type: 'json' };
import type { CountryCode } from '../../model/place.ts';
import { citySlug } from './city-slug.ts';
import { tidyCitySlug } from './city-tidy.ts';
import { memoPerCountry } from './country-memo.ts';
import { WORDS, type LanguageWords } from './language-words.ts';
import { foldText } from '../../model/fold-text.ts';

interface AliasFile {
  country: string;
  cities: { name: string; aliases: string[] }[];
}

/**
 * slug of any name → slug of the canonical name, per country; checked at load (one meaning per slug). A table names
 * its country, and its file is data/cities/<country>.json: its errors name that file.
 */
export function compileAliases(file: AliasFile): ReadonlyMap<string, string> {
  const source = `data/cities/${file.country}.json`;
  const canonicalOf = new Map<string, string>();
  const slugOf = (name: string): string => {
    const slug = citySlug(name);
    if (slug === null) throw new Error(`${source}: "${name}" has no letters or digits`);
    return slug;
  };
  const claim = (name: string, canonical: string) => {
    const slug = slugOf(name);
    const earlier = canonicalOf.get(slug);
    if (earlier !== undefined && earlier !== canonical) {
      throw new Error(`${source}: "${name}" (slug ${slug}) already names the city ${earlier}`);
    }
    canonicalOf.set(slug, canonical);
  };
  for (const city of file.cities) {
    const canonical = slugOf(city.name);
    claim(city.name, canonical);
    for (const alias of city.aliases) claim(alias, canonical);
  }
  return canonicalOf;
}

const ALIAS_FILES: Record<CountryCode, AliasFile> = { es, fr, gb, pt };

/** Each country's table compiled on its first lookup, never when the module loads: a mistake in it stops that lookup. */
const ALIASES = new Map<CountryCode, ReadonlyMap<string, string>>();
function aliasesOf(country: CountryCode): ReadonlyMap<string, string> {
  return ALIASES.get(country) ?? readAliases(country);
}
function readAliases(country: CountryCode): ReadonlyMap<string, string> {
  const table = compileAliases(ALIAS_FILES[country]);
  ALIASES.set(country, table);
  return table;
}

/**
 * The slug stored and matched for a city: the canonical name's slug when the table knows the city, else its own;
 * a slug of an untidied value ("orotava-la", "eibar-eibar") first gets the tidying's slug rules, so the slugs
 * records had before the tidying keep finding them.
 */
export function canonicalCitySlug(country: CountryCode, slug: string): string {
  const known = aliasesOf(country).get(slug);
  if (known !== undefined) return known;
  const tidied = tidyCitySlug(slug, country);
  return aliasesOf(country).get(tidied) ?? tidied;
}

/** Whether the country's alias table knows the name (as any of a city's names). */
export function isKnownCity(country: CountryCode, name: string): boolean {
  const slug = citySlug(name);
  return slug !== null && aliasesOf(country).has(slug);
}

/** Case, accents, punctuation and spacing ignored: "S/N", "s/n" and "s.n." are one value. */
function foldWords(text: string): string {
  return foldText(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

interface NonCityTable {
  placeholders: readonly string[];
  postalCodes: Record<CountryCode, string>;
  placeNamesToo: readonly string[];
  patterns: readonly { pattern: string; reason: string }[];
}

interface NonCityRules {
  placeholders: ReadonlySet<string>;
  postalCodes: Record<CountryCode, RegExp>;
  /** The languages' street words (data/labels/words/), but those that also begin real place names. */
  streetWords: ReadonlySet<string>;
  placeNamesToo: ReadonlySet<string>;
  patterns: readonly { pattern: RegExp; reason: string }[];
}

/**
 * The non-city table (data/cities/non-city.json) and the languages' street words as the rules read them: words
 * folded, a country's postal code anchored as written (British ones in either case), patterns case-insensitive.
 */
export function nonCityRulesOf(table: NonCityTable, words: Pick<LanguageWords, 'streetWords' | 'streetAbbreviations'>): NonCityRules {
  const placeNamesToo = new Set(table.placeNamesToo.map(foldWords));
  return {
    // A value that folds to nothing ("-", "...") is a placeholder, whatever the list holds.
    placeholders: new Set(['', ...table.placeholders.map(foldWords)]),
    postalCodes: {
      es: new RegExp(table.postalCodes.es),
      fr: new RegExp(table.postalCodes.fr),
      gb: new RegExp(table.postalCodes.gb, 'i'),
      pt: new RegExp(table.postalCodes.pt),
    },
    streetWords: new Set([...words.streetWords, ...words.streetAbbreviations].map(foldWords).filter((word) => !placeNamesToo.has(word))),
    placeNamesToo,
    patterns: table.patterns.map(({ pattern, reason }) => ({ pattern: new RegExp(pattern, 'iu'), reason })),
  };
}

/** Built on the first value read, never when the module loads. */
let RULES: NonCityRules | undefined;
function rules(): NonCityRules {
  return (RULES ??= nonCityRulesOf(nonCity, WORDS));
}

/**
 * Why a published city value is not a city, or null when it may be one: a web address, a placeholder ("s/n",
 * "sin número", "n/a"), the country's postal code, a street fragment (a street word first, then a number or
 * more words: "Calle Mayor 5", "Ctra. N-340 km 12"), or one of the file's patterns (a kilometre point, an
 * address ending "s/n", a road code, a plus code, a bare number).
 */
export const nonCityReason = memoPerCountry(findNonCityReason);

function findNonCityReason(city: string, country: CountryCode): string | null {
  // "www." first, or a scheme's "://" anywhere (which covers http:// and https://).
  if (/^www\.|:\/\//i.test(city)) return 'the city is a web address';
  const { placeholders, postalCodes, streetWords, patterns } = rules();
  const folded = foldWords(city);
  if (placeholders.has(folded)) return 'the city is a placeholder, not a place';
  const trimmed = city.trim();
  if (postalCodes[country].test(trimmed)) return 'the city is a postal code';
  const words = folded.split(' ');
  if (streetWords.has(words[0]!) && (words.length > 1 || /\d/.test(folded))) return 'the city is a street fragment';
  return patterns.find(({ pattern }) => pattern.test(trimmed))?.reason ?? null;
}

/**
 * Whether a value that may pass as a city still reads as address text when coordinates can name the locality instead:
 * it holds a digit ("Meirengos 51", "Dirección :30180 Bullas") or opens with a street word, even one that also begins
 * place names ("Cami del Grau").
 */
export function isAddressText(city: string): boolean {
  if (/\d/.test(city)) return true;
  const first = foldWords(city).split(' ')[0]!;
  const { streetWords, placeNamesToo } = rules();
  return streetWords.has(first) || placeNamesToo.has(first);
}
