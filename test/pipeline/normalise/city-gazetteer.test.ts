import { describe, expect, it } from 'vitest';
import { checkCity, postalCodeContradicts, type CityCheckInput } from '../../../pipeline/normalise/city-gazetteer.ts';
import { isAddressText } from '../../../pipeline/normalise/city-names.ts';
import { isRegionName } from '../../../pipeline/normalise/city-tidy.ts';
import { gazetteerOf } from '../../../pipeline/normalise/gazetteer-files.ts';
import { GazetteerIndex } from '../../../pipeline/normalise/gazetteer-index.ts';
import { leadingArticles, nameKeys, type GazetteerRow } from '../../../pipeline/normalise/gazetteer-rows.ts';
import { postalProvince } from '../../../pipeline/normalise/region-check.ts';
import type { CountryCode } from '../../../model/place.ts';

/** The committed gazetteer: the cases are the real ones the rule was written for. */
const input = (country: CountryCode, chosen: string | null, at: [number, number], postalCode: string | null = null): CityCheckInput => ({
  country,
  chosen,
  named: [],
  latitude: at[0],
  longitude: at[1],
  isRegion: (name) => isRegionName(name, country),
  isAddressText,
  postal: postalProvince(postalCode, country),
});
const check = (country: CountryCode, chosen: string | null, at: [number, number], named: (string | null)[] = [], postalCode: string | null = null, placeName: string | null = null) => {
  const input: CityCheckInput = {
    country,
    chosen,
    named,
    latitude: at[0],
    longitude: at[1],
    isRegion: (name) => isRegionName(name, country),
    isAddressText,
    postal: postalProvince(postalCode, country),
    placeName,
  };
  return checkCity(input, gazetteerOf(country));
};

const EL_MASNOU: [number, number] = [41.4812, 2.3201];
const NAVALAFUENTE: [number, number] = [40.8265, -3.6741];
const PUERTO_DE_LA_CRUZ: [number, number] = [28.4136, -16.5448];
const MORALZARZAL: [number, number] = [40.6795, -3.9688];
const BELLVER: [number, number] = [42.3697, 1.7784];

describe('checkCity: a name of the address within reach', () => {
  it('confirms a locality near the point, with no issue', () => {
    const result = check('es', 'El Masnou', EL_MASNOU);
    expect(result).toMatchObject({ city: 'El Masnou', outcome: 'confirmed', issues: [] });
    expect(result.locality?.admin2).toBe('B');
  });

  it("puts the locality's own name in the gazetteer's form (the article it does not have)", () => {
    const result = check('es', 'El Puerto de la Cruz', PUERTO_DE_LA_CRUZ);
    expect(result.city).toBe('Puerto de la Cruz');
    expect(result.issues.map((found) => found.code)).toEqual(['city-official-name']);
  });

  it("keeps the address's spelling where it differs only in accents or case", () => {
    expect(check('es', 'Cádiz', [36.529, -6.2925])).toMatchObject({ city: 'Cádiz', issues: [] });
    expect(check('es', 'el Masnou', EL_MASNOU)).toMatchObject({ city: 'El Masnou', outcome: 'confirmed' });
  });

  it("keeps another of the locality's names as the address writes it", () => {
    expect(check('pt', 'Lisboa', [38.7167, -9.1333])).toMatchObject({ city: 'Lisboa', outcome: 'confirmed', issues: [] });
    expect(check('es', 'Lérida', [41.6167, 0.6222])).toMatchObject({ city: 'Lérida', outcome: 'confirmed' });
  });

  it("takes the address's other name for the locality when the chosen one is not within reach", () => {
    const result = check('es', 'Lleida', BELLVER, ['Bellver de Cerdanya']);
    expect(result.city).toBe('Bellver de Cerdanya');
    expect(result.issues[0]).toMatchObject({ code: 'city-from-gazetteer', group: 'address-named' });
  });
});

