// placeMatchKey: what the matcher reads of a stored place (name words, point, every phone once, website host, city), and nameWords' edges.
import { describe, expect, it } from 'vitest';
import { hostOf, matchKeyColumns, nameWords, placeMatchKey } from '../../../pipeline/dedup/place-match-key.ts';
import type { StoredPlace } from '../../../model/place.ts';

const place = (extra: Partial<StoredPlace>): StoredPlace =>
  ({
    id: 'es-a',
    name: 'Camping La Fageda II',
    location: { latitude: 42.158, longitude: 2.5156 },
    phone: '+34972271239',
    additionalPhones: [],
    website: 'https://www.fageda.example/es/',
    ...extra,
  }) as StoredPlace;

describe('placeMatchKey', () => {
  it('reads the name words, the point, the phones, the host and the city', () => {
    const additionalPhones = [{ phone: '+34972000002' }, { phone: '+34972271239' }] as StoredPlace['additionalPhones'];
    expect(placeMatchKey(place({ additionalPhones }), 'olot')).toEqual({
      id: 'es-a',
      words: ['fageda'],
      numbering: ['ii'],
      lat: 42.158,
      lng: 2.5156,
      phones: ['+34972271239', '+34972000002'],
      host: 'fageda.example',
      citySlug: 'olot',
    });
  });

  it('reads a place without a point, a phone or a website as such', () => {
    expect(placeMatchKey(place({ location: null, phone: null, website: null }), null)).toMatchObject({
      lat: null,
      lng: null,
      phones: [],
      host: null,
      citySlug: null,
    });
  });
});

describe('nameWords', () => {
  it.each([
    ['Sol 0', ['sol'], ['0']],
    ['Sol 000', ['sol'], ['0']],
    ['Sol 007', ['sol'], ['7']],
    ['Sol & Mar', ['mar', 'sol'], []],
    ['Sol Sol', ['sol'], []],
    ['Pi II Pi II', ['pi'], ['ii']],
    ['', [], []],
    ['Sol A1 1A', ['1a', 'a1', 'sol'], []],
    ['Sol 100', ['sol'], ['100']],
    ['Sol II 2', ['sol'], ['2', 'ii']],
  ])('%j → %j, numbering %j', (name, words, numbering) => {
    expect(nameWords(name)).toEqual({ words, numbering });
  });
});

describe('hostOf', () => {
  it('reads no host from an address whose host is empty', () => {
    expect(hostOf('http:///x')).toBeNull();
    expect(hostOf('https://www./')).toBeNull();
  });
});

describe('matchKeyColumns', () => {
  it('holds the words and the numbering as texts one space apart, the rest as they are', () => {
    const key = { id: 'es-1', words: ['fageda', 'la'], numbering: ['2', 'ii'], lat: 41.5, lng: 2.1, phones: ['+34972000001'], host: 'fageda.es', citySlug: 'olot' };
    expect(matchKeyColumns(key)).toEqual(['fageda la', '2 ii', 41.5, 2.1, ['+34972000001'], 'fageda.es', 'olot']);
  });
  it('has null words for a name without distinctive words, and an empty numbering text', () => {
    const key = { id: 'es-2', words: [], numbering: [], lat: null, lng: null, phones: [], host: null, citySlug: null };
    expect(matchKeyColumns(key)).toEqual([null, '', null, null, [], null, null]);
  });
});
