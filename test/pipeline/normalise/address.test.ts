// pipeline/normalise/address.ts: its rules input → output, then the edges mutation testing found.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../model/countries.ts';
import { normaliseAddress } from '../../../pipeline/normalise/address.ts';
import type { Address, CountryCode } from '../../../model/place.ts';

const codes = (result: { issues: { code: string }[] }) => result.issues.map((found) => found.code);
const address = (country: CountryCode, given: Partial<Address>): Address => ({
  street: null,
  city: null,
  state: null,
  postalCode: null,
  country,
  ...given,
});

describe('normaliseAddress', () => {
  it.each<[CountryCode, string, { address: unknown; fullAddress: unknown }, Address, string | null]>([
    ['es', 'an address object, trimmed and collapsed',
      { address: { street: ' Gran Vía,\u00A010 ', city: 'Madrid ', state: 'Madrid', postalCode: '28013', countryCode: 'ES' }, fullAddress: undefined },
      address('es', { street: 'Gran Vía, 10', city: 'Madrid', state: 'Madrid', postalCode: '28013' }), 'madrid'],
    ['es', 'a city with a slash, as published',
      { address: { street: 'Carretera Angosto, 2-BIS', city: 'Valdegovía/Gaubea', state: 'Araba/Álava', countryCode: 'es' }, fullAddress: null },
      address('es', { street: 'Carretera Angosto, 2-BIS', city: 'Valdegovía/Gaubea', state: 'Araba/Álava' }), 'valdegovia-gaubea'],
    ['es', 'the object, not the one-line form, where both are given',
      { address: { street: 'Calle Real 1', city: 'Viñuela', state: 'Málaga', postalCode: '29713', countryCode: 'ES' }, fullAddress: 'Ctra A-356 P.km 30, 29712 Viñuela, Málaga, España' },
      address('es', { street: 'Calle Real 1', city: 'Viñuela', state: 'Málaga', postalCode: '29713' }), 'vinuela'],
    ['es', 'a postal code exported as a number, its leading zero restored',
      { address: { city: 'Pineda de Mar', postalCode: 8397 }, fullAddress: undefined },
      address('es', { city: 'Pineda de Mar', postalCode: '08397' }), 'pineda-de-mar'],
    ['es', 'the one-line form where the object is absent',
      { address: undefined, fullAddress: 'Passeig Marítim, 46, 08397 Pineda de Mar, Barcelona, España' },
      address('es', { street: 'Passeig Marítim, 46', city: 'Pineda de Mar', state: 'Barcelona', postalCode: '08397' }), 'pineda-de-mar'],
    ['gb', 'an address object',
      { address: { street: '214 Antrim Road', city: 'Belfast', state: 'Northern Ireland', postalCode: 'BT15 2AN', countryCode: 'GB' }, fullAddress: undefined },
      address('gb', { street: '214 Antrim Road', city: 'Belfast', state: 'Northern Ireland', postalCode: 'BT15 2AN' }), 'belfast'],
    ['gb', 'the one-line form',
      { address: null, fullAddress: '214 Antrim Road, Belfast BT15 2AN, United Kingdom' },
      address('gb', { street: '214 Antrim Road', city: 'Belfast', postalCode: 'BT15 2AN' }), 'belfast'],
    ['gb', 'the country code "UK"',
      { address: { city: 'London', countryCode: 'uk' }, fullAddress: undefined }, address('gb', { city: 'London' }), 'london'],
    ['fr', 'no address at all', { address: undefined, fullAddress: undefined }, address('fr', {}), null],
    ['fr', 'the one-line form',
      { address: undefined, fullAddress: "12 Rue de Rivoli, 75004 Paris, France" },
      address('fr', { street: '12 Rue de Rivoli', city: 'Paris', postalCode: '75004' }), 'paris'],
    ['fr', 'a country code without its case',
      { address: { city: "Villeneuve-d'Ascq", countryCode: 'Fr' }, fullAddress: undefined },
      address('fr', { city: "Villeneuve-d'Ascq" }), 'villeneuve-d-ascq'],
    ['pt', 'the one-line form',
      { address: undefined, fullAddress: 'R. do Sol 150, 4485-722 Vila Chã, Portugal' },
      address('pt', { street: 'R. do Sol 150', city: 'Vila Chã', postalCode: '4485-722' }), 'vila-cha'],
    ['pt', 'an address object without a country code',
      { address: { city: 'São João da Madeira', postalCode: '3700-001' }, fullAddress: undefined },
      address('pt', { city: 'São João da Madeira', postalCode: '3700-001' }), 'sao-joao-da-madeira'],
  ])('in %s reads %s', (code, _behaviour, raw, expectedAddress, expectedSlug) => {
    expect(normaliseAddress(raw, COUNTRIES[code])).toEqual({
      value: { address: expectedAddress, citySlug: expectedSlug, foreignCountry: null },
      issues: [],
    });
  });

  it.each<[CountryCode, string, { address: unknown; fullAddress: unknown }, string]>([
    ['es', 'a French country code', { address: { city: 'Hendaye', countryCode: 'FR' }, fullAddress: undefined }, 'fr'],
    ['es', 'a Portuguese one-line address', { address: undefined, fullAddress: 'R. do Sol 150, 4485-722 Vila Chã, Portugal' }, 'pt'],
    ['es', 'Andorra in the one-line form beside an object without a code',
      { address: { city: 'Andorra la Vella' }, fullAddress: 'Av. Meritxell 5, AD500 Andorra la Vella, Andorra' }, 'ad'],
    ['gb', 'Ireland', { address: undefined, fullAddress: '1 Main Street, Dundalk, Ireland' }, 'ie'],
    ['gb', 'Gibraltar', { address: { city: 'Gibraltar', countryCode: 'GI' }, fullAddress: undefined }, 'gi'],
    ['fr', 'Belgium', { address: undefined, fullAddress: 'Rue Neuve 1, 1000 Bruxelles, Belgique' }, 'be'],
    ['fr', 'Switzerland', { address: { city: 'Genève', countryCode: 'CH' }, fullAddress: undefined }, 'ch'],
    ['fr', 'a country code no name table lists', { address: { city: 'Québec', countryCode: 'CA' }, fullAddress: undefined }, 'ca'],
    ['fr', 'Monaco', { address: undefined, fullAddress: 'Place du Casino, 98000 Monaco, Monaco' }, 'mc'],
    ['pt', 'Spain by its Portuguese name', { address: undefined, fullAddress: 'Calle Real 5, 36700 Tui, Espanha' }, 'es'],
    ['pt', 'Spain by a three-letter code', { address: { city: 'Tui', countryCode: 'ESP' }, fullAddress: undefined }, 'es'],
  ])('in %s reports %s as a foreign country', (code, _behaviour, raw, foreign) => {
    const result = normaliseAddress(raw, COUNTRIES[code]);
    expect(result.value.foreignCountry).toBe(foreign);
    expect(result.value.address.country).toBe(code);
    expect(result.issues).toEqual([expect.objectContaining({ field: 'address', code: 'foreign-country' })]);
  });

  it("drops the place's own name from the street it is given with", () => {
    const raw = { address: undefined, fullAddress: '11380 Cadiz, Playa Valdevaqueros, Camping Jardin De Las Dunas, 11380 Tarifa, Cádiz, España' };
    const withName = normaliseAddress({ ...raw, name: 'Camping Jardín de las Dunas' }, COUNTRIES.es).value.address;
    expect(withName).toMatchObject({ street: 'Playa Valdevaqueros', city: 'Tarifa', postalCode: '11380' });
    expect(normaliseAddress(raw, COUNTRIES.es).value.address.street).toBe('Playa Valdevaqueros, Camping Jardin De Las Dunas');
  });

  it('prefers the object\'s own country code over the one-line form', () => {
    const raw = { address: { city: 'Tui', countryCode: 'ES' }, fullAddress: 'Calle Real 5, 36700 Tui, Portugal' };
    expect(normaliseAddress(raw, COUNTRIES.es).value.foreignCountry).toBeNull();
  });

  it.each<[CountryCode, string, { address: unknown; fullAddress: unknown }, string[], Address]>([
    ['es', 'a web address as the city', { address: { city: 'https://recorriendomundos.com/spain/cabrerizos/', state: 'Salamanca' }, fullAddress: undefined },
      ['invalid-city'], address('es', { state: 'Salamanca' })],
    ['gb', 'a member of the wrong type', { address: { street: ['214 Antrim Road'], city: 'Belfast' }, fullAddress: undefined },
      ['wrong-type'], address('gb', { city: 'Belfast' })],
    ['fr', 'an address given as text, read as the one-line form', { address: '12 Rue de Rivoli, 75004 Paris', fullAddress: undefined },
      ['wrong-type'], address('fr', { street: '12 Rue de Rivoli', city: 'Paris', postalCode: '75004' })],
    ['fr', 'a one-line form of the wrong type', { address: undefined, fullAddress: 42 }, ['wrong-type'], address('fr', {})],
    ['pt', 'a country no table knows', { address: { city: 'Braga', countryCode: 'Lusitania' }, fullAddress: undefined },
      ['unknown-country'], address('pt', { city: 'Braga' })],
    ['pt', 'a two-letter code of no country', { address: { city: 'Braga', countryCode: 'XX' }, fullAddress: undefined },
      ['unknown-country'], address('pt', { city: 'Braga' })],
    ['es', 'the unknown-region code', { address: { city: 'Tui', countryCode: 'zz' }, fullAddress: undefined },
      ['unknown-country'], address('es', { city: 'Tui' })],
  ])('in %s reports %s', (code, _behaviour, raw, expectedCodes, expectedAddress) => {
    const result = normaliseAddress(raw, COUNTRIES[code]);
    expect(codes(result)).toEqual(expectedCodes);
    expect(result.value.address).toEqual(expectedAddress);
    expect(result.value.foreignCountry).toBeNull();
  });

  it('names the member in the issue detail', () => {
    const result = normaliseAddress({ address: { postalCode: { code: 1 } }, fullAddress: undefined }, COUNTRIES.es);
    expect(result.issues[0]?.detail).toMatch(/^postalCode:/);
  });
});

