// Clean cities: values that are not cities become null with a reason; a city known under several names has one slug.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../model/countries.ts';
import { foldText } from '../../../model/fold-text.ts';
import type { CountryCode } from '../../../model/place.ts';
import { normaliseAddress } from '../../../pipeline/normalise/address.ts';
import { canonicalCitySlug, compileAliases, isAddressText, isKnownCity, nonCityReason, nonCityRulesOf } from '../../../pipeline/normalise/city-names.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import { makeListing } from '../snapshot/support/make-listing.ts';
import { publishListings, tempDataDir } from '../snapshot/support/snapshot-test-kit.ts';

describe('nonCityReason', () => {
  const notCities: [CountryCode, string, RegExp][] = [
    ['es', 's/n', /placeholder/],
    ['es', 'S/N', /placeholder/],
    ['es', 's.n.', /placeholder/],
    ['es', 'Sin número', /placeholder/],
    ['es', 'sin numero', /placeholder/],
    ['pt', 'N/A', /placeholder/],
    ['es', '-', /placeholder/],
    ['es', '28013', /postal code/],
    ['fr', '75001', /postal code/],
    ['pt', '4050-509', /postal code/],
    ['gb', 'BT1 3LP', /postal code/],
    ['gb', 'bt9', /postal code/],
    ['es', '1234', /a number/],
    ['es', '5', /a number/],
    ['es', '17A', /a number/],
    ['es', '260 KM. 484 Víu', /street fragment/],
    ['es', 'Crta de Pedro Muñoz s/n', /street fragment/],
    ['es', 'Pantano de los bermejales s/n', /street fragment/],
    ['es', 'SE-7101', /road number/],
    ['es', 'GI-682 de Tossa a Lloret pk. 18.9', /street fragment|road number/],
    ['es', '747V+P3', /plus code/],
    ['es', 'Calle Mayor, 5', /street fragment/],
    ['es', 'C/ Real 12', /street fragment/],
    ['es', 'Ctra. N-340 km 12', /street fragment/],
    ['es', 'Avda. de la Playa', /street fragment/],
    ['fr', 'Rue de la Paix', /street fragment/],
    ['pt', 'Rua Augusta 20', /street fragment/],
    ['gb', 'Road 7', /street fragment/],
    ['es', 'www.hotel.es', /web address/],
  ];
  it.each(notCities)('%s %j is not a city', (country, value, reason) => {
    expect(nonCityReason(value, country)).toMatch(reason);
  });

  const cities: [CountryCode, string][] = [
    ['es', 'Madrid'],
    ['es', 'A Coruña'],
    ['es', "L'Hospitalet de Llobregat"],
    ['es', 'Ronda'],
    ['es', 'Alameda de la Sagra'],
    ['es', 'Calella'],
    ['es', 'Sant Carles de la Ràpita'],
    ['gb', 'St Andrews'],
    ['gb', 'Lane End'],
    ['gb', 'Largo'],
    ['fr', 'Saint-Malo'],
    ['pt', 'Ruivães'],
    ['pt', 'Vila Nova de Gaia'],
    ['es', 'Valdegovía/Gaubea'],
    ['es', 'Donostia / San Sebastián'],
    ['es', 'Meirengos'],
    ['es', 'Snow'],
  ];
  it.each(cities)('%s %j is a city', (country, value) => {
    expect(nonCityReason(value, country)).toBeNull();
  });
});

describe('canonicalCitySlug', () => {
  const cases: [CountryCode, string, string][] = [
    ['es', 'la-coruna', 'a-coruna'],
    ['es', 'a-coruna', 'a-coruna'],
    ['es', 'coruna', 'a-coruna'],
    ['es', 'san-sebastian', 'donostia-san-sebastian'],
    ['es', 'donostia', 'donostia-san-sebastian'],
    ['es', 'orense', 'ourense'],
    ['es', 'gerona', 'girona'],
    ['es', 'lerida', 'lleida'],
    ['es', 'madrid', 'madrid'],
    ['pt', 'lisbon', 'lisboa'],
    ['pt', 'oporto', 'porto'],
    ['gb', 'derry', 'londonderry'],
    ['fr', 'dunkirk', 'dunkerque'],
    ['fr', 'lisbon', 'lisbon'],
  ];
  it.each(cases)('%s %s → %s', (country, slug, canonical) => {
    expect(canonicalCitySlug(country, slug)).toBe(canonical);
  });

  it('rejects an alias table where one name names two cities', () => {
    const file = { country: 'es', cities: [{ name: 'Santa Cruz de Tenerife', aliases: ['Santa Cruz'] }, { name: 'Santa Cruz de la Palma', aliases: ['Santa Cruz'] }] };
    expect(() => compileAliases(file)).toThrow(/^data\/cities\/es\.json: "Santa Cruz" \(slug santa-cruz\) already names the city santa-cruz-de-tenerife/);
  });
});