describe('checkCity: the nearest locality when the address names none within reach', () => {
  it('moves a province capital named by the postal line to the town at the point (08320 Barcelona at El Masnou)', () => {
    const result = check('es', 'Barcelona', EL_MASNOU);
    expect(result).toMatchObject({ city: 'El Masnou', outcome: 'moved' });
    expect(result.issues[0]).toMatchObject({ code: 'city-from-gazetteer', group: 'far-capital' });
  });

  it('moves the capital of the country far from the point (Piscis: Madrid, 44 km away)', () => {
    expect(check('es', 'Madrid', NAVALAFUENTE).city).toBe('Navalafuente');
  });

  it('replaces a province name', () => {
    const result = check('es', 'Vizcaya', [43.4167, -2.95]);
    expect(result.outcome).toBe('moved');
    expect(result.issues[0]?.group).toBe('region');
  });

  it('fills a missing city', () => {
    const result = check('es', null, MORALZARZAL);
    expect(result).toMatchObject({ city: 'Moralzarzal', outcome: 'moved' });
    expect(result.issues[0]?.group).toBe('missing');
  });

  it('replaces address text (a street, a number)', () => {
    expect(check('es', 'Cami del Grau', EL_MASNOU)).toMatchObject({ city: 'El Masnou', outcome: 'moved' });
    expect(check('es', 'Meirengos 51', EL_MASNOU).issues[0]?.group).toBe('address-text');
  });

  it("takes the locality within reach whose name begins with the address's short form (Oropesa → Oropesa del Mar)", () => {
    const result = check('es', 'Oropesa', [40.0958, 0.1417], [], '12594');
    expect(result).toMatchObject({ city: 'Oropesa del Mar', outcome: 'moved' });
    expect(result.issues[0]).toMatchObject({ code: 'city-from-gazetteer', group: 'short-name' });
  });
});

describe('checkCity: province capitals and their postal codes', () => {
  const BARAJAS: [number, number] = [40.4700, -3.5800];
  it("keeps a capital named with its own city's postal code within its wider reach (Madrid's Barajas, 28042)", () => {
    expect(check('es', 'Madrid', BARAJAS, [], '28042')).toMatchObject({ city: 'Madrid', outcome: 'confirmed', issues: [] });
  });

  it("does not keep a capital named with another municipality's postal code of its province (28820 is Coslada)", () => {
    // The point lies between Coslada (5.4 km) and Paracuellos de Jarama (5.8 km): no town is clearly the place's.
    expect(check('es', 'Madrid', BARAJAS, [], '28820')).toMatchObject({ city: null, outcome: 'undecided' });
  });

  it('moves a capital beyond its wider reach, whatever the postal code (Piscis, 44 km)', () => {
    expect(check('es', 'Madrid', NAVALAFUENTE, [], '28001').city).toBe('Navalafuente');
  });
});

describe('checkCity: what it keeps', () => {
  it('keeps a far ordinary locality (it may be a hamlet of the same name the gazetteer lacks), flagged', () => {
    const sameProvince = check('es', 'Vigo', [42.1297, -6.7031], [], '49361');
    expect(sameProvince).toMatchObject({ city: 'Vigo', outcome: 'kept-far' });
    expect(sameProvince.issues.map((found) => found.code)).toEqual(['city-far-from-location']);
    expect(check('es', 'Moralzarzal', EL_MASNOU).outcome).toBe('kept-far');
    expect(check('pt', 'Santa Cruz', [39.13, -9.38]).outcome).toBe('kept-far');
  });

  it("puts a kept far city in the gazetteer's form of its own name", () => {
    const farAway: [number, number] = [28.4636, -16.2518]; // Santa Cruz de Tenerife, some 29 km from Puerto de la Cruz
    const result = check('es', 'El Puerto de la Cruz', farAway, [], '38400');
    expect(result).toMatchObject({ city: 'Puerto de la Cruz', outcome: 'kept-far' });
    expect(result.issues.map((found) => found.code)).toEqual(['city-far-from-location', 'city-official-name']);
    expect(check('es', 'Puerto de la Cruz', farAway, [], '38400').issues.map((found) => found.code)).toEqual(['city-far-from-location']);
    // Without a postal code, or with one of another province, nothing says the far locality is this one.
    expect(check('es', 'El Puerto de la Cruz', farAway).city).toBe('El Puerto de la Cruz');
    const arganda: [number, number] = [40.3008, -3.4372];
    expect(check('es', 'La Poveda', arganda, [], '28500')).toMatchObject({ city: 'La Poveda', outcome: 'kept-far' });
  });

  it('keeps a locality the address names but the gazetteer lacks', () => {
    expect(check('es', 'Can Pinos Altos', EL_MASNOU)).toMatchObject({ city: 'Can Pinos Altos', outcome: 'kept-unknown', issues: [] });
  });

  it('keeps an ordinary locality when nothing is within reach, but never a province or a far capital', () => {
    const atSea: [number, number] = [43.2, -9.9];
    expect(check('es', 'Meirengos 51', atSea)).toMatchObject({ city: 'Meirengos 51', outcome: 'nothing-near', issues: [] });
    const capital = check('es', 'Barcelona', atSea);
    expect(capital).toMatchObject({ city: null, outcome: 'nothing-near' });
    expect(capital.issues[0]?.code).toBe('invalid-city');
    expect(check('es', 'Vizcaya', atSea).city).toBeNull();
    expect(check('es', null, atSea)).toMatchObject({ city: null, issues: [] });
  });

  it('counts a district seat as a capital in Portugal, a municipality seat not', () => {
    const geres: [number, number] = [41.7589, -8.1876];
    expect(check('pt', 'Terras de Bouro', geres).city).not.toBeNull();
    expect(check('pt', 'Braga', [37.0, -8.94]).issues[0]?.group).toBe('far-capital');
  });
});

