import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../model/countries.ts';
import { countryCodeForName } from '../../pipeline/normalise/country-names.ts';
import { parseFullAddress, type FullAddressParts } from '../../pipeline/normalise/full-address.ts';
import type { CountryCode } from '../../model/place.ts';

const parts = (given: Partial<FullAddressParts>): FullAddressParts => ({
  street: null,
  city: null,
  state: null,
  postalCode: null,
  countryName: null,
  ...given,
});

describe('parseFullAddress', () => {
  it.each<[CountryCode, string, FullAddressParts]>([
    ['es', 'Ctra A-356 P.km 30, 29712 Viñuela, Málaga, España',
      parts({ street: 'Ctra A-356 P.km 30', city: 'Viñuela', state: 'Málaga', postalCode: '29712', countryName: 'España' })],
    ['es', "Carretera Sant Martí d'Empúries, s/n, 17470 Sant Pere Pescador, Girona, España",
      parts({ street: "Carretera Sant Martí d'Empúries, s/n", city: 'Sant Pere Pescador', state: 'Girona', postalCode: '17470', countryName: 'España' })],
    ['es', 'C-31, km 186,2, 08850, Barcelona, España',
      parts({ street: "C-31, km 186,2", state: 'Barcelona', postalCode: '08850', countryName: 'España' })],
    ['es', '19003 Guadalajara, España', parts({ city: 'Guadalajara', postalCode: '19003', countryName: 'España' })],
    ['es', 'Pozo Alcón, Jaén, España', parts({ city: 'Pozo Alcón', state: 'Jaén', countryName: 'España' })],
    ['es', 'ctra. de la vecilla-valdelugueros km,1, Valdepiélago, Spain',
      parts({ street: 'ctra. de la vecilla-valdelugueros km, 1', city: 'Valdepiélago', countryName: 'Spain' })],
    ['es', 'Camí de la Pomereda, s/n, 08380, Barcelona, España www.campingelspins.es',
      parts({ street: 'Camí de la Pomereda, s/n', state: 'Barcelona', postalCode: '08380', countryName: 'España' })],
    ['es', 'C. Borrico Parra, 29, 28411 Moralzarzal, Madrid, España   Teléfono:+34 918 57 60 19   Dispone de bar, piscina, etc.',
      parts({ street: 'C. Borrico Parra, 29', city: 'Moralzarzal', state: 'Madrid', postalCode: '28411', countryName: 'España' })],
    ['es', 'Calle Mayor 1, Andorra, Teruel', parts({ street: 'Calle Mayor 1', city: 'Andorra', state: 'Teruel' })],
    ['pt', 'R. do Sol 150, 4485-722 Vila Chã, Portugal',
      parts({ street: 'R. do Sol 150', city: 'Vila Chã', postalCode: '4485-722', countryName: 'Portugal' })],
    ['pt', '2460-697 São Martinho do Porto, Portugal',
      parts({ city: 'São Martinho do Porto', postalCode: '2460-697', countryName: 'Portugal' })],
    ['pt', 'Av. José Estevão 592, 3830 Gafanha da Encarnação, Portugal',
      parts({ street: 'Av. José Estevão 592', city: 'Gafanha da Encarnação', postalCode: '3830', countryName: 'Portugal' })],
    ['pt', 'Rua Cerdeira 400, 4840-030, Portugal', parts({ street: 'Rua Cerdeira 400', postalCode: '4840-030', countryName: 'Portugal' })],
    ['pt', 'Mirandela, Portugal', parts({ city: 'Mirandela', countryName: 'Portugal' })],
    ['gb', '214 Antrim Road, Belfast BT15 2AN, United Kingdom',
      parts({ street: '214 Antrim Road', city: 'Belfast', postalCode: 'BT15 2AN', countryName: 'United Kingdom' })],
    ['gb', '10 Downing St, London, sw1a2aa', parts({ street: '10 Downing St', city: 'London', postalCode: 'SW1A 2AA' })],
    ['gb', '383 Holywood Road, Belfast, BT4 2LS, Northern Ireland',
      parts({ street: '383 Holywood Road', city: 'Belfast', postalCode: 'BT4 2LS', countryName: 'Northern Ireland' })],
    ['fr', '12 Rue de Rivoli, 75004 Paris, France',
      parts({ street: '12 Rue de Rivoli', city: 'Paris', postalCode: '75004', countryName: 'France' })],
    ['fr', 'Grande Rue, 50170 Le Mont-Saint-Michel', parts({ street: 'Grande Rue', city: 'Le Mont-Saint-Michel', postalCode: '50170' })],
    ['fr', '1 Quai Saint-Malo, 35400 Saint-Malo, Bretagne, France',
      parts({ street: '1 Quai Saint-Malo', city: 'Saint-Malo', state: 'Bretagne', postalCode: '35400', countryName: 'France' })],
  ])('%#: in %s reads %j', (code, text, expected) => {
    expect(parseFullAddress(text, COUNTRIES[code])).toEqual(expected);
  });

  it.each<[CountryCode, string, FullAddressParts]>([
    ['es', 'R. do Sol 150, 4485-722 Vila Chã, Portugal',
      parts({ street: 'R. do Sol 150', city: 'Vila Chã', postalCode: '4485-722', countryName: 'Portugal' })],
    ['pt', 'Calle Real 5, 36700 Tui, Pontevedra, España',
      parts({ street: 'Calle Real 5', city: 'Tui', state: 'Pontevedra', postalCode: '36700', countryName: 'España' })],
    ['fr', 'Av. Meritxell 5, Andorra la Vella, Andorre', parts({ street: 'Av. Meritxell 5', city: 'Andorra la Vella', countryName: 'Andorre' })],
  ])('%#: in %s reads an address in another country %j by its own postal rules', (code, text, expected) => {
    expect(parseFullAddress(text, COUNTRIES[code])).toEqual(expected);
  });

  it.each<[CountryCode, string]>([['es', ''], ['gb', ' , , '], ['fr', '   ']])('in %s reads the empty text %j as all null', (code, text) => {
    expect(parseFullAddress(text, COUNTRIES[code])).toEqual(parts({}));
  });
});

describe('countryCodeForName', () => {
  it.each([
    ['España', 'es'],
    ['SPAIN', 'es'],
    ['Espagne', 'es'],
    ['United Kingdom', 'gb'],
    ['Reino Unido', 'gb'],
    ['Royaume-Uni', 'gb'],
    ['France', 'fr'],
    ['Francia', 'fr'],
    ['França', 'fr'],
    ['Portugal', 'pt'],
    ['Andorra', 'ad'],
    ['Andorre', 'ad'],
    ['Gibraltar', 'gi'],
    ['Irlanda', 'ie'],
    ['Belgique', 'be'],
    ['Suisse', 'ch'],
    ['Monaco', 'mc'],
    ['Italia', 'it'],
    ['Deutschland', 'de'],
    ['Narnia', null],
  ])('%j names %s', (name, expected) => {
    expect(countryCodeForName(name)).toBe(expected);
  });
});
