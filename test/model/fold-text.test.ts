// The project's one text fold: lower case, accents off, special letters and ligatures spelled out; spacing and punctuation kept.
import { describe, expect, it } from 'vitest';
import { foldText } from '../../model/fold-text.ts';

describe('foldText', () => {
  it.each([
    ['Hôtel', 'hotel'],
    ['HOTEL', 'hotel'],
    ['Straße', 'strasse'],
    ['Œuvre', 'oeuvre'],
    ['ﬁne', 'fine'],
    ['1ª', '1a'],
    ['Łódź', 'lodz'],
    ['Þórsmörk', 'thorsmork'],
    ['São João', 'sao joao'],
  ])('%s folds to %s', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  it('leaves spacing and punctuation to the caller', () => {
    expect(foldText("Casa  d'Àvila - Nº 3")).toBe("casa  d'avila - no 3");
  });

  it('lower-cases a capital sigma by its place in the word, as the whole text reads', () => {
    expect(foldText('ΟΔΥΣΣΕΥΣ Σ')).toBe('οδυσσευς σ');
  });

  it('folds combining marks, astral letters and lone surrogates as the Unicode passes over the whole text do', () => {
    expect(foldText('Me\u0301rida \u{1D400}\u{1D401} x\uD800 \uDC00y İzmir')).toBe(wholeTextFold('Me\u0301rida \u{1D400}\u{1D401} x\uD800 \uDC00y İzmir'));
  });

  // Folding character by character must give what the passes over the whole text give, for any mix of characters.
  it('agrees with the whole-text passes on 20,000 random texts', () => {
    const pool = [...'aZ 09-\'.', ...'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿßæÆœŒłŁđĐðÐþÞıİħĦŧŦŋŊ', 'ª', 'º', 'ﬁ', 'Ａ', '\u0301', '\u0323', '\u0308', 'Σ', 'ς', 'İ', 'ǅ', 'ẞ', '½', '\u00AD', '\u{1D400}', '\u{10400}', 'ㄱ', '한', 'ﾊﾟ', '\uD800'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 20_000; round += 1) {
      const text = Array.from({ length: 1 + Math.floor(next() * 12) }, () => pool[Math.floor(next() * pool.length)]).join('');
      expect(foldText(text)).toBe(wholeTextFold(text));
    }
  });
});

/** The fold as the Unicode passes over a whole text define it. */
function wholeTextFold(text: string): string {
  const plain: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't', ŋ: 'n' };
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþıħŧŋ]/gu, (letter) => plain[letter] ?? letter);
}
