// Folding text for q: case, accents, ligatures and whitespace never decide a match.
import { describe, expect, it } from 'vitest';
import { foldSearchText, searchTextLine, searchTextOf } from '../../../pipeline/snapshot/search-text.ts';
import { makeListing } from './support/make-listing.ts';

describe('foldSearchText', () => {
  it.each([
    ['A Coruña', 'a coruna'],
    ['ÉTOILE', 'etoile'],
    ['São João', 'sao joao'],
    ['Cœur', 'coeur'],
    ['Straße', 'strasse'],
    ['Ørsted', 'orsted'],
    ['ﬁnca', 'finca'],
    ['Hotel\t \n Sol', 'hotel sol'],
    ['100% "Rural"_*', '100% "rural"_*'],
    ['İstanbul', 'istanbul'],
    ['', ''],
  ])('%j → %j', (text, folded) => {
    expect(foldSearchText(text)).toBe(folded);
  });
});

describe('searchTextOf', () => {
  it('holds name, legal name, city and labels folded, one per line, without repeats or empty fields', () => {
    const { place } = makeListing({
      place: {
        name: 'Hostal  Niño',
        legalName: 'Hostal  Niño',
        address: { street: 'Calle Real', city: 'A Coruña', state: 'Galicia', postalCode: null, country: 'es' },
        lodgingTypes: ['Hostal', ' ', 'Pensión\nfamiliar'],
      },
    });
    expect(searchTextOf(place)).toBe('hostal nino\na coruna\nhostal\npension familiar');
  });

  it('folds a field the same way as foldSearchText folds q', () => {
    for (const name of ['Cœur  ¨de Lion', 'ﬁ\u00a0Finca', 'Ĳssel Hôtel']) {
      const address = { street: null, city: null, state: null, postalCode: null, country: 'es' };
      const { place } = makeListing({ place: { name, legalName: null, address, lodgingTypes: [] } });
      expect(searchTextOf(place)).toBe(foldSearchText(name));
    }
  });
});

describe('searchTextLine', () => {
  const text = 'hostal nino\na coruna\nhostal\n2 estrellas';
  it.each([
    [0, false, 'hostal nino'],
    [1, false, 'a coruna'],
    [3, false, '2 estrellas'],
    [4, false, null],
    [7, false, null],
    [1, true, 'a coruna\nhostal\n2 estrellas'],
    [3, true, '2 estrellas'],
    [4, true, null],
  ] as const)('line %i (rest %s) → %j', (index, rest, line) => {
    expect(searchTextLine(text, index, rest)).toBe(line);
  });

  it('reads a text of one line, and an empty one, as their first line', () => {
    expect(searchTextLine('casa sol', 0, false)).toBe('casa sol');
    expect(searchTextLine('casa sol', 0, true)).toBe('casa sol');
    expect(searchTextLine('casa sol', 1, false)).toBeNull();
    expect(searchTextLine('', 0, false)).toBe('');
  });
});
