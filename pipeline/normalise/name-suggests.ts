// lodgingType/name-suggests: words of a listing's name (data/names/name-words.json) pointing to a more specific kind than its labels gave.
import nameWords from '../../data/names/name-words.json' with { type: 'json' };
import { LODGING_TYPES_BY_SPECIFICITY, type LodgingType } from '../../model/place.ts';
import { foldText } from '../../model/fold-text.ts';
import { moreSpecific } from './head-word-rule.ts';
import { issue, type Issue } from './issues.ts';

/** "Boutique B. & B." → " boutique b and b ": folded, '&' as "and", dotted initials joined, spaced words. */
export function nameWordsOf(name: string): string {
  const words = foldText(name)
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return ` ${words} `;
}

const PHRASES: readonly { phrase: string; key: LodgingType }[] = Object.values(nameWords as unknown as Record<string, Record<string, string[]>>)
  .filter((section) => typeof section === 'object' && !Array.isArray(section))
  .flatMap((section) =>
    Object.entries(section).flatMap(([key, phrases]) => {
      if (!LODGING_TYPES_BY_SPECIFICITY.includes(key as LodgingType)) throw new Error(`data/names/name-words.json: unknown kind ${key}`);
      return phrases.map((phrase) => ({ phrase: nameWordsOf(phrase), key: key as LodgingType }));
    }),
  );

/** The most specific kind the name's words point to, or null when they point to none. */
export function kindSuggestedByName(name: string): LodgingType | null {
  const words = nameWordsOf(name);
  let best: LodgingType | null = null;
  for (const { phrase, key } of PHRASES) {
    if (words.includes(phrase) && (best === null || moreSpecific(key, best))) best = key;
  }
  return best;
}

/** The issue when the name points to a kind more specific than the labels' one; never changes lodgingType. */
export function checkNameAgainstType(name: string | null, lodgingType: LodgingType): Issue[] {
  if (name === null) return [];
  const suggested = kindSuggestedByName(name);
  if (suggested === null || !moreSpecific(suggested, lodgingType)) return [];
  return [{ ...issue('lodgingType', 'name-suggests', name, `the name suggests ${suggested}; the labels say ${lodgingType}`), group: suggested }];
}
