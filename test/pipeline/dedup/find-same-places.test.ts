// findSamePlaces: which id is kept (served first, else smallest), operators' distinct pairs, blocking limits, and what each duplicate records.
import { describe, expect, it } from 'vitest';
import { candidatePairs, findSamePlaces, MAX_PHONE_SHARERS } from '../../../pipeline/dedup/find-same-places.ts';
import { distinctPairKey, formatDistinctPair, parseDistinctPlaces } from '../../../pipeline/dedup/distinct-places.ts';
import { hostOf, nameWords, type PlaceMatchKey } from '../../../pipeline/dedup/place-match-key.ts';
import { metresBetween, nameRelation, samePlace } from '../../../pipeline/dedup/same-place.ts';
import { matchKey } from './support/match-key.ts';

const key = matchKey;

describe('nameWords', () => {
  it.each([
    ['Càmping La Fageda', ['fageda'], []],
    ['HÔTEL LES VOLETS ROUGES - CASSIS', ['cassis', 'rouges', 'volets'], []],
    ['B&B Casa Azul', ['azul'], []],
    ['Camping Lete II', ['lete'], ['ii']],
    ['Apartamentos Sol 02', ['sol'], ['2']],
    ['Morro Catana Dos', ['catana', 'morro'], ['dos']],
    [null, [], []],
  ])('%s → %j, numbering %j', (name, words, numbering) => {
    expect(nameWords(name)).toEqual({ words, numbering });
  });
});

describe('hostOf', () => {
  it.each([
    ['https://www.organyapark.com/es/', 'organyapark.com'],
    ['http://Hotel.Example.', 'hotel.example'],
    [null, null],
    ['not a url', null],
  ])('%s → %s', (url, host) => expect(hostOf(url)).toBe(host));
});

describe('samePlace', () => {
  it('says which signals agreed and how far apart the points are', () => {
    const verdict = samePlace(key('a', 'Camping La Fageda', { phones: ['+34972271239'], host: 'fageda.example' }), key('b', 'Càmping La Fageda', { lat: 42.1572, phones: ['+34972271239'], host: 'fageda.example' }));
    expect(verdict).toEqual({ same: true, signals: ['name', 'distance', 'phone', 'website'], metres: 89 });
  });

  it('measures metres on the sphere', () => {
    expect(Math.round(metresBetween({ lat: 43.2137, lng: 5.5389 }, { lat: 43.2137, lng: 5.5389 }))).toBe(0);
    expect(Math.round(metresBetween({ lat: 0, lng: 0 }, { lat: 0.001, lng: 0 }))).toBe(111);
  });

  it.each([
    ['same name at 100 m', 100 / 111_195, [], true],
    ['same name at 101 m, no phone', 101 / 111_195, [], false],
    ['same name at 1000 m, one phone', 1000 / 111_195, ['+34972271239'], true],
    ['same name at 1001 m, one phone', 1001 / 111_195, ['+34972271239'], false],
  ])('%s', (_title, dLat, phones, same) => {
    const a = key('a', 'Hotel Miramar', { lat: 0, lng: 0, phones });
    const b = key('b', 'Hotel Miramar', { lat: dLat, lng: 0, phones });
    expect(samePlace(a, b).same).toBe(same);
  });

  it('a name inside the other needs a shared phone within 250 m', () => {
    const a = key('a', 'Orbitur Sagres', { lat: 0, lng: 0, phones: ['+351282624371'] });
    expect(samePlace(a, key('b', 'Caledonia Orbitur Sagres', { lat: 250 / 111_195, lng: 0, phones: ['+351282624371'] })).same).toBe(true);
    expect(samePlace(a, key('b', 'Caledonia Orbitur Sagres', { lat: 251 / 111_195, lng: 0, phones: ['+351282624371'] })).same).toBe(false);
    expect(samePlace(a, key('b', 'Caledonia Orbitur Sagres', { lat: 0, lng: 0 })).same).toBe(false);
  });

  it('without two points: the same known city and a contact', () => {
    const a = key('a', 'Nautico', { lat: null, lng: null, citySlug: 'santa-cruz', phones: ['+34922247066'] });
    expect(samePlace(a, key('b', 'Nautico', { citySlug: 'santa-cruz', phones: ['+34922247066'] })).signals).toEqual(['name', 'city', 'phone']);
    expect(samePlace(a, key('b', 'Nautico', { citySlug: 'la-laguna', phones: ['+34922247066'] })).same).toBe(false);
    expect(samePlace({ ...a, citySlug: null }, key('b', 'Nautico', { lat: null, lng: null, citySlug: null, phones: ['+34922247066'] })).same).toBe(false);
    expect(samePlace(a, key('b', 'Nautico', { citySlug: 'santa-cruz' })).same).toBe(false);
  });

  it('relates names: same, contained, or neither', () => {
    expect(nameRelation(key('a', 'LETE'), key('b', 'Agroturismo Lete'))).toBe('same');
    expect(nameRelation(key('a', 'Nautico'), key('b', 'Caledonia Hotel Náutico'))).toBe('contained');
    expect(nameRelation(key('a', 'Caledonia Hotel Náutico'), key('b', 'Nautico'))).toBe('contained');
    expect(nameRelation(key('a', 'LETE'), key('b', 'LETEA'))).toBeNull();
    expect(nameRelation(key('a', 'Hotel'), key('b', 'Hotel'))).toBeNull();
    expect(nameRelation(key('a', 'Lete I'), key('b', 'Lete'))).toBeNull();
  });
});