// Address rule edges the main address tests leave open: issue details per member, numeric postal codes, country codes.
describe('edge cases', () => {
  const EMPTY = { street: null, city: null, state: null, postalCode: null };

  describe('normaliseAddress wrong types', () => {
    it('names the type of an address that is not an object', () => {
      expect(normaliseAddress({ address: 42, fullAddress: undefined }, COUNTRIES.es).issues).toEqual([
        { field: 'address', code: 'wrong-type', value: '42', detail: 'expected an object, got a number' },
      ]);
    });

    it('names the type of a one-line address that is not text', () => {
      expect(normaliseAddress({ address: undefined, fullAddress: 42 }, COUNTRIES.es).issues).toEqual([
        { field: 'address', code: 'wrong-type', value: '42', detail: 'fullAddress: expected text, got a number' },
      ]);
    });

    it('names the member of the address object that has the wrong type', () => {
      const address = { street: [], city: [], state: {}, postalCode: true, countryCode: {} };
      expect(normaliseAddress({ address, fullAddress: undefined }, COUNTRIES.es)).toEqual({
        value: { address: { ...EMPTY, country: 'es' }, citySlug: null, foreignCountry: null },
        issues: [
          { field: 'address', code: 'wrong-type', value: '[]', detail: 'street: expected text, got an array' },
          { field: 'address', code: 'wrong-type', value: '[]', detail: 'city: expected text, got an array' },
          { field: 'address', code: 'wrong-type', value: '{}', detail: 'state: expected text, got an object' },
          { field: 'address', code: 'wrong-type', value: 'true', detail: 'postalCode: expected text, got a boolean' },
          { field: 'address', code: 'wrong-type', value: '{}', detail: 'countryCode: expected text, got an object' },
        ],
      });
    });
  });

  describe('normaliseAddress numeric postal codes', () => {
    // A five-digit code exported as a number lost its leading zero; only es and fr have five-digit codes.
    const cases: [CountryCode, number, string][] = [
      ['es', 8380, '08380'],
      ['es', 1000, '01000'],
      ['es', 9999, '09999'],
      ['es', 999, '999'],
      ['es', 28013, '28013'],
      ['fr', 8380, '08380'],
      ['gb', 8380, '8380'],
      ['pt', 8380, '8380'],
    ];
    it.each(cases)('in %s reads the number %d as "%s"', (country, postalCode, expected) => {
      const result = normaliseAddress({ address: { postalCode }, fullAddress: undefined }, COUNTRIES[country]);
      expect(result.value.address.postalCode).toBe(expected);
      expect(result.issues).toEqual([]);
    });
  });

  describe('normaliseAddress country the address names', () => {
    const cases: [string, string | null, { code: string; detail: string } | null][] = [
      ['Narnia', null, { code: 'unknown-country', detail: 'the address names a country no table knows' }],
      ['France', 'fr', { code: 'foreign-country', detail: 'the address is in "fr", not Spain' }],
      ['QA', 'qa', { code: 'foreign-country', detail: 'the address is in "qa", not Spain' }], // Qatar: a real country code starting with Q
      ['QZ', null, { code: 'unknown-country', detail: 'the address names a country no table knows' }], // private-use code
      ['EU', null, { code: 'unknown-country', detail: 'the address names a country no table knows' }], // a union, not a country
      ['ES', null, null],
    ];
    it.each(cases)('reads "%s" as foreign country %j', (countryCode, foreignCountry, found) => {
      const result = normaliseAddress({ address: { countryCode }, fullAddress: undefined }, COUNTRIES.es);
      expect(result.value.foreignCountry).toBe(foreignCountry);
      // A foreign country is grouped by its code: the report counts an export's foreign addresses by country.
      const group = found?.code === 'foreign-country' ? { group: foreignCountry } : {};
      expect(result.issues).toEqual(found === null ? [] : [{ field: 'address', code: found.code, value: countryCode, detail: found.detail, ...group }]);
    });
  });
});

