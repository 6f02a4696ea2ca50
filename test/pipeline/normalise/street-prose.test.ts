import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../model/countries.ts';
import type { CountryCode } from '../../../model/place.ts';
import { normaliseAddress } from '../../../pipeline/normalise/address.ts';
import { countryWords, isTownNotStreet, tidyCommas, tidyStreetProse, wordsOf } from '../../../pipeline/normalise/street-prose.ts';

describe('tidyStreetProse: fields inside the street, edges', () => {
  it('says what each rule dropped', () => {
    expect(tidyStreetProse('Dirección:Calle Mayor 3', COUNTRIES.es).issues[0]!.detail).toBe('street: dropped the label "Dirección:"');
    expect(tidyStreetProse('11380 Cadiz, Playa', COUNTRIES.es).issues[0]!.detail).toBe('street: dropped "11380 Cadiz", a postal code and a town');
    expect(tidyStreetProse('24800, C. Polideportivo, 42', COUNTRIES.es).issues[0]!.detail).toBe('street: dropped "24800", a postal code');
    const named = tidyStreetProse('Playa, Camping Sol', COUNTRIES.es, 'Camping Sol');
    expect(named).toMatchObject({ street: 'Playa' });
    expect(named.issues[0]!.detail).toBe('street: dropped the place\'s own name "Camping Sol"');
  });

  it.each<[string, string]>([
    ['Dirección:Calle Mayor 3', 'Calle Mayor 3'],
    ['Arenal  , 6', 'Arenal, 6'],
    ['Calle,,, 3', 'Calle, 3'],
    ['Parque SA-205 Km 3', 'SA-205 Km 3'],
    ['Piscina 12 N340 Km 3', 'N340 Km 3'], // a number before a road's code is not its house number
  ])('%j → %j', (street, expected) => {
    expect(tidyStreetProse(street, COUNTRIES.es).street).toBe(expected);
  });

  it.each(['Nota Dirección: abierto todo el año', 'Cadiz 11380, Playa', '11380 Cadiz, 12', 'Parque xN340 Km 3', 'Parque N340x Km 3', 'Calle 05'])(
    'keeps %j',
    (street) => {
      expect(tidyStreetProse(street, COUNTRIES.es)).toEqual({ street, issues: [] });
    },
  );
});

