// Which country a name means ("España", "ROYAUME-UNI", "Andorre"): the countries' own names and each language's words.
import { COUNTRIES } from '../../model/countries.ts';
import { foldText } from '../../model/fold-text.ts';
import { COUNTRY_CODES } from '../../model/place.ts';
import { WORDS } from './language-words.ts';
import { memoText } from './text-memo.ts';

interface NameIndex {
  codeByName: ReadonlyMap<string, string>;
  /** The most words a country name has, so a reader knows how far to look. */
  longestWords: number;
}

/** "España" → "es", "ROYAUME-UNI" → "gb", "Andorre" → "ad"; null for anything else. */
export function countryCodeForName(name: string): string | null {
  return codeForName(name);
}

/** The most words a country name has, so a reader knows how far to look. */
export function longestCountryNameWords(): number {
  return nameIndex().longestWords;
}

// The last parts of one-line addresses repeat ("España", "Santa Cruz de Tenerife"): each is looked up once.
const codeForName = memoText((name) => nameIndex().codeByName.get(nameKey(name)) ?? null);

/** Built on the first name looked up, never when the module loads. */
let INDEX: NameIndex | undefined;
function nameIndex(): NameIndex {
  return (INDEX ??= countryNameIndex(COUNTRY_CODES.map((code) => COUNTRIES[code]), WORDS.countryNames));
}

/**
 * Each name's key → its country: a country's own name and the names it goes by, then the names each language gives a
 * country (data/labels/words/<lang>.json countryNames).
 */
export function countryNameIndex(
  countries: readonly { code: string; name: string; names: readonly string[] }[],
  languageNames: Readonly<Record<string, readonly string[]>>,
): NameIndex {
  const codeByName = new Map<string, string>();
  for (const { code, name, names } of countries) for (const known of [...names, name]) codeByName.set(nameKey(known), code);
  for (const [code, names] of Object.entries(languageNames)) for (const known of names) codeByName.set(nameKey(known), code);
  return { codeByName, longestWords: Math.max(...[...codeByName.keys()].map((key) => key.split(' ').length)) };
}

function nameKey(name: string): string {
  return foldText(name).replace(/[.]/g, '').replace(/\s+/g, ' ').trim();
}
