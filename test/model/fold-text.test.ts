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
});
