// The words of search: folded text split at anything but letters and digits, the same for places, q and suggestions.
import { foldText } from '../../model/fold-text.ts';

const NOT_WORD = /[^\p{L}\p{N}]+/u;

/** "Hôtel Aguère, S.L." → ["hotel", "aguere", "s", "l"]: accent-, case- and punctuation-insensitive. */
export function searchWords(text: string): string[] {
  return foldText(text).split(NOT_WORD).filter((word) => word !== '');
}

/** The words of q as typed: the last one is a prefix still being typed unless q ends between words. */
export function typedWords(q: string): { words: string[]; lastIsPrefix: boolean } {
  const words = searchWords(q);
  const folded = foldText(q);
  const lastIsPrefix = words.length > 0 && !NOT_WORD.test(folded.at(-1) ?? ' ');
  return { words, lastIsPrefix };
}

/** A place's name as the name order sorts it: folded words joined by one space ("Élite  Hotel" → "elite hotel"). */
export function nameSortKey(name: unknown): string {
  return typeof name === 'string' ? searchWords(name).join(' ') : '';
}