describe('checkCity: what each issue says', () => {
  it.each<[string, CountryCode, string | null, [number, number], (string | null)[], string | null, string, string]>([
    ['another name of the address', 'es', 'Lleida', BELLVER, ['Bellver de Cerdanya'], null, 'city: "Lleida" replaced by "Bellver de Cerdanya", which the address also names, 0.5 km from the place', 'Bellver de Cerdanya'],
    ['a short form', 'es', 'Oropesa', [40.0958, 0.1417], [], '12594', 'city: "Oropesa" → "Oropesa del Mar", the locality within reach whose name begins with "Oropesa", 0.5 km from the place', 'Oropesa del Mar'],
    ['a far locality, kept', 'es', 'Moralzarzal', EL_MASNOU, [], null, 'city: "Moralzarzal" is a locality the gazetteer knows only more than 10 km away; kept (a homonym it lacks, or a large municipality)', 'Moralzarzal'],
    ['a far capital', 'es', 'Barcelona', EL_MASNOU, [], null, 'city: "Barcelona" is a province capital more than 10 km away; the nearest locality, 0.2 km from the place', 'El Masnou'],
    ['a far capital with nothing near', 'es', 'Barcelona', [43.2, -9.9], [], null, '"Barcelona" is a province capital more than 10 km away, and no locality is within 10 km', 'Barcelona'],
    ['the official form', 'es', 'El Puerto de la Cruz', PUERTO_DE_LA_CRUZ, [], null, 'city: "El Puerto de la Cruz" → "Puerto de la Cruz", the gazetteer\'s form', 'El Puerto de la Cruz'],
    ['a province', 'es', 'Vizcaya', [43.4167, -2.95], [], null, 'city: "Vizcaya" is a province or region; the nearest locality, 1.1 km from the place', 'Elexalde'],
    ['address text', 'es', 'Meirengos 51', EL_MASNOU, [], null, 'city: "Meirengos 51" is address text, not a locality; the nearest locality, 0.2 km from the place', 'El Masnou'],
    ['no city', 'es', null, MORALZARZAL, [], null, 'city: missing; the nearest locality, 0.2 km from the place', 'Moralzarzal'],
  ])('%s', (_, country, chosen, at, named, postalCode, detail, value) => {
    const result = check(country, chosen, at, named, postalCode);
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({ field: 'address', value, detail });
  });

  it("names the gazetteer's locality it chose, or none", () => {
    expect(check('es', null, MORALZARZAL).locality?.name).toBe('Moralzarzal');
    expect(check('es', 'Oropesa', [40.0958, 0.1417], [], '12594').locality?.name).toBe('Oropesa del Mar');
    expect(check('es', 'Moralzarzal', EL_MASNOU).locality).toBeNull();
    expect(check('es', 'Can Pinos Altos', EL_MASNOU).locality).toBeNull();
  });

  it('reads each name once, and skips a missing one', () => {
    expect(check('es', 'El Masnou', EL_MASNOU, ['El Masnou', null])).toMatchObject({ city: 'El Masnou', outcome: 'confirmed', issues: [] });
    expect(check('es', null, EL_MASNOU, [null, 'El Masnou']).issues[0]).toMatchObject({
      group: 'address-named',
      detail: 'city: "missing" replaced by "El Masnou", which the address also names, 0.2 km from the place',
    });
  });

  it('says "missing" where the address gives a short form but no city', () => {
    expect(check('es', null, [40.0958, 0.1417], ['Oropesa'], '12594').issues[0]?.detail).toBe(
      'city: "missing" → "Oropesa del Mar", the locality within reach whose name begins with "Oropesa", 0.5 km from the place',
    );
  });
});