describe('tidyStreetProse', () => {
  it("drops the place's own name from the street, when another part stays", () => {
    const result = tidyStreetProse('11380 Cadiz, Playa Valdevaqueros, Camping Jardin De Las Dunas', COUNTRIES.es, 'Camping Jardín de las Dunas');
    expect(result.street).toBe('Playa Valdevaqueros');
    expect(result.issues.map((found) => found.code)).toEqual(['street-postal-town-dropped', 'street-name-dropped']);
    expect(tidyStreetProse('Atocha, 3, 6º', COUNTRIES.es, 'Atocha').street).toBe('Atocha, 3, 6º');
    for (const street of ['Camping Jardin De Las Dunas', 'Camping Jardin De Las Dunas, s/n', 'Calle Mayor, Camping Las Dunas', 'Camping Jardin De Las Dunas Calle 2']) {
      expect(tidyStreetProse(street, COUNTRIES.es, 'Camping Jardin de las Dunas')).toEqual({ street, issues: [] });
    }
    expect(tidyStreetProse('Calle Mayor, 3', COUNTRIES.es, null).street).toBe('Calle Mayor, 3');
  });

  it.each<[string, CountryCode, string]>([
    ['Dirección: Pje. los Mendozas, 57', 'es', 'Pje. los Mendozas, 57'],
    ['Direccion : Calle Mayor 3', 'es', 'Calle Mayor 3'],
    ['Morada: Rua Direita, 12', 'pt', 'Rua Direita, 12'],
    ['Adresse : 3 Rue de la Paix', 'fr', '3 Rue de la Paix'],
    ['Address: 12 Station Road', 'gb', '12 Station Road'],
  ])('drops the label of %j (%s) → %j', (street, country, expected) => {
    const result = tidyStreetProse(street, COUNTRIES[country]);
    expect(result.street).toBe(expected);
    expect(result.issues.map((found) => found.code)).toEqual(['street-label-dropped']);
  });

  it.each<[string, CountryCode, string]>([
    ['11380 Cadiz, Playa Valdevaqueros', 'es', 'Playa Valdevaqueros'],
    ['24800, C. Polideportivo, 42', 'es', 'C. Polideportivo, 42'],
    ['7630-174 Zambujeira do Mar, Rua Direita 3', 'pt', 'Rua Direita 3'],
  ])('drops the leading postal code and town of %j (%s) → %j', (street, country, expected) => {
    const result = tidyStreetProse(street, COUNTRIES[country]);
    expect(result.street).toBe(expected);
    expect(result.issues.map((found) => found.code)).toEqual(['street-postal-town-dropped']);
  });

  it.each<[string, CountryCode, string]>([
    ['Parque acuatico N340 Km 1145', 'es', 'N340 Km 1145'],
    ['Zona de baño A-138 km.71', 'es', 'A-138 km.71'],
    ['Piscina C-65 Km6', 'es', 'C-65 Km6'],
  ])('starts %j (%s) at its road code and kilometre point → %j', (street, country, expected) => {
    const result = tidyStreetProse(street, COUNTRIES[country]);
    expect(result.street).toBe(expected);
    expect(result.issues.map((found) => found.code)).toEqual(['street-prose-dropped']);
  });

  it.each<[string, CountryCode]>([
    ['Nota: abierto todo el año', 'es'], // not a label of the tables
    ['11380, 12', 'es'], // nothing after the code
    ['123 Cadiz, Playa', 'es'], // no full postal code
    ['11380 Cadiz 2, Playa', 'es'], // a digit in the town
    ['11380Cadiz, Playa', 'es'],
    ['Parque N340 1145', 'es'], // a road code with no kilometre point
    ['Ctra. Salamanca SA-205 km.26', 'es'], // a street word first
    ['N340 Km 1145', 'es'],
    ['Ctra/ N-601 km 2, salida', 'es'], // abbreviations of Carretera are street words
    ['Ctr A-3075 Km. 8.5', 'es'],
    ['12 N340 Km 3', 'es'], // only a house number before
  ])('keeps %j (%s)', (street, country) => {
    expect(tidyStreetProse(street, COUNTRIES[country])).toEqual({ street, issues: [] });
  });

  it.each<[string, string]>([
    ['Arenal , 6-3º', 'Arenal, 6-3º'],
    ['Santa Leonor, , 34', 'Santa Leonor, 34'],
    ['Calle Mayor ,, 3 ,', 'Calle Mayor, 3'],
  ])('tidies the commas of %j → %j, with no issue', (street, expected) => {
    expect(tidyStreetProse(street, COUNTRIES.es)).toEqual({ street: expected, issues: [] });
  });

  it.each<[string, CountryCode]>([
    ['Calle, 0', 'es'],
    ['Calle', 'es'],
    ['Plaza 0', 'es'],
    ['Rua, 00', 'pt'],
  ])('drops %j, a street word alone (address/street-word-alone)', (street, country) => {
    const result = tidyStreetProse(street, COUNTRIES[country]);
    expect(result.street).toBeNull();
    expect(result.issues.map((found) => found.code)).toEqual(['street-word-alone']);
  });

  it.each(['Calle, 10', 'Calle Mayor, 0', 'Plaza 0 Mayor', 'C. Carretera', 'Calle Carretera, 0'])('keeps %j, which names a street or a number', (street) => {
    expect(tidyStreetProse(street, COUNTRIES.es).street).toBe(street);
  });

  it.each<[string, CountryCode, string]>([
    ['Jacuzzi Carrer Villa Primavera, 12', 'es', 'Carrer Villa Primavera, 12'],
    ['Abierto todo el año Parque acuático infantil Carrer Camí de les Lloses, 1', 'es', 'Carrer Camí de les Lloses, 1'],
    ['A 20 minutos está la Playa de Víllora, un entorno único y muy bonito C. Fuente', 'es', 'C. Fuente'],
    ['Piscina climatizada. C/Mayor 3', 'es', 'C/Mayor 3'],
    ['Camping Trillas Platja, Camí Castell de Tamarit, s/n', 'es', 'Camí Castell de Tamarit, s/n'],
    ['Parque Campismo da Penha, R. Monsenhor Araújo Costa', 'pt', 'R. Monsenhor Araújo Costa'],
    ['Gîte du Lac 12 Rue de la Paix', 'fr', '12 Rue de la Paix'],
  ])('%s (%s) → %s', (street, country, expected) => {
    const result = tidyStreetProse(street, COUNTRIES[country]);
    expect(result.street).toBe(expected);
    expect(result.issues.map((found) => found.code)).toEqual(['street-prose-dropped']);
    expect(result.issues[0]!.detail).toContain('dropped "');
  });

  it.each<[string, CountryCode]>([
    ['Plaza Mayor 3', 'es'],
    ['Urbanización Los Pinos, Calle A', 'es'], // an address part before the street stays
    ['Gran Vía 12', 'es'],
    ['Antigua Carretera de Cádiz, km 3', 'es'],
    ['12 Rue de la Paix', 'fr'],
    ['Mendotza Auzoa 42', 'es'], // Basque: the street word comes after the name
    ['Gipuzkoa Plaza 2', 'es'],
    ['La Raya, 25. Barrio de La Hoya', 'es'], // a street with its number before the next part
    ['Km 48, Avinguda Barcelona', 'es'],
    ['570, R. Fundação Albino Mendes da Silva', 'pt'],
    ['Camping isla De Puebla C, Valcuevo', 'es'], // "C," is a letter, not "C."
    ['Ribeira da Baságueda Sítio do', 'pt'],
    ['Station Road Place 4', 'gb'],
    ['Abierto todo el año', 'es'], // no street word: nothing is dropped
    ['un largo paseo por la calle mayor', 'es'], // street words without a capital are prose
  ])('%s (%s) stays', (street, country) => {
    expect(tidyStreetProse(street, COUNTRIES[country])).toEqual({ street, issues: [] });
  });

  it('reads "<town>, <postal code>" as the town and the code', () => {
    const result = tidyStreetProse('Zambujeira do Mar, 7630-174', COUNTRIES.pt);
    expect(result).toMatchObject({ street: null, city: 'Zambujeira do Mar', postalCode: '7630-174' });
    expect(result.issues[0]!.code).toBe('street-is-town-and-postal-code');
    expect(tidyStreetProse('Rua Direita, 7630-174', COUNTRIES.pt).street).toBe('Rua Direita, 7630-174');
    expect(tidyStreetProse('Zambujeira do Mar, 76301', COUNTRIES.pt).street).toBe('Zambujeira do Mar, 76301');
  });

  it('tells a town from a street', () => {
    expect(isTownNotStreet('Zambujeira do Mar', COUNTRIES.pt)).toBe(true);
    expect(isTownNotStreet('Rua Direita', COUNTRIES.pt)).toBe(false);
    expect(isTownNotStreet('Quinta 12', COUNTRIES.pt)).toBe(false);
  });
});

