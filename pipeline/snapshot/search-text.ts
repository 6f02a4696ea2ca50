// Folds text for the `q` filter: the builder stores folded text and the reader folds q the same way.
import { foldText } from '../../model/fold-text.ts';
import type { StoredPlace } from '../../model/place.ts';
import { singleSpaced, singleSpacedLines } from '../../model/single-space.ts';

/** Lower case, accents and ligatures removed, whitespace runs as one space: "A  Coruña" → "a coruna". */
export function foldSearchText(text: string): string {
  return singleSpaced(foldText(text));
}

/**
 * Names, city and labels, one per line, folded: a folded q never holds a newline, so a match never spans two
 * fields. Folded in one go, as the builder does this for every published listing.
 */
export function searchTextOf(place: StoredPlace): string {
  const fields = new Set<string>();
  const add = (field: string | null) => {
    const text = typeof field === 'string' ? field.trim() : '';
    if (text !== '') fields.add(singleSpaced(text));
  };
  add(place.name);
  add(place.legalName);
  add(place.address.city);
  for (const label of place.lodgingTypes) add(label);
  let joined = '';
  for (const field of fields) joined = joined === '' ? field : `${joined}\n${field}`;
  // Whitespace but the field separator: folding can turn a compatibility character into a space.
  return singleSpacedLines(foldText(joined));
}

/**
 * The search text's line at `index` (from 0), or with `rest` that line and every one after it; null when the text has
 * fewer lines: what each column of the trigram index holds (schema.sql), so no trigram spans two fields.
 */
export function searchTextLine(text: string, index: number, rest: boolean): string | null {
  let start = 0;
  for (let line = 0; line < index; line += 1) {
    const end = text.indexOf('\n', start);
    if (end < 0) return null;
    start = end + 1;
  }
  if (rest) return text.slice(start);
  const end = text.indexOf('\n', start);
  return end < 0 ? text.slice(start) : text.slice(start, end);
}
