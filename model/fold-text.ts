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
  // A capital sigma lower-cases by its place in the word (σ, or ς at its end): only the whole text's passes know it.
  if (text.includes('\u03A3')) return foldPasses(text);
  // Every other letter folds alike wherever it stands: ASCII runs lower-cased, each other character folded once.
  let out = '';
  let run = 0;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code < 0x80) continue;
    if (at > run) out += text.slice(run, at).toLowerCase();
    const next = text.charCodeAt(at + 1); // NaN at the end
    const pair = code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
    out += foldCharacter(pair ? text.slice(at, at + 2) : text[at]!);
    if (pair) at += 1;
    run = at + 1;
  }
  return run < text.length ? out + text.slice(run).toLowerCase() : out;
}

/** The Unicode passes over a whole text: what foldText gives, character by character or not. */
function foldPasses(text: string): string {
  return text
    .normalize('NFKD') // NFD plus compatibility forms: ligatures, full-width letters, ordinal indicators
    .toLowerCase()
    .replace(MARKS, '')
    .replace(NOT_DECOMPOSED, (letter) => PLAIN_SPELLING[letter] ?? letter);
}

/** Non-ASCII characters seen, folded; started over beyond this many (a text may use any of a million). */
const CHARACTER_CACHE_LIMIT = 10_000;
const characters = new Map<string, string>();

function foldCharacter(character: string): string {
  let folded = characters.get(character);
  if (folded === undefined) {
    if (characters.size >= CHARACTER_CACHE_LIMIT) characters.clear();
    folded = foldPasses(character);
    characters.set(character, folded);
  }
  return folded;
}