describe('tidyStreetProse: edges', () => {
  it.each<[string, string]>([
    ['Jacuzzi Av.del Mar, 2', 'Av.del Mar, 2'], // an abbreviation glued to the name
    ['Jacuzzi Cl.Mayor 3', 'Cl.Mayor 3'],
    ['Piscina C. Mayor', 'C. Mayor'],
    ['Piscina C/ Mayor', 'C/ Mayor'],
    ['Jacuzzi 12-14 Calle Mayor, 3', '12-14 Calle Mayor, 3'], // a house number before the street word stays with it
    ['Jacuzzi 12B Calle Mayor', '12B Calle Mayor'],
    ['Jacuzzi s/n Calle Mayor', 's/n Calle Mayor'],
    ['Bar 12, Calle Mayor', 'Calle Mayor'], // a number that ends a part belongs to the prose
    ['Bar 12; Calle Mayor', 'Calle Mayor'],
    ['Bar abc Calle Mayor 3', 'Calle Mayor 3'],
  ])('%s → %s', (street, expected) => {
    expect(tidyStreetProse(street, COUNTRIES.es)).toMatchObject({ street: expected, issues: [{ code: 'street-prose-dropped' }] });
  });

  it.each([
    'Piscina Calle 5', // a street word followed only by a number names no street
    'Piscina Calle',
    'Bar Calle s/n',
    'Bar Calle abc',
    'Piscina plaza Mayor',
    'Piscina C, Mayor',
    'Gran Nueva Calle Mayor',
    'Km 3 Calle Mayor',
    'Kilómetro 3 Calle Mayor',
  ])('%s stays', (street) => {
    expect(tidyStreetProse(street, COUNTRIES.es)).toEqual({ street, issues: [] });
  });

  it('reads a town and a code without a space after the comma, and nothing else as one', () => {
    expect(tidyStreetProse('Zambujeira do Mar,7630-174', COUNTRIES.pt)).toMatchObject({ street: null, city: 'Zambujeira do Mar', postalCode: '7630-174' });
    expect(tidyStreetProse(', 7630-174', COUNTRIES.pt)).toEqual({ street: '7630-174', issues: [] });
    for (const street of ['Rua, 7630-174', 'Zambujeira 2, 7630-174', 'Zambujeira do Mar, 7630-174 7630-175', 'Zambujeira do Mar, CP 7630-174']) {
      expect(tidyStreetProse(street, COUNTRIES.pt)).toEqual({ street, issues: [] });
    }
  });

  it('takes no street word, bracket, digit or empty text for a town', () => {
    expect(isTownNotStreet('Ribeira Kalea', COUNTRIES.es)).toBe(false);
    expect(isTownNotStreet('Sítio (Fontes)', COUNTRIES.pt)).toBe(false);
    expect(isTownNotStreet('Fontes 2', COUNTRIES.pt)).toBe(false);
    expect(isTownNotStreet('', COUNTRIES.pt)).toBe(false);
    expect(isTownNotStreet('Ribeira Grande', COUNTRIES.es)).toBe(true);
  });
});

