// How a category label is reduced for matching: case, accents, punctuation, spacing and plurals stop mattering.
import { foldText } from '../../model/fold-text.ts';

export const LABEL_LANGUAGES = ['es', 'en', 'fr', 'pt'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];


/**
 * Lower case, accents stripped ("Hôtel" → "hotel"), "&" read as "and" ("B&B" → "b and b"), every run of
 * punctuation or spacing turned into one space ("Apart-hotel" → "apart hotel"). NFKD also folds "1ª" into "1a"
 * and full-width or ligature characters into plain ones.
 */
export function labelKey(label: string): string {
  return foldText(label)
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// A plural rule is a word ending and what replaces it; the first rule that fits a word applies.
type PluralRule = readonly [ending: RegExp, replacement: string];

// Spanish: "-es" after a single final consonant a Spanish word can end in (hoteles, hostales, pensiones,
// paradores), otherwise a bare "-s" (casas, albergues, campings, muebles, calles).
// Basque labels live in the Spanish table too: their plural article -ak becomes the singular -a (landetxeak →
// landetxea, hotelak → hotela).
const SPANISH: readonly PluralRule[] = [
  [/([aeiou][lrndzjy])es$/, '$1'],
  [/ak$/, 'a'],
  [/([^s])s$/, '$1'],
];

// English: -ies → -y (properties), -es after sibilants (boxes, churches), else -s (houses, inns, stays).
const ENGLISH: readonly PluralRule[] = [
  [/([^aeiou])ies$/, '$1y'],
  [/(ss|sh|ch|x|z)es$/, '$1'],
  [/([^su])s$/, '$1'],
];

// French: -eaux/-eux lose the x (châteaux, lieux), -aux → -al (hôpitaux), otherwise -s (hôtels, gîtes).
const FRENCH: readonly PluralRule[] = [
  [/(eau|eu)x$/, '$1'],
  [/aux$/, 'al'],
  [/([^s])s$/, '$1'],
];

// Portuguese: -ões/-ães → -ão (pensões), -ais → -al (locais), -éis → -el (hotéis), -óis → -ol, -uis → -ul,
// -ns → -m (viagens), -es after r/z (lugares), otherwise -s (apartamentos, estrelas). Accents are already gone.
const PORTUGUESE: readonly PluralRule[] = [
  [/[oa]es$/, 'ao'],
  [/ais$/, 'al'],
  [/eis$/, 'el'],
  [/ois$/, 'ol'],
  [/uis$/, 'ul'],
  [/ns$/, 'm'],
  [/([aeiou][rz])es$/, '$1'],
  [/([^s])s$/, '$1'],
];

const PLURAL_RULES: Record<LabelLanguage, readonly PluralRule[]> = {
  es: SPANISH,
  en: ENGLISH,
  fr: FRENCH,
  pt: PORTUGUESE,
};

// Numbers are left alone ("4s"); short words are not, so "B&Bs" and "RVs" meet "B&B" and "RV". That also folds
// "des" into "de" or "gas" into "ga", harmless because labels and table entries are folded alike.
function singularWord(word: string, rules: readonly PluralRule[]): string {
  if (/\d/.test(word)) return word;
  for (const [ending, replacement] of rules) {
    if (ending.test(word)) return word.replace(ending, replacement);
  }
  return word;
}

/**
 * The key with each word made singular by one language's rules ("casas rurales" → "casa rural" in es).
 * Table entries go through the same function, so a rule only has to be consistent, not linguistically perfect.
 */
export function singularKey(key: string, language: LabelLanguage): string {
  const rules = PLURAL_RULES[language];
  return key
    .split(' ')
    .map((word) => singularWord(word, rules))
    .join(' ');
}

/** The distinct singular forms of a key under every language's rules, in LABEL_LANGUAGES order. */
export function singularKeys(key: string): string[] {
  return [...new Set(LABEL_LANGUAGES.map((language) => singularKey(key, language)))];
}

/** The key without spaces, so "guest house" and "guesthouse" meet ("casarural" too). */
export function compactKey(key: string): string {
  return key.replace(/ /g, '');
}