// The slug a city had as published stays an alias when the city is tidied; never when it was replaced, nor a province's.
describe('city slug aliases', () => {
  describe('citySlugAliases', () => {
    it.each<[CountryCode, Record<string, unknown>, string | null, string | null, string[] | undefined]>([
      // A province as city, the locality from fullAddress: the province's slug is no alias of the town (city=lleida
      // finds the places in Lleida, not the province's).
      ['es', { address: { city: 'Lérida' }, fullAddress: 'Ctra. N-260 km 198, 25720 Bellver de Cerdanya, Lérida, España' }, 'Bellver de Cerdanya', 'bellver-de-cerdanya', undefined],
      // A province's name replaced from fullAddress: its slug is no alias either.
      ['es', { address: { city: 'Barcelona' }, fullAddress: 'Carrer Major 1, 08320 El Masnou, Barcelona, España' }, 'El Masnou', 'el-masnou', undefined],
      // An abbreviation expanded: the abbreviated slug stays.
      ['pt', { address: { city: 'Pte. de Lima' } }, 'Ponte de Lima', 'ponte-de-lima', ['pte-de-lima']],
      // An inverted article: the filter already tidies "orotava-la", so no alias is needed.
      ['es', { address: { city: 'Orotava (La)' } }, 'La Orotava', 'la-orotava', undefined],
      // A value that was no city had no slug before: nothing to keep.
      ['es', { address: { city: 'Km. 1167' }, fullAddress: 'N-340 Km. 1167, 11380 Tarifa, Cádiz, España' }, 'Tarifa', 'tarifa', undefined],
      // Unchanged, or only another name of the same city: no alias.
      ['es', { address: { city: 'Madrid' } }, 'Madrid', 'madrid', undefined],
      ['es', { address: { city: 'La Coruña' } }, 'La Coruña', 'a-coruna', undefined],
      ['es', { address: null, fullAddress: null }, null, null, undefined],
    ])('%s %j → city %j, slug %j, aliases %j', (code, raw, city, slug, aliases) => {
      const { value } = normaliseAddress({ address: raw.address, fullAddress: raw.fullAddress }, COUNTRIES[code]);
      expect(value.address.city).toBe(city);
      expect(value.citySlug).toBe(slug);
      expect(value.citySlugAliases).toEqual(aliases);
    });
  });
});

