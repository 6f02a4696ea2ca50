// THE text fold of the project: lower case, accents off, ligatures and special letters spelled out in ASCII.
// Label matching, city slugs, search text and place-name comparisons all start from it, so they agree.

/** Letters Unicode decomposition leaves alone but readers expect to match their plain spelling (lower case). */
const PLAIN_SPELLING: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
};
const NOT_DECOMPOSED = new RegExp(`[${Object.keys(PLAIN_SPELLING).join('')}]`, 'gu');
const MARKS = /\p{M}+/gu;
const ASCII = /^[\x00-\x7f]*$/;

/**
 * "Hôtel", "HOTEL" and "hotel" fold alike; "Straße" → "strasse", "Œuvre" → "oeuvre", "ﬁ" → "fi", "1ª" → "1a".
 * Spacing and punctuation are left as they are: each caller decides what separates its words.
 */
export function foldText(text: string): string {
  // Most text is plain ASCII: skip the Unicode passes.
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD') // NFD plus compatibility forms: ligatures, full-width letters, ordinal indicators
    .toLowerCase()
    .replace(MARKS, '')
    .replace(NOT_DECOMPOSED, (letter) => PLAIN_SPELLING[letter] ?? letter);
}
