// Folding text for q: case, accents, ligatures and whitespace never decide a match.
import { describe, expect, it } from 'vitest';
import { foldSearchText, searchTextOf } from '../../../pipeline/snapshot/search-text.ts';
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