describe('normaliseAddress with prose in the street', () => {
  it('starts the street at its street word', () => {
    const result = normaliseAddress({ address: { street: 'Jacuzzi Carrer Villa Primavera, 12', city: 'Salou' }, fullAddress: undefined }, COUNTRIES.es);
    expect(result.value.address.street).toBe('Carrer Villa Primavera, 12');
    expect(result.issues.map((found) => found.code)).toContain('street-prose-dropped');
  });

  it('moves a one-line "<town>, <postal code>" out of the street', () => {
    const result = normaliseAddress({ address: undefined, fullAddress: 'Zambujeira do Mar, 7630-174, Portugal' }, COUNTRIES.pt);
    expect(result.value.address).toMatchObject({ street: null, city: 'Zambujeira do Mar', postalCode: '7630-174' });
    expect(result.issues.map((found) => found.code)).toContain('street-is-town-and-postal-code');
  });

  it('fills only empty fields from a "<town>, <postal code>" street', () => {
    const result = normaliseAddress({ address: { street: 'Zambujeira do Mar, 7630-174', city: 'Odemira', postalCode: '7630-000' }, fullAddress: undefined }, COUNTRIES.pt);
    expect(result.value.address).toMatchObject({ street: null, city: 'Odemira', postalCode: '7630-000' });
  });
});

describe('wordsOf', () => {
  it("reads one group's words of one language", () => {
    expect(wordsOf('leading', 'es', { leading: { es: ['Calle', 'C/'] } })).toEqual(['Calle', 'C/']);
    expect(wordsOf('trailing', 'eu')).toContain('kalea');
  });

  it.each<[string, Record<string, unknown>]>([
    ['no group', {}],
    ['no list for the language', { leading: {} }],
    ['not a list', { leading: { es: 'Calle' } }],
    ['an entry that is no text', { leading: { es: ['Calle', 3] } }],
    ['an empty entry', { leading: { es: ['Calle', ''] } }],
    ['a blank entry', { leading: { es: ['Calle', ' '] } }],
    ['two words in one entry', { leading: { es: ['Calle', 'Gran Vía'] } }],
  ])('refuses a table with %s, naming the file, the group and the language', (_, table) => {
    expect(() => wordsOf('leading', 'es', table)).toThrow(new Error('data/addresses/street-words.json: leading.es must be a list of single words'));
  });
});

