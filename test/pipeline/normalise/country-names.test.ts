// Which country a name means: case, accents, dots and spacing do not matter; anything else is no country.
import { describe, expect, it } from 'vitest';
import { countryCodeForName, countryNameIndex, longestCountryNameWords } from '../../../pipeline/normalise/country-names.ts';

describe('countryCodeForName', () => {
  it.each([
    ['España', 'es'],
    [' España ', 'es'], // spaces around
    ['Reino  Unido', 'gb'], // a run of spaces
    ['U.K.', 'gb'], // dots
    ['ROYAUME-UNI', 'gb'],
    ['Portugal', 'pt'],
    ['Spain', 'es'], // the country's own name
    ['Madrid', null],
  ])('%j → %j', (name, code) => {
    expect(countryCodeForName(name)).toBe(code);
  });

  it('knows how many words the longest name has', () => {
    expect(longestCountryNameWords()).toBeGreaterThanOrEqual(3);
    expect(longestCountryNameWords()).toBeLessThan(12);
  });
});

describe('countryNameIndex', () => {
  const index = countryNameIndex(
    [
      { code: 'es', name: 'Spain', names: ['españa', 'esp'] },
      { code: 'gb', name: 'United  Kingdom', names: ['u.k.'] },
    ],
    { ba: ['Bosnia and Herzegovina ', 'B.i.H.'], pt: ['Portugal'] },
  );

  it('keys every name of a country, its own name too, and each language\'s names, folded without dots or extra spaces', () => {
    expect([...index.codeByName]).toEqual([
      ['espana', 'es'],
      ['esp', 'es'],
      ['spain', 'es'],
      ['uk', 'gb'],
      ['united kingdom', 'gb'],
      ['bosnia and herzegovina', 'ba'],
      ['bih', 'ba'],
      ['portugal', 'pt'],
    ]);
  });

  it('counts the words of the longest name', () => {
    expect(index.longestWords).toBe(3);
    expect(countryNameIndex([{ code: 'es', name: 'Spain', names: [] }], {}).longestWords).toBe(1);
  });
});
