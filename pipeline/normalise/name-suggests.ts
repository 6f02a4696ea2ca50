// lodgingType/name-suggests: words of a listing's name (data/names/name-words.json) pointing to a more specific kind than its labels gave.
import chains from '../../data/names/chains.json' with { type: 'json' };
import nameWords from '../../data/names/name-words.json' with { type: 'json' };
import { LODGING_TYPES_BY_SPECIFICITY, type CountryCode, type LodgingType } from '../../model/place.ts';
import { foldText } from '../../model/fold-text.ts';
import { moreSpecific } from './head-word-rule.ts';
import { issue, type Issue } from './issues.ts';

const ASCII = /^[\x00-\x7f]*$/;

/** "Boutique B. & B." → " boutique b and b ": folded, '&' as "and", dotted initials joined, spaced words. */
export function nameWordsOf(name: string): string {
  const folded = foldText(name).replace(/&/g, ' and ');
  // Plain ASCII has no letters or digits beyond A-Z, a-z and 0-9: the same split without Unicode classes.
  const words = (ASCII.test(folded) ? folded.replace(/[^A-Za-z0-9]+/g, ' ') : folded.replace(/[^\p{L}\p{N}]+/gu, ' ')).trim();
  return ` ${words} `;
}

interface Phrase {
  phrase: string;
  key: LodgingType;
}

/** The phrases of the name-words table, checked: every kind known (its notes are no section). `table` is the committed file unless a test gives one. */
export function phrasesOf(table: Record<string, unknown> = nameWords): Phrase[] {
  return Object.values(table as Record<string, Record<string, string[]>>)
    .filter((section) => typeof section === 'object' && !Array.isArray(section))
    .flatMap((section) =>
      Object.entries(section).flatMap(([key, phrases]) => {
        if (!LODGING_TYPES_BY_SPECIFICITY.includes(key as LodgingType)) throw new Error(`data/names/name-words.json: unknown kind ${key}`);
        return phrases.map((phrase) => ({ phrase: nameWordsOf(phrase), key: key as LodgingType }));
      }),
    );
}

/** The phrases by their first word: a phrase can be in a name's words only where the name has that word. */
export function phrasesByFirstWord(phrases: readonly Phrase[]): Map<string, Phrase[]> {
  const index = new Map<string, Phrase[]>();
  for (const entry of phrases) {
    const first = entry.phrase.slice(1, entry.phrase.indexOf(' ', 1));
    index.set(first, [...(index.get(first) ?? []), entry]);
  }
  return index;
}

/** Built on first use, never when the module loads: a mistake in the table stops the first check. */
let phraseIndex: Map<string, Phrase[]> | undefined;
const committedPhrases = () => (phraseIndex ??= phrasesByFirstWord(phrasesOf()));

/** The most specific kind the name's words point to, or null when they point to none. */
export function kindSuggestedByName(name: string): LodgingType | null {
  return kindSuggestedByWords(nameWordsOf(name));
}

/** kindSuggestedByName over a name's words as nameWordsOf spells them. */
function kindSuggestedByWords(words: string): LodgingType | null {
  let best: LodgingType | null = null;
  // Each word of the name, then the phrases that begin with it (the most specific kind wins, whatever the order).
  for (let start = 1, end = words.indexOf(' ', 1); end !== -1; start = end + 1, end = words.indexOf(' ', start)) {
    for (const { phrase, key } of committedPhrases().get(words.slice(start, end)) ?? []) {
      if (words.includes(phrase) && (best === null || moreSpecific(key, best))) best = key;
    }
  }
  return best;
}

interface Chain {
  kind: LodgingType;
  countries: readonly string[];
  /** Folded, spaced forms (nameWordsOf), longest first so "b and b hotels" goes before "b and b hotel". */
  names: readonly string[];
  leading: readonly string[];
}

/** The chains table as written: a kind, where the chain runs, its names and its short forms. */
interface ChainsTable {
  chains: readonly { kind: string; countries: readonly string[]; names: readonly string[]; leading: readonly string[] }[];
}

const byLength = (a: string, b: string) => b.length - a.length;

/** The chains of the table, checked: every kind known. `table` is the committed file unless a test gives one. */
export function chainsOf(table: ChainsTable = chains): Chain[] {
  return table.chains.map((chain) => {
    if (!LODGING_TYPES_BY_SPECIFICITY.includes(chain.kind as LodgingType)) throw new Error(`data/names/chains.json: unknown kind ${chain.kind}`);
    return {
      kind: chain.kind as LodgingType,
      countries: chain.countries,
      names: chain.names.map(nameWordsOf).sort(byLength),
      leading: chain.leading.map(nameWordsOf).sort(byLength),
    };
  });
}

/** Built on first use, never when the module loads: a mistake in the table stops the first check. */
let chainList: readonly Chain[] | undefined;
const committedChains = () => (chainList ??= chainsOf());

/** The name's words without the words of a chain's name (data/names/chains.json), which are a brand, not a kind. */
export function withoutChainNames(name: string, lodgingType: LodgingType, country: CountryCode): string {
  let words = nameWordsOf(name);
  for (const chain of committedChains()) {
    if (!chain.countries.includes(country)) continue;
    for (const chainName of chain.names) if (words.includes(chainName)) words = words.split(chainName).join(' ');
    const leading = chain.leading.find((form) => words.startsWith(form));
    if (chain.kind === lodgingType && leading !== undefined) words = ` ${words.slice(leading.length)}`;
  }
  return words;
}

/**
 * nameWordsOf again over words it already gave: ASCII words fold to themselves, so only their spacing is redone (a chain
 * name taken out leaves runs of spaces); other text is folded again, as the rule always did.
 */
function respaced(words: string): string {
  return ASCII.test(words) ? ` ${words.replace(/[^A-Za-z0-9]+/g, ' ').trim()} ` : nameWordsOf(words);
}

/** The issue when the name points to a kind more specific than the labels' one; never changes lodgingType. */
export function checkNameAgainstType(name: string | null, lodgingType: LodgingType, country: CountryCode): Issue[] {
  if (name === null) return [];
  const suggested = kindSuggestedByWords(respaced(withoutChainNames(name, lodgingType, country)));
  if (suggested === null || !moreSpecific(suggested, lodgingType)) return [];
  return [{ ...issue('lodgingType', 'name-suggests', name, `the name suggests ${suggested}; the labels say ${lodgingType}`), group: suggested }];
}
