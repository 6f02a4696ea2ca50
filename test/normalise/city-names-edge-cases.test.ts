// City-value edges the main tests leave open: the alias tables' checks and messages, and each clause of nonCityReason.
import { describe, expect, it } from 'vitest';
import { compileAliases, nonCityReason } from '../../pipeline/normalise/city-names.ts';

describe('compileAliases', () => {
  it('maps every name and alias to the canonical slug, a name repeated for the same city included', () => {
    const table = compileAliases({ country: 'es', cities: [{ name: 'A Coruña', aliases: ['La Coruña', 'a coruña'] }] }, 'x.json');
    expect([...table]).toEqual([
      ['a-coruna', 'a-coruna'],
      ['la-coruna', 'a-coruna'],
    ]);
  });

  it.each([
    [[{ name: '¿?', aliases: [] }], 'x.json: "¿?" has no letters or digits'],
    [[{ name: 'Madrid', aliases: ['--'] }], 'x.json: "--" has no letters or digits'],
    [
      [
        { name: 'Madrid', aliases: [] },
        { name: 'Getafe', aliases: ['Madrid'] },
      ],
      'x.json: "Madrid" (slug madrid) already names the city madrid',
    ],
  ])('refuses %j: %s', (cities, message) => {
    expect(() => compileAliases({ country: 'es', cities }, 'x.json')).toThrow(message);
  });
});

describe('nonCityReason edges', () => {
  it.each<[string, string | null]>([
    ['www.hotel.es', 'the city is a web address'],
    ['HTTP://hotel.es', 'the city is a web address'],
    ['...', 'the city is a placeholder, not a place'], // nothing left once punctuation goes
    ['s./n', 'the city is a placeholder, not a place'], // a run of punctuation is one space
    [' 28001 ', 'the city is a postal code'],
    ['Calle', null], // a street word alone may be a town's name
    ['Calle 5', 'the city is a street fragment'],
  ])('%j → %j', (city, reason) => {
    expect(nonCityReason(city, 'es')).toBe(reason);
  });
});