describe('a province capital in fullAddress', () => {
  it('replaces a street fragment given as the city, though it shares its name with the province', () => {
    const raw = {
      address: { street: null, city: 'Carretera Cartuja de Miraflores Km 3.5', state: 'Burgos', postalCode: null, countryCode: 'ES' },
      fullAddress: 'Carretera Cartuja de Miraflores Km 3.5, 09193 Burgos, España',
    };
    const { value, issues } = normaliseAddress(raw, COUNTRIES.es);
    expect(value.address.city).toBe('Burgos');
    expect(value.citySlug).toBe('burgos');
    expect(issues.find((i) => i.code === 'city-from-full-address')).toMatchObject({ value: 'Burgos', group: 'not-a-city' });
  });

  it('does not replace a province name by the same province name', () => {
    const raw = {
      address: { street: null, city: 'Lérida', state: 'Lleida', postalCode: null, countryCode: 'ES' },
      fullAddress: 'Carretera C-13, km-156, 25597, Lérida, España',
    };
    expect(normaliseAddress(raw, COUNTRIES.es).value.address.city).toBe('Lérida');
  });
});

// Edges of the fullAddress beside the object (what it fills, when its locality replaces the city) and of the issues
// each step reports, which the cases above leave open.
describe('edge cases: fullAddress beside the object, and the city it may replace', () => {
  const read = (address: Record<string, unknown>, fullAddress?: string, code: CountryCode = 'es') =>
    normaliseAddress({ address, fullAddress }, COUNTRIES[code]);
  const STREET_FILLED = {
    field: 'address',
    code: 'street-from-full-address',
    value: 'Calle Mayor 1',
    detail: 'street: missing from the address object, read from fullAddress',
  };
  const postalFilled = (value: string) => ({
    field: 'address',
    code: 'postal-code-from-full-address',
    value,
    detail: 'postalCode: missing from the address object, read from fullAddress',
  });

  it('fills the street and postal code from a fullAddress that names no country', () => {
    const result = read({ city: 'Tarifa' }, 'Calle Mayor 1, 11380 Tarifa');
    expect(result.value.address).toEqual(address('es', { street: 'Calle Mayor 1', city: 'Tarifa', postalCode: '11380' }));
    expect(result.issues).toEqual([STREET_FILLED, postalFilled('11380')]);
  });

  it('fills nothing from a fullAddress in another country', () => {
    const result = read({ city: 'Tarifa' }, 'Calle Mayor 1, 75001 Paris, France');
    expect(result.value.address).toEqual(address('es', { city: 'Tarifa' }));
    expect(codes(result)).toEqual(['foreign-country']);
  });

  it('reports only what fullAddress has: no street, or no postal code', () => {
    expect(read({ city: 'Tarifa' }, '11380 Tarifa, España').issues).toEqual([postalFilled('11380')]);
    expect(read({ city: 'Tarifa' }, 'Calle Mayor 1, Tarifa, España').issues).toEqual([STREET_FILLED]);
  });

  it('keeps a usable city though fullAddress names another locality', () => {
    const result = read({ city: 'Tarifa', street: 'Calle Mayor 1', postalCode: '11380' }, 'Calle Mayor 1, 28901 Getafe, España');
    expect(result.value.address.city).toBe('Tarifa');
    expect(result.value.citySlug).toBe('tarifa');
    expect(result.issues).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['missing', { street: 'Calle Mayor 1', postalCode: '25720' }, 'city: missing; read from fullAddress', 'missing'],
    ['not a city', { street: 'Calle Mayor 1', postalCode: '25720', city: 's/n' },
      'city: "s/n" is the city is a placeholder, not a place; read from fullAddress', 'not-a-city'],
    ['a province', { street: 'Calle Mayor 1', postalCode: '25720', city: 'Lérida' },
      'city: "Lérida" is a province or region; read from fullAddress', 'region'],
  ])('takes the locality from fullAddress when the city is %s, and says why', (_why, object, detail, group) => {
    const result = read(object, 'Calle Mayor 1, 25720 Bellver de Cerdanya, España');
    expect(result.value.address.city).toBe('Bellver de Cerdanya');
    expect(result.value.citySlug).toBe('bellver-de-cerdanya');
    expect(result.issues).toEqual([{ field: 'address', code: 'city-from-full-address', value: 'Bellver de Cerdanya', detail, group }]);
  });

  it('never replaces a province by a locality that is itself a province name', () => {
    const result = read({ street: 'Calle Mayor 1', postalCode: '17001', city: 'Lérida' }, 'Calle Mayor 1, 17001 Girona, España');
    expect(result.value.address.city).toBe('Lérida');
    expect(result.value.citySlug).toBe('lleida');
    expect(result.issues).toEqual([]);
  });

  it('takes no locality from fullAddress that is not a city itself', () => {
    const result = read({ street: 'Calle Mayor 1', postalCode: '28001' }, 'Calle Mayor 1, 28001 s/n, España');
    expect(result.value.address.city).toBeNull();
    expect(result.issues).toEqual([]);
  });

  it('does not read a locality with the junk city\'s own slug as its replacement', () => {
    const result = read({ street: 'Calle Mayor 1', postalCode: '11380', city: 'www.tarifa' }, 'Calle Mayor 1, 11380 Www Tarifa, España');
    expect(result.value.address.city).toBeNull();
    expect(result.issues).toEqual([{ field: 'address', code: 'invalid-city', value: 'www.tarifa', detail: 'the city is a web address' }]);
  });

  it('expands an abbreviation to a city the alias table knows, and says so', () => {
    const result = read({ city: 'Sn. Sebastián' });
    expect(result.value.address.city).toBe('San Sebastián');
    expect(result.value.citySlug).toBe('donostia-san-sebastian');
    expect(result.value.citySlugAliases).toEqual(['sn-sebastian']);
    expect(result.issues).toEqual([
      { field: 'address', code: 'city-tidied', value: 'Sn. Sebastián', detail: '"Sn. Sebastián" → "San Sebastián"', group: 'abbreviation-expanded' },
    ]);
  });

  it('collapses a doubled state and says so', () => {
    const result = read({ city: 'Tarifa', state: 'Cádiz Cádiz' });
    expect(result.value.address.state).toBe('Cádiz');
    expect(result.issues).toEqual([
      { field: 'address', code: 'state-tidied', value: 'Cádiz Cádiz', detail: 'state: "Cádiz Cádiz" → "Cádiz"', group: 'doubled-collapsed' },
    ]);
  });

  it('keeps a city whose script the slug cannot spell, with no slug and no alias', () => {
    const result = read({ city: 'Αθήνα' });
    expect(result.value).toEqual({ address: address('es', { city: 'Αθήνα' }), citySlug: null, foreignCountry: null });
    expect(result.issues).toEqual([]);
  });
});