describe('normaliseAddress with clean cities', () => {
  const address = (city: unknown, country: CountryCode = 'es') =>
    normaliseAddress({ address: { street: 'Calle Real 1', city, postalCode: '15001' }, fullAddress: undefined }, COUNTRIES[country]);

  it('makes a non-city null with a reported reason, never a slug like s-n', () => {
    const result = address('s/n');
    expect(result.value.address.city).toBeNull();
    expect(result.value.citySlug).toBeNull();
    expect(result.issues).toEqual([{ field: 'address', code: 'invalid-city', value: 's/n', detail: 'the city is a placeholder, not a place' }]);
  });

  it('keeps address.city as published and stores the canonical slug of an alias', () => {
    const result = address('La Coruña');
    expect(result.value.address.city).toBe('La Coruña');
    expect(result.value.citySlug).toBe('a-coruna');
    expect(result.issues).toEqual([]);
  });
});

describe('the city filter finds a place by the slug of any of its names', () => {
  it('serves "a-coruna" places for la-coruna, coruna and a-coruna', () => {
    const dataDir = tempDataDir();
    publishListings(dataDir, [
      makeListing({ providerId: 'a', citySlug: 'a-coruna', place: { address: { street: null, city: 'La Coruña', state: null, postalCode: null, country: 'es' } } }),
      makeListing({ providerId: 'b', citySlug: 'a-coruna', place: { address: { street: null, city: 'A Coruña', state: null, postalCode: null, country: 'es' } } }),
      makeListing({ providerId: 'c', citySlug: 'madrid' }),
    ]);
    const reader = openSnapshotReader(dataDir);
    try {
      for (const slug of ['la-coruna', 'coruna', 'a-coruna']) {
        const page = reader.searchRows({ country: 'es', limit: 10, citySlug: slug });
        expect(page.rows.length, slug).toBe(2);
      }
      expect(reader.searchRows({ country: 'es', limit: 10, citySlug: 'madrid' }).rows.length).toBe(1);
    } finally {
      reader.close();
    }
  });
});

describe('foldText is the one fold', () => {
  it.each([
    ['Hôtel', 'hotel'],
    ['A CORUÑA', 'a coruna'],
    ['Straße', 'strasse'],
    ['Œuvre', 'oeuvre'],
    ['ﬁ', 'fi'],
    ['1ª', '1a'],
    ['Þórsmörk', 'thorsmork'],
    ['plain ascii', 'plain ascii'],
  ])('%j → %j', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });
});

