// The `city` filter's key: a city name as lower-case ASCII words joined by single hyphens ("A Coruña" → "a-coruna").
// Every slug made here matches model/limits.ts's CITY_SLUG_PATTERN, the API's pattern for the `city` parameter.

/** Letters that carry no combining accent, so decomposition alone leaves them non-ASCII. */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  ø: 'o',
  Ø: 'o',
  œ: 'oe',
  Œ: 'oe',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŧ: 't',
  Ŧ: 't',
  ŋ: 'n',
  Ŋ: 'n',
};
const SPECIAL_LETTERS = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'gu');

export function citySlug(city: string | null): string | null {
  if (city === null) return null;
  const slug = city
    .normalize('NFKD') // NFD plus compatibility forms: ligatures, full-width letters
    .replace(/\p{M}/gu, '')
    .replace(SPECIAL_LETTERS, (letter) => LETTERS[letter] ?? '-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? null : slug;
}
