// The words of each language the rules read (data/labels/words/<lang>.json), merged: listings mix languages.
import en from '../../data/labels/words/en.json' with { type: 'json' };
import es from '../../data/labels/words/es.json' with { type: 'json' };
import fr from '../../data/labels/words/fr.json' with { type: 'json' };
import other from '../../data/labels/words/other.json' with { type: 'json' };
import pt from '../../data/labels/words/pt.json' with { type: 'json' };

const LIST_FIELDS = [
  'yes',
  'no',
  'closed',
  'open',
  'hourUnits',
  'perDay',
  'rangeJoiners',
  'rangeOpeners',
  'rangeTo',
  'rangeToArticles',
  'phoneJoiners',
  'phoneExtensions',
  'reviewWords',
  'thousandWords',
  'streetWords',
  'streetAbbreviations',
] as const;
type ListField = (typeof LIST_FIELDS)[number];

export type LanguageWords = Record<ListField, readonly string[]> & {
  /** ISO code → names of that country in any of the languages. */
  countryNames: Readonly<Record<string, readonly string[]>>;
};

interface WordFile {
  language: string;
  [field: string]: unknown;
}

/** Checks each file has every list (a missing list would silently drop a language) and merges them. */
export function mergeWordFiles(files: readonly { source: string; raw: WordFile }[]): LanguageWords {
  const lists = Object.fromEntries(LIST_FIELDS.map((field) => [field, new Set<string>()])) as Record<ListField, Set<string>>;
  const countries: Record<string, Set<string>> = {};
  for (const { source, raw } of files) {
    for (const field of LIST_FIELDS) {
      const value = raw[field];
      if (!Array.isArray(value) || value.some((word) => typeof word !== 'string' || word.trim() === '')) {
        throw new Error(`${source}: ${field} must be a list of words`);
      }
      for (const word of value as string[]) lists[field].add(word.toLowerCase());
    }
    const names = raw.countryNames;
    if (typeof names !== 'object' || names === null || Array.isArray(names)) throw new Error(`${source}: countryNames must be an object`);
    for (const [code, list] of Object.entries(names as Record<string, unknown>)) {
      if (!Array.isArray(list)) throw new Error(`${source}: countryNames.${code} must be a list`);
      for (const name of list as string[]) (countries[code] ??= new Set()).add(name);
    }
  }
  const out = Object.fromEntries(LIST_FIELDS.map((field) => [field, [...lists[field]]])) as Record<ListField, string[]>;
  return { ...out, countryNames: Object.fromEntries(Object.entries(countries).map(([code, set]) => [code, [...set]])) };
}

export const WORDS: LanguageWords = mergeWordFiles([
  { source: 'data/labels/words/es.json', raw: es as WordFile },
  { source: 'data/labels/words/en.json', raw: en as WordFile },
  { source: 'data/labels/words/fr.json', raw: fr as WordFile },
  { source: 'data/labels/words/pt.json', raw: pt as WordFile },
  { source: 'data/labels/words/other.json', raw: other as WordFile },
]);

/** A regular-expression alternation of the words, longest first so "desde las" is tried before "desde". */
export function alternation(words: readonly string[]): string {
  if (words.length === 0) return '(?!)'; // matches nothing, where a language lacks a kind of word
  return [...words]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('|');
}
