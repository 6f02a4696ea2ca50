// The `city` filter's key: a city name as lower-case ASCII words joined by single hyphens ("A Coruña" → "a-coruna").
// Every slug made here matches model/limits.ts's CITY_SLUG_PATTERN, the API's pattern for the `city` parameter.
import { foldText } from '../../model/fold-text.ts';
import { memoText } from './text-memo.ts';

export function citySlug(city: string | null): string | null {
  return city === null ? null : slugOf(city);
}

/**
 * The same slug for a text that seldom comes back (a place's name, a part of its street): made without the cities'
 * cache, which such values would only fill and empty again.
 */
export function textSlug(text: string | null): string | null {
  return text === null ? null : slugRule(text);
}

function slugRule(text: string): string | null {
  const slug = foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, ''); // one hyphen at most at either end: the line above made every run one
  return slug === '' ? null : slug;
}

// City names repeat across an export: each is folded once.
const slugOf = memoText(slugRule);