describe('checkCity: the capitals of each country', () => {
  const CASSIS: [number, number] = [43.2218, 5.5434];
  it.each<[CountryCode, string, [number, number], string]>([
    ['es', 'Albacete', EL_MASNOU, 'El Masnou'],
    ['fr', 'Paris', CASSIS, 'Cassis'],
    ['fr', 'Bordeaux', CASSIS, 'Cassis'],
    ['fr', 'Agen', CASSIS, 'Cassis'],
    ['gb', 'Aberdeen', [51.5, -0.12], 'London'],
    ['gb', 'London', [54.5973, -5.9301], 'Belfast'],
    ['gb', 'Belfast', [51.5, -0.12], 'London'],
    ['pt', 'Lisboa', [41.15, -8.61], 'Porto'],
  ])('%s: %s far from the point is a far capital (PPLA, PPLA2 or PPLC; pt: PPLA or PPLC), never kept', (country, chosen, at, nearest) => {
    const result = check(country, chosen, at);
    expect(result).toMatchObject({ city: nearest, outcome: 'moved' });
    expect(result.issues[0]?.group).toBe('far-capital');
  });

  it("does not keep a capital named with a capital code of another province (08042 is Barcelona's)", () => {
    // Barcelona's province has no locality near the point: its code says nothing of it, and no town is clearly the place's.
    expect(check('es', 'Madrid', [40.47, -3.58], [], '08042')).toMatchObject({ city: null, outcome: 'undecided' });
    expect(check('es', 'Madrid', [40.47, -3.58], [], '08042', 'Hotel Coslada')).toMatchObject({ city: 'Coslada', outcome: 'moved' });
  });
});

