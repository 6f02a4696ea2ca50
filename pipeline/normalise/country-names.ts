// Which country a name means ("España", "ROYAUME-UNI", "Andorre"): the countries' own names and each language's words.
import { COUNTRIES } from '../../model/countries.ts';
import { foldText } from '../../model/fold-text.ts';
import { COUNTRY_CODES } from '../../model/place.ts';
import { WORDS } from './language-words.ts';
import { memoText } from './text-memo.ts';

const CODE_BY_NAME = buildNameIndex();
/** The most words a country name has, so a reader knows how far to look. */
export const LONGEST_NAME_WORDS = Math.max(...[...CODE_BY_NAME.keys()].map((name) => name.split(' ').length));

/** "España" → "es", "ROYAUME-UNI" → "gb", "Andorre" → "ad"; null for anything else. */
export function countryCodeForName(name: string): string | null {
  return codeForName(name);
}

// The last parts of one-line addresses repeat ("España", "Santa Cruz de Tenerife"): each is looked up once.
const codeForName = memoText((name) => CODE_BY_NAME.get(nameKey(name)) ?? null);

function buildNameIndex(): Map<string, string> {
  const index = new Map<string, string>();
  for (const code of COUNTRY_CODES) {
    for (const name of [...COUNTRIES[code].names, nameKey(COUNTRIES[code].name)]) index.set(nameKey(name), code);
  }
  // The names each language gives a country (data/labels/words/<lang>.json countryNames).
  for (const [code, names] of Object.entries(WORDS.countryNames)) for (const name of names) index.set(nameKey(name), code);
  return index;
}

function nameKey(name: string): string {
  return foldText(name).replace(/[.]/g, '').replace(/\s+/g, ' ').trim();
}

