// Folds text for the `q` filter: the builder stores folded text and the reader folds q the same way.
import type { StoredPlace } from '../../model/place.ts';

// Letters that Unicode decomposition leaves alone but a reader expects to match their plain spelling.
const PLAIN_SPELLING: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const NOT_DECOMPOSED = /[ßæœøłđðþı]/g;
const MARKS = /\p{M}+/gu;
const WHITESPACE = /\s+/g;
/** Whitespace but the field separator: folding can turn a compatibility character into a space. */
const SPACES = /[^\S\n]+/g;
const ASCII = /^[\x00-\x7f]*$/;

/** Lower case, accents and ligatures removed, whitespace runs as one space: "A  Coruña" → "a coruna". */
export function foldSearchText(text: string): string {
  return foldLetters(text).replace(WHITESPACE, ' ');
}

/**
 * Names, city and labels, one per line, folded: a folded q never holds a newline, so a match never spans two
 * fields. Folded in one go, as the builder does this for every published listing.
 */
export function searchTextOf(place: StoredPlace): string {
  const fields = new Set<string>();
  for (const field of [place.name, place.legalName, place.address.city, ...place.lodgingTypes]) {
    const text = typeof field === 'string' ? field.trim() : '';
    if (text !== '') fields.add(text.replace(WHITESPACE, ' '));
  }
  return foldLetters([...fields].join('\n')).replace(SPACES, ' ');
}

function foldLetters(text: string): string {
  // Most text is plain ASCII: skip the Unicode passes.
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(MARKS, '')
    .replace(NOT_DECOMPOSED, (letter) => PLAIN_SPELLING[letter] ?? letter);
}