describe('countryWords', () => {
  const table = {
    countries: { es: ['es', 'eu'], pt: ['pt'] },
    leading: { es: ['Calle', 'C/', 'Av.', 'Cl.', 'AV.'], eu: ['Kalea', 'C/'], pt: ['Rua'] },
    modifiers: { es: ['Gran'], eu: ['Berri.'], pt: ['Velha'] },
    keepBefore: { es: ['Km.', 'KM'], eu: [], pt: ['Km'] },
    trailing: { es: [], eu: ['Kalea,'], pt: [] },
    labels: { es: ['Dirección:'], eu: ['Helbidea'], pt: ['Morada'] },
  };

  it("reads each group of every language of the country, lower case, as the tables key words", () => {
    expect(countryWords('es', table)).toEqual({
      leading: new Set(['calle', 'c/', 'av', 'cl', 'kalea']),
      gluedPrefixes: ['c/', 'av.', 'cl.'],
      modifiers: new Set(['gran', 'berri']),
      keepBefore: new Set(['km']),
      trailing: new Set(['kalea']),
      labels: new Set(['dirección', 'helbidea']),
    });
    expect(countryWords('pt', table)).toEqual({
      leading: new Set(['rua']),
      gluedPrefixes: [],
      modifiers: new Set(['velha']),
      keepBefore: new Set(['km']),
      trailing: new Set(),
      labels: new Set(['morada']),
    });
  });

  it('reads the committed tables', () => {
    const words = countryWords('es');
    expect(words.leading.has('calle') && words.trailing.has('kalea') && words.gluedPrefixes.includes('c/')).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([
    ['no countries', {}],
    ['no languages for the country', { countries: {} }],
    ['languages that are no list', { countries: { es: 'es' } }],
  ])('refuses a table with %s, naming the file and the country', (_, bad) => {
    expect(() => countryWords('es', bad)).toThrow(new Error('data/addresses/street-words.json: countries.es must list languages'));
  });

  it("refuses a table whose group lacks one of the country's languages", () => {
    expect(() => countryWords('es', { ...table, labels: { es: ['Dirección'] } })).toThrow(new Error('data/addresses/street-words.json: labels.eu must be a list of single words'));
  });
});

describe('tidyStreetProse: each issue in full, and edges found by mutation runs', () => {
  const address = (code: string, value: string, detail: string) => ({ field: 'address', code, value, detail });

  it('records each rule with the street as written', () => {
    expect(tidyStreetProse('Calle, 0', COUNTRIES.es)).toEqual({
      street: null,
      issues: [address('street-word-alone', 'Calle, 0', 'street: "Calle, 0" is a street word with no name')],
    });
    expect(tidyStreetProse('Dirección: Calle Mayor 3', COUNTRIES.es)).toEqual({
      street: 'Calle Mayor 3',
      issues: [address('street-label-dropped', 'Dirección: Calle Mayor 3', 'street: dropped the label "Dirección:"')],
    });
    expect(tidyStreetProse('Playa, Camping Sol, 3', COUNTRIES.es, 'Camping Sol')).toEqual({
      street: 'Playa, 3',
      issues: [address('street-name-dropped', 'Playa, Camping Sol, 3', 'street: dropped the place\'s own name "Camping Sol"')],
    });
    expect(tidyStreetProse('11380 Cadiz, Playa', COUNTRIES.es)).toEqual({
      street: 'Playa',
      issues: [address('street-postal-town-dropped', '11380 Cadiz, Playa', 'street: dropped "11380 Cadiz", a postal code and a town')],
    });
    expect(tidyStreetProse('Madrid, 28001', COUNTRIES.es)).toEqual({
      street: null,
      city: 'Madrid',
      postalCode: '28001',
      issues: [address('street-is-town-and-postal-code', 'Madrid, 28001', 'street: "Madrid, 28001" is a town and a postal code, not a street')],
    });
    expect(tidyStreetProse('Abierto todo el año Parque Calle Mayor', COUNTRIES.es)).toEqual({
      street: 'Calle Mayor',
      issues: [address('street-prose-dropped', 'Abierto todo el año Parque Calle Mayor', 'street: dropped "Abierto todo el año Parque", read as "Calle Mayor"')],
    });
  });

  it('reads a one-word town before its postal code', () => {
    expect(tidyStreetProse('Odemira, 7630-174', COUNTRIES.pt)).toMatchObject({ street: null, city: 'Odemira', postalCode: '7630-174' });
    expect(isTownNotStreet('Odemira', COUNTRIES.pt)).toBe(true);
  });

  it('names the dropped words once each, however they were spaced', () => {
    expect(tidyStreetProse('Jacuzzi  Calle Mayor', COUNTRIES.es).issues[0]!.detail).toBe('street: dropped "Jacuzzi", read as "Calle Mayor"');
  });

  it.each<[string, string]>([
    ['Jacuzzi Calle., Mayor 3', 'Calle., Mayor 3'], // the tables key a word without all its final signs
    ['Jacuzzi B2 Calle Mayor', 'Calle Mayor'], // a letter then a digit is no house number
    ['Jacuzzi 12-14B Calle Mayor', '12-14B Calle Mayor'],
    ['Jacuzzi Gran Calle Mayor', 'Calle Mayor'], // not only modifiers before the street word
    ['Bar,Mesón 12 abierto Calle Mayor', 'Calle Mayor'], // a comma inside a word ends no part
    ['Bar La Raya, 2.5 Calle Mayor', 'Calle Mayor'], // a decimal is no house number
    ['Dirección: Calle Mayor\n3', 'Calle Mayor 3'], // a label across two lines is read as prose: nothing after it is lost
    ['Parque N340 Kilómetro5', 'N340 Kilómetro5'],
  ])('%j → %j, prose dropped', (street, expected) => {
    expect(tidyStreetProse(street, COUNTRIES.es)).toMatchObject({ street: expected, issues: [{ code: 'street-prose-dropped' }] });
  });

  it('reads a street word alone after a label and a comma', () => {
    const result = tidyStreetProse('Dirección:, Calle', COUNTRIES.es);
    expect(result.street).toBeNull();
    expect(result.issues.map((found) => found.code)).toEqual(['street-label-dropped', 'street-word-alone']);
  });

  it.each<[string, CountryCode, string | null]>([
    [' , ', 'es', null], // nothing left once tidied: kept as written
    ['Calle 5 Plaza Mayor', 'es', null], // a street word first: whatever follows stays
    ['Piscina calle Mayor 3', 'es', null], // a street word without a capital is prose
    ['28001 Madrid', 'es', null], // a postal code and a town with no comma
    ['11380Cadiz Sur, Playa', 'es', null], // a town glued to its code
    ['SW1A 1AA, Station Road', 'gb', null], // only a code starting with a digit leaves
    ['Herriko Plaza Kalea 3', 'es', null], // a Basque street word after the name
    ['Bar La Raya, 25.) Calle Mayor', 'es', null], // a street with its number, then another
    ['Parque N340', 'es', null], // a road's code with no kilometre point
    ['Parque N340 3km', 'es', null], // a distance, not a kilometre point
    ['Villanueva Calle, 28001', 'es', null], // a street word in the town part
    ['Calle Mayor, 3, -', 'es', null], // no place name: no part is its name
    ['Calle Mayor, 3, -', 'es', '***'], // a place name without letters or digits names no part
  ])('keeps %j (%s, place %j)', (street, country, placeName) => {
    expect(tidyStreetProse(street, COUNTRIES[country], placeName)).toEqual({ street, issues: [] });
  });
});

describe('tidyCommas', () => {
  it.each<[string, string]>([
    ['Calle Mayor,3,2', 'Calle Mayor,3,2'], // commas with text between are no empty parts
    ['Calle Mayor 3,  ', 'Calle Mayor 3'],
    [' ,Calle Mayor 3', 'Calle Mayor 3'],
  ])('%j → %j', (street, expected) => {
    expect(tidyCommas(street)).toBe(expected);
  });
});