describe('findSamePlaces', () => {
  const three = [key('es-c', 'La Fageda'), key('es-a', 'La Fageda'), key('es-b', 'Camping La Fageda')];

  it('keeps the smallest id when none is served, and records each other id with its match', () => {
    expect(findSamePlaces(three)).toEqual([
      { id: 'es-b', keptId: 'es-a', matchedId: 'es-a', signals: ['name', 'distance'], metres: 0 },
      { id: 'es-c', keptId: 'es-a', matchedId: 'es-a', signals: ['name', 'distance'], metres: 0 },
    ]);
  });

  it('keeps an id already served, the smallest of them when several are', () => {
    expect(findSamePlaces(three, { isServed: (id) => id === 'es-c' }).map((d) => d.keptId)).toEqual(['es-c', 'es-c']);
    expect(findSamePlaces(three, { isServed: (id) => id !== 'es-a' }).map((d) => [d.id, d.keptId])).toEqual([
      ['es-a', 'es-b'],
      ['es-c', 'es-b'],
    ]);
  });

  it('never joins a distinct pair, not even through a third listing', () => {
    const distinct = parseDistinctPlaces('es-a es-c  # two houses\n').pairs;
    const found = findSamePlaces(three, { distinct });
    const placeOf = (id: string) => found.find((d) => d.id === id)?.keptId ?? id;
    expect(placeOf('es-a')).not.toBe(placeOf('es-c'));
    expect(found).toHaveLength(1);
  });

  it('finds nothing in an import of different places', () => {
    expect(findSamePlaces([key('a', 'Casa Juana'), key('b', 'Casa Pedro')])).toEqual([]);
  });

  it('proposes no pairs from a phone shared by more listings than a place has', () => {
    const phones = ['+34922000001'];
    const many = Array.from({ length: MAX_PHONE_SHARERS + 1 }, (_, i) => key(`k${i}`, `Casa ${String.fromCharCode(97 + i)}${i}`, { phones, lat: i, lng: 0 }));
    expect(candidatePairs(many)).toEqual([]);
    expect(candidatePairs(many.slice(0, 3))).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });

  it('pairs same names in neighbouring cells only', () => {
    const near = [key('a', 'Hotel Sol', { lat: 40.0199, lng: 0 }), key('b', 'Hotel Sol', { lat: 40.0201, lng: 0 }), key('c', 'Hotel Sol', { lat: 40.2, lng: 0 })];
    expect(candidatePairs(near)).toEqual([[0, 1]]);
  });
});

describe('the list of different places', () => {
  it('reads pairs in either order, with notes and comments', () => {
    const parsed = parseDistinctPlaces('# reviewed 2026-11\nes-b es-a  # two houses of one family\n\n  es-x   es-y\n');
    expect(parsed.errors).toEqual([]);
    expect([...parsed.pairs]).toEqual(['es-a es-b', 'es-x es-y']);
    expect(parsed.pairs.has(distinctPairKey('es-a', 'es-b'))).toBe(true);
  });

  it('reads a file saved with CRLF line ends, notes included', () => {
    const parsed = parseDistinctPlaces('es-b es-a  # two houses\r\n# reviewed\r\nes-c es-d\r\n');
    expect(parsed.errors).toEqual([]);
    expect([...parsed.pairs]).toEqual(['es-a es-b', 'es-c es-d']);
  });

  it('names each malformed line', () => {
    expect(parseDistinctPlaces('es-a\nes-a es-a\nes-a es-b es-c\n').errors).toEqual([
      { line: 1, message: 'expected two place ids, found 1' },
      { line: 2, message: 'the same id twice (es-a)' },
      { line: 3, message: 'expected two place ids, found 3' },
    ]);
  });

  it('writes a pair with its note on one line', () => {
    expect(formatDistinctPair('es-a', 'es-b', 'twin\nhouses')).toBe('es-a es-b  # twin houses');
    expect(formatDistinctPair('es-a', 'es-b', ' ')).toBe('es-a es-b');
    expect(formatDistinctPair('es-a', 'es-b', 'twin\r\nhouses')).toBe('es-a es-b  # twin houses');
  });
});