describe('checkCity: the nearest locality only when it is clearly the place\'s town', () => {
  const RELAIS_SAINT_MICHEL: [number, number] = [48.61758727, -1.51039615];
  const IBIS_GERLAND: [number, number] = [45.7261501, 4.8407659];
  const IBIS_BERCY: [number, number] = [48.83841913, 2.3810935];
  const BIANYA: [number, number] = [42.241373, 2.4237996];
  const PRAIA_DO_PEDROGAO: [number, number] = [39.9150249, -8.9501526];
  const PICHOSES: [number, number] = [41.674556, -8.1854163];
  const RIO_TUS: [number, number] = [38.3721444, -2.439894];
  const RIO_MAR: [number, number] = [38.886053, -0.039165];
  const PLATJA_LLARGA: [number, number] = [41.1305721, 1.3035721];

  it('gives no city when a locality of another municipality is about as near (Le Mont-Saint-Michel, which the gazetteer lacks)', () => {
    expect(check('fr', null, RELAIS_SAINT_MICHEL)).toEqual({
      city: null,
      locality: null,
      outcome: 'undecided',
      issues: [
        {
          field: 'address',
          code: 'invalid-city',
          detail: "city: missing; the nearest locality, Roz-sur-Couesnon (6.9 km), is not clearly the place's town: Pontorson, of another municipality, is 7.2 km from the place",
          group: 'unclear-nearest',
        },
      ],
    });
    expect(check('pt', null, PRAIA_DO_PEDROGAO)).toMatchObject({ city: null, outcome: 'undecided' });
    expect(check('fr', null, IBIS_GERLAND)).toMatchObject({ city: null, outcome: 'undecided' });
  });

  it('keeps the value it drops in the issue', () => {
    expect(check('es', 'Madrid', [40.47, -3.58], [], '28820').issues[0]).toMatchObject({ code: 'invalid-city', value: 'Madrid', group: 'unclear-nearest' });
  });

  it('asks a locality beyond 5 km to be at most half as far as any of another municipality (Pichoses, Vieira do Minho 5.8 km, Goães 10.4 km)', () => {
    expect(check('pt', null, PICHOSES).issues[0]?.detail).toBe(
      "city: missing; the nearest locality, Vieira do Minho (5.8 km), is not clearly the place's town: Goães, of another municipality, is 10.4 km from the place",
    );
    expect(check('es', null, BIANYA, [], '17813')).toMatchObject({ city: null, outcome: 'undecided' });
  });

  it("takes, among localities about as near, the one the listing's name names", () => {
    const bercy = check('fr', null, IBIS_BERCY, [], null, 'ibis Styles Paris Bercy');
    expect(bercy).toMatchObject({ city: 'Paris', outcome: 'moved' });
    expect(bercy.issues[0]).toMatchObject({ code: 'city-from-gazetteer', group: 'missing', value: 'Paris' });
    expect(bercy.issues[0]?.detail).toBe("city: missing; the locality the place's name names, among localities of several municipalities about as near, 2.9 km from the place");
    expect(check('fr', null, IBIS_BERCY, [], null, 'Hôtel de Bercy')).toMatchObject({ city: null, outcome: 'undecided' });
    // Whole words only: "Parisien" names no Paris.
    expect(check('fr', null, IBIS_BERCY, [], null, 'Le Parisien Bercy').city).toBeNull();
    // After the name, the street: Puigcerdà and Guils de Cerdanya are both 2.2 km from Camping Pirineus.
    const pirineus = checkCity({ ...input('es', null, [42.443134, 1.906463], '17528'), placeName: 'Camping Pirineus', street: 'Carr. de Guils de Cerdanya, Km. 2' }, gazetteerOf('es'));
    expect(pirineus).toMatchObject({ city: 'Guils de Cerdanya', outcome: 'moved' });
    expect(pirineus.issues[0]?.detail).toBe('city: missing; the locality the street names, among localities of several municipalities about as near, 2.2 km from the place');
    expect(checkCity({ ...input('es', null, [42.443134, 1.906463], '17528'), placeName: 'Camping Guils', street: 'Camí de Puigcerdà' }, gazetteerOf('es')).city).toBe('Puigcerdà');
    expect(check('es', null, [42.443134, 1.906463], [], '17528', 'Camping Pirineus').city).toBeNull();
    // Beyond 5 km the band is twice the distance: Cotillas 8.7 km, Yeste 10.7 km.
    expect(check('es', null, RIO_TUS, [], '02485', 'Camping Restaurante Rio Tus Yeste Albacete').city).toBe('Yeste');
  });

  it("moves to the nearest locality of the postal code's province (46780 is Valencia's: Oliva, not Vergel of Alicante)", () => {
    expect(check('es', null, RIO_MAR, [], '46780').issues[0]?.detail).toContain('the nearest locality, Oliva (7.9 km)');
    expect(check('es', null, RIO_MAR).issues[0]?.detail).toContain('the nearest locality, Vergel (6.1 km)');
  });

  it('takes the province capital a capital postal code names, within its wider reach (43007 at Platja Llarga: Tarragona, not El Catllar)', () => {
    const result = check('es', null, PLATJA_LLARGA, [], '43007');
    expect(result).toMatchObject({ city: 'Tarragona', outcome: 'moved' });
    expect(result.issues[0]?.detail).toBe('city: missing; the province capital its postal code names, 4.7 km from the place');
    expect(check('es', null, PLATJA_LLARGA, [], '43881').city).not.toBe('Tarragona');
  });

  it('confirms a locality the address names up to 20 km away when none is nearer (2910 Setúbal, 10.5 km from the Gâmbia camp site)', () => {
    expect(check('pt', 'Setúbal', [38.5605005, -8.7765946])).toMatchObject({ city: 'Setúbal', outcome: 'confirmed', issues: [] });
    // Barcelona is 15 km from El Masnou, which is nearer: moved, as above.
    expect(check('es', 'Barcelona', EL_MASNOU).outcome).toBe('moved');
  });
});