// With coordinates, the city is checked against the gazetteer (city-gazetteer.ts) and the state against the postal code.
describe('normaliseAddress with coordinates', () => {
  const near = (raw: { address?: unknown; fullAddress?: unknown }, latitude: number, longitude: number) =>
    normaliseAddress({ address: raw.address, fullAddress: raw.fullAddress }, COUNTRIES.es, { latitude, longitude });

  it('moves a province capital named by the postal line to the locality at the point, keeping no alias of it', () => {
    const { value, issues } = near({ address: { city: 'Ctra. N-II km 633' }, fullAddress: 'Ctra. N-II km 633, 08320 Barcelona, España' }, 41.4794, 2.3343);
    expect(value.address.city).toBe('El Masnou');
    expect(value.citySlug).toBe('el-masnou');
    expect(value.citySlugAliases).toEqual(['masnou']);
    expect(issues.map((found) => found.code)).toContain('city-from-gazetteer');
  });

  it('takes the nearest town of a municipality the postal code names (17256: Pals, not Regencós, the nearest)', () => {
    const { value, issues } = near({ fullAddress: 'Lloc Barri, 17256, Girona, España' }, 41.9566, 3.1595);
    expect(value.address.city).toBe('Pals');
    expect(issues.find((found) => found.code === 'city-from-gazetteer')?.detail).toContain('the nearest locality of a municipality its postal code names');
  });

  it("publishes the gazetteer's form and keeps the register's slug as an alias", () => {
    const { value, issues } = near({ address: { city: 'Puerto de la Cruz (El)', postalCode: '38400' } }, 28.4155, -16.542);
    expect(value.address.city).toBe('Puerto de la Cruz');
    expect(value.citySlug).toBe('puerto-de-la-cruz');
    expect(value.citySlugAliases).toEqual(['el-puerto-de-la-cruz']);
    expect(issues.map((found) => found.code)).toEqual(['city-tidied', 'city-official-name']);
  });

  it('repairs a state naming another province than the postal code and the town', () => {
    const { value, issues } = near({ address: { city: 'Mont-roig del Camp', state: 'Barcelona', postalCode: '43300' } }, 41.0868, 0.9593);
    expect(value.address.state).toBe('Tarragona');
    expect(issues).toEqual([expect.objectContaining({ code: 'state-from-postal-code', value: 'Barcelona' })]);
  });

  it('leaves the city to the old rules without coordinates', () => {
    const { value } = normaliseAddress({ address: { city: 'Barcelona', postalCode: '08320' }, fullAddress: undefined }, COUNTRIES.es);
    expect(value.address.city).toBe('Barcelona');
  });

  it('drops a postal code of the province capital on another town far from it (38000 for Santiago del Teide)', () => {
    const raw = { address: { city: 'Santiago del Teide', state: 'Santa Cruz de Tenerife', postalCode: '38000' } };
    const { value, issues } = near(raw, 28.2451864, -16.8386505);
    expect(value.address).toMatchObject({ city: 'Santiago del Teide', postalCode: null, state: 'Santa Cruz de Tenerife' });
    expect(issues).toEqual([
      {
        field: 'address',
        code: 'postal-code-contradicts-city',
        value: '38000',
        detail: 'postalCode: "38000" is a code of the province capital, more than 20 km from the place, and the city is another town, Santiago del Teide; dropped',
      },
    ]);
    expect(near({ address: { city: 'Santiago del Teide', postalCode: '38683' } }, 28.2451864, -16.8386505).value.address.postalCode).toBe('38683');
  });

  it("checks the address's other names against the gazetteer: fullAddress's town within reach wins over a far city", () => {
    const { value, issues } = near({ address: { city: 'Moralzarzal' }, fullAddress: 'Carrer Nou 5, 08320 El Masnou, España' }, 41.4794, 2.3343);
    expect(value.address.city).toBe('El Masnou');
    expect(issues).toContainEqual(expect.objectContaining({ code: 'city-from-gazetteer', group: 'address-named' }));
  });

  it('never keeps a province as the city at a point the gazetteer covers', () => {
    const { value, issues } = near({ address: { city: 'Vizcaya' } }, 43.4167, -2.95);
    expect(value.address.city).not.toBe('Vizcaya');
    expect(issues).toContainEqual(expect.objectContaining({ code: 'city-from-gazetteer', group: 'region' }));
  });

  it("repairs the state from the city's locality where there is no postal code (Valencia de Don Juan is in León)", () => {
    const { value } = near({ address: { city: 'Valencia de Don Juan', state: 'Valencia' } }, 42.2941, -5.5177);
    expect(value.address).toMatchObject({ city: 'Valencia de Don Juan', state: 'León' });
  });

  it("reads the listing's name where two towns are about as near", () => {
    const at = (name: string) => normaliseAddress({ address: undefined, fullAddress: undefined, name }, COUNTRIES.fr, { latitude: 48.83841913, longitude: 2.3810935 });
    expect(at('ibis Styles Paris Bercy').value).toMatchObject({ address: { city: 'Paris' }, citySlug: 'paris' });
    const undecided = at('Hôtel de Bercy');
    expect(undecided.value.address.city).toBeNull();
    expect(undecided.value.citySlug).toBeNull();
    expect(codes(undecided)).toEqual(['invalid-city']);
  });
});