describe('candidatePairs: the blocks', () => {
  const at = (id: string, name: string, lat: number | null, lng: number | null, extra: Partial<PlaceMatchKey> = {}) => key(id, name, { lat, lng, ...extra });

  it('proposes no pair between names with no distinctive word, nor between different names', () => {
    expect(candidatePairs([key('a', 'Hotel'), key('b', 'Hotel')])).toEqual([]);
    expect(candidatePairs([key('a', 'Fageda'), key('b', 'Roure')])).toEqual([]);
    expect(candidatePairs([key('a', 'Pq R'), key('b', 'P Qr')])).toEqual([]);
    expect(candidatePairs([key('a', 'Sol 1 23'), key('b', 'Sol 12 3')])).toEqual([]);
  });

  it('proposes a pair met in two blocks once', () => {
    expect(candidatePairs([key('a', 'Fageda', { phones: ['+34972000001'] }), key('b', 'Fageda', { phones: ['+34972000001'] })])).toEqual([[0, 1]]);
  });

  it('pairs the listings of a phone shared by as many as a place may have', () => {
    const phones = ['+34922000001'];
    const sharers = Array.from({ length: MAX_PHONE_SHARERS }, (_, i) => key(`k${i}`, `Casa ${String.fromCharCode(97 + i)}${i}`, { phones, lat: i, lng: 0 }));
    expect(candidatePairs(sharers)).toHaveLength((MAX_PHONE_SHARERS * (MAX_PHONE_SHARERS - 1)) / 2);
  });

  it.each([
    [-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1],
  ])('pairs same names in the neighbouring cell %i, %i', (rows, columns) => {
    const first = at('a', 'Hotel Sol', 40.01 + rows * 0.02, 1.01 + columns * 0.02);
    expect(candidatePairs([first, at('b', 'Hotel Sol', 40.01, 1.01)])).toEqual([[0, 1]]);
  });

  it('does not pair same names two cells apart east–west', () => {
    expect(candidatePairs([at('a', 'Hotel Sol', 40.01, 0.01), at('b', 'Hotel Sol', 40.01, 0.51)])).toEqual([]);
  });

  it('pairs a listing without a point with the others of its city, and located ones only by cell', () => {
    const located = at('a', 'Fageda', 42.1, 2.5);
    const far = at('b', 'Fageda', 42.5, 2.9);
    expect(candidatePairs([located, at('c', 'Fageda', null, null)])).toEqual([[0, 1]]);
    expect(candidatePairs([located, at('c', 'Fageda', null, 2.5)])).toEqual([[0, 1]]);
    expect(candidatePairs([at('c', 'Fageda', null, null), located, far])).toEqual([[0, 1], [0, 2]]);
    expect(candidatePairs([located, far, at('c', 'Fageda', null, null)])).toEqual([[0, 2], [1, 2]]);
  });

  it('pairs no listings without a point and without a city', () => {
    expect(candidatePairs([at('a', 'Fageda', null, null, { citySlug: null }), at('b', 'Fageda', null, null, { citySlug: null })])).toEqual([]);
  });
});

describe('findSamePlaces: groups', () => {
  it('lists each duplicate once when a third listing joins a place already formed', () => {
    const keys = [key('x', 'Roure'), key('b', 'Fageda'), key('c', 'Fageda'), key('a', 'Fageda')];
    expect(findSamePlaces(keys).map((d) => [d.id, d.keptId])).toEqual([
      ['b', 'a'],
      ['c', 'a'],
    ]);
  });

  it('keeps apart a distinct pair when the place already holds one of them and another listing', () => {
    const keys = [key('es-a', 'Fageda'), key('es-b', 'Fageda'), key('es-c', 'Fageda')];
    const found = findSamePlaces(keys, { distinct: parseDistinctPlaces('es-b es-c\n').pairs });
    const placeOf = (id: string) => found.find((d) => d.id === id)?.keptId ?? id;
    expect(placeOf('es-b')).not.toBe(placeOf('es-c'));
  });

  it('lists the duplicates in id order whatever order the places were found in', () => {
    const keys = [key('z1', 'Roure'), key('z2', 'Roure'), key('m1', 'Fageda'), key('m2', 'Fageda'), key('a1', 'Pi'), key('a2', 'Pi'), key('a3', 'Pi')];
    expect(findSamePlaces(keys).map((d) => d.id)).toEqual(['a2', 'a3', 'm2', 'z2']);
  });
});