describe('postalCodeContradicts', () => {
  const DIAMANTE: [number, number] = [28.2451864, -16.8386505];
  const contradiction = (city: string, at: [number, number], postalCode: string) => {
    const input: CityCheckInput = {
      country: 'es',
      chosen: city,
      named: [],
      latitude: at[0],
      longitude: at[1],
      isRegion: (name) => isRegionName(name, 'es'),
      isAddressText,
      postal: postalProvince(postalCode, 'es'),
    };
    return postalCodeContradicts(input, checkCity(input, gazetteerOf('es')), gazetteerOf('es'));
  };

  it("finds a capital's code on another town of the province, far from the capital (38000 for Santiago del Teide)", () => {
    expect(contradiction('Santiago del Teide', DIAMANTE, '38000')).toBe(
      'is a code of the province capital, more than 20 km from the place, and the city is another town, Santiago del Teide',
    );
  });

  it("accepts the town's own code, a capital's code on the capital, near the capital, or on another province's town", () => {
    expect(contradiction('Santiago del Teide', DIAMANTE, '38683')).toBeNull();
    expect(contradiction('Madrid', [40.4168, -3.7038], '28013')).toBeNull();
    expect(contradiction('San Cristóbal de La Laguna', [28.4853, -16.3201], '38001')).toBeNull();
    expect(contradiction('Santiago del Teide', DIAMANTE, '28001')).toBeNull();
    expect(contradiction('Santiago del Teide', DIAMANTE, '')).toBeNull();
    // GeoNames files A Coruña as a municipality seat only (its PPLA is Santiago de Compostela): named as its province, it is the capital.
    expect(contradiction('A Coruña', [43.3623, -8.4115], '15003')).toBeNull();
    expect(contradiction('Arteixo', [43.3047, -8.5075], '15003')).toBeNull();
    expect(contradiction('Santiago de Compostela', [42.8782, -8.5448], '15003')).toBeNull();
    expect(contradiction('Ribeira', [42.5540, -8.9920], '15003')).toContain('Ribeira');
  });

  it("takes a locality named as the province, by any of the province's names, for its capital", () => {
    const coruna = (provinceNames: string[]) => {
      const input: CityCheckInput = {
        country: 'es',
        chosen: 'A Coruña',
        named: [],
        latitude: 43.3623,
        longitude: -8.4115,
        isRegion: () => false,
        isAddressText,
        postal: { admin2: 'C', capital: true, provinceNames },
      };
      return postalCodeContradicts(input, checkCity(input, gazetteerOf('es')), gazetteerOf('es'));
    };
    expect(coruna(['A Coruña', 'Galicia'])).toBeNull();
    expect(coruna(['La Coruña'])).toBeNull();
    expect(coruna(['Galicia'])).toContain('A Coruña');
  });

  it('says nothing of a city it did not confirm (moved, kept far)', () => {
    expect(contradiction('Madrid', NAVALAFUENTE, '28001')).toBeNull();
    expect(contradiction('Los Silos', DIAMANTE, '38000')).toBeNull();
  });
});

describe('checkCity: the clear-town rule on a made-up gazetteer', () => {
  const ARTICLES = ['El', 'La'];
  const row = (name: string, lng: number, admin2: string, municipality: string): GazetteerRow => ({
    name,
    lat: 40,
    lng,
    feature: 'PPL',
    admin1: '1',
    admin2,
    municipality,
    population: 1000,
    nameSlugs: nameKeys(name, leadingArticles(ARTICLES)),
    otherSlugs: [],
  });
  // At 40° N, 0.01° of longitude is 0.85 km: the point (40, 0) is 1.7 km from El Prat, 1.87 km from Sant Boi.
  const index = new GazetteerIndex([row('El Prat', 0.02, 'X', 'prat'), row('Sant Boi', -0.022, 'Y', 'boi')], ARTICLES);
  const at = (postal: CityCheckInput['postal'], placeName: string | null = null) =>
    checkCity({ country: 'es', chosen: null, named: [], latitude: 40, longitude: 0, isRegion: () => false, isAddressText: () => false, postal, placeName }, index);

  it("leaves a locality of another province than the postal code's out of the tie", () => {
    expect(at(null)).toMatchObject({ city: null, outcome: 'undecided' });
    expect(at({ admin2: 'X', capital: false, provinceNames: [] })).toMatchObject({ city: 'El Prat', outcome: 'moved' });
  });

  it("reads a locality's name without its article in the listing's name", () => {
    expect(at(null, 'Camping Prat').city).toBe('El Prat');
    expect(at(null, 'Camping El Prat').city).toBe('El Prat');
  });
});

describe('checkCity: what the nearest locality and a kept far city say', () => {
  it('says "the nearest locality" when it is clear, whatever the name names', () => {
    expect(check('es', null, MORALZARZAL, [], null, 'Camping Moralzarzal').issues[0]?.detail).toBe('city: missing; the nearest locality, 0.2 km from the place');
  });

  it("gives the kept far city's official form its own issue", () => {
    const result = check('es', 'El Puerto de la Cruz', [28.4636, -16.2518], [], '38400');
    expect(result.issues[1]).toEqual({ field: 'address', code: 'city-official-name', value: 'El Puerto de la Cruz', detail: 'city: "El Puerto de la Cruz" → "Puerto de la Cruz", the gazetteer\'s form' });
  });

  it("takes the official form of the locality's own name only, with or without its article", () => {
    // Manresa, 50 km from El Masnou: "Masnou" is El Masnou's name without its article.
    expect(check('es', 'Masnou', [41.7286, 1.8283], [], '08240')).toMatchObject({ city: 'El Masnou', outcome: 'kept-far' });
    // Lalín, 45 km from Sanxenxo: "Sangenjo" is only another of its names, kept as written.
    expect(check('es', 'Sangenjo', [42.6608, -8.1107], [], '36500')).toMatchObject({ city: 'Sangenjo', outcome: 'kept-far' });
  });
});