// City-value edges the main tests leave open: the alias tables' checks and messages, and each clause of nonCityReason.
describe('edge cases', () => {
  describe('compileAliases', () => {
    it('maps every name and alias to the canonical slug, a name repeated for the same city included', () => {
      const table = compileAliases({ country: 'es', cities: [{ name: 'A Coruña', aliases: ['La Coruña', 'a coruña'] }] });
      expect([...table]).toEqual([
        ['a-coruna', 'a-coruna'],
        ['la-coruna', 'a-coruna'],
      ]);
    });

    it.each([
      ['es', [{ name: '¿?', aliases: [] }], 'data/cities/es.json: "¿?" has no letters or digits'],
      ['fr', [{ name: 'Madrid', aliases: ['--'] }], 'data/cities/fr.json: "--" has no letters or digits'],
      [
        'es',
        [
          { name: 'Madrid', aliases: [] },
          { name: 'Getafe', aliases: ['Madrid'] },
        ],
        'data/cities/es.json: "Madrid" (slug madrid) already names the city madrid',
      ],
    ])('refuses a %s table %j: %s, naming its file', (country, cities, message) => {
      expect(() => compileAliases({ country, cities })).toThrow(message);
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
});

describe('isKnownCity and slugs before the tidying', () => {
  it.each<[CountryCode, string, boolean]>([
    ['es', 'Donostia', true],
    ['es', 'San Sebastián', true],
    ['es', 'DONOSTIA', true],
    ['pt', 'Lisboa', true],
    ['gb', 'Derry', true],
    ['pt', 'Donostia', false],
    ['es', 'Nowhere', false],
    ['es', '---', false],
    ['es', '', false],
  ])('isKnownCity(%s, %j) → %s', (country, name, known) => {
    expect(isKnownCity(country, name)).toBe(known);
  });

  it.each([['Villa www.sol'], ['Sol www.x']])('%j is no web address: "www." only counts at the start', (city) => {
    expect(nonCityReason(city, 'es')).toBeNull();
  });

  it.each<[CountryCode, string, string]>([
    ['es', 'donostia-donostia', 'donostia-san-sebastian'],
    ['es', 'coruna-la', 'a-coruna'],
    ['es', 'orotava-la', 'la-orotava'],
    ['pt', 'donostia', 'donostia'],
  ])('canonicalCitySlug(%s, %s) → %s', (country, slug, canonical) => {
    expect(canonicalCitySlug(country, slug)).toBe(canonical);
  });
});

describe('isAddressText', () => {
  it.each<[string, boolean]>([
    ['Meirengos 51', true],
    ['Dirección :30180 Bullas', true],
    ['Cami del Grau', true],
    ['Calle Mayor', true],
    ['Moralzarzal', false],
    ['Sant Fruitós de Bages', false],
  ])('%s → %s', (city, expected) => {
    expect(isAddressText(city)).toBe(expected);
  });
});

describe('nonCityRulesOf', () => {
  const table = {
    placeholders: ['S/N', 'Sin Número', '-'],
    postalCodes: { es: '^\\d{5}$', fr: '^\\d{2} \\d{3}$', gb: '^[A-Z]{2}\\d$', pt: '^\\d{4}$' },
    placeNamesToo: ['Ronda', 'Cami'],
    patterns: [
      { pattern: '^km\\d$', reason: 'a kilometre' },
      { pattern: '^\\p{L}$', reason: 'one letter' },
      { pattern: '^\\d$', reason: 'one digit' },
    ],
  };
  const rules = nonCityRulesOf(table, { streetWords: ['Calle', 'ronda', 'Camí'], streetAbbreviations: ['Avda.'] });

  it('folds placeholders, place names and street words as values are folded', () => {
    expect([...rules.placeholders]).toEqual(['', 's n', 'sin numero']);
    expect([...rules.placeNamesToo]).toEqual(['ronda', 'cami']);
  });

  it('takes a value that folds to nothing for a placeholder, even when the list has no such entry', () => {
    const listed = nonCityRulesOf({ ...table, placeholders: ['n/a'] }, { streetWords: [], streetAbbreviations: [] });
    expect([...listed.placeholders]).toEqual(['', 'n a']);
  });

  it('reads street words and abbreviations, less those that also begin place names', () => {
    expect([...rules.streetWords]).toEqual(['calle', 'avda']);
  });

  it.each<[CountryCode, string, boolean]>([
    ['es', '28001', true],
    ['es', '28 001', false],
    ['fr', '75 001', true],
    ['fr', '75001', false],
    ['pt', '1234', true],
    ['pt', '28001', false],
    ['gb', 'AB1', true],
    ['gb', 'ab1', true], // British codes in either case
    ['gb', '28001', false],
  ])('takes the %s postal code from its own entry: %j → %s', (country, value, matches) => {
    expect(rules.postalCodes[country].test(value)).toBe(matches);
  });

  it('only the British postal code ignores case', () => {
    const upper = nonCityRulesOf({ ...table, postalCodes: { es: '^E$', fr: '^F$', gb: '^G$', pt: '^P$' } }, { streetWords: [], streetAbbreviations: [] });
    expect([upper.postalCodes.es.test('e'), upper.postalCodes.fr.test('f'), upper.postalCodes.pt.test('p'), upper.postalCodes.gb.test('g')]).toEqual([false, false, false, true]);
  });

  it('compiles the patterns in order, case-insensitive and with Unicode classes, each with its reason', () => {
    expect(rules.patterns.map(({ reason }) => reason)).toEqual(['a kilometre', 'one letter', 'one digit']);
    expect(rules.patterns[0]!.pattern.test('KM5')).toBe(true);
    expect(rules.patterns[1]!.pattern.test('ñ')).toBe(true);
  });
});
