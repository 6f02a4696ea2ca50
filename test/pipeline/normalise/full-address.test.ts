// pipeline/normalise/full-address.ts: its rules input → output, then the edges mutation testing found.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../model/countries.ts';
import { countryCodeForName } from '../../../pipeline/normalise/country-names.ts';
import { parseFullAddress, type FullAddressParts } from '../../../pipeline/normalise/full-address.ts';
import type { CountryCode } from '../../../model/place.ts';
import { parts } from './support/full-address-parts.ts';

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

// One-line address edges the main tests leave open: a British town only before a postcode of its own, where a
// country name counts (last part, or first words of a later part followed by junk), postal-code bounds in each
// country, dashes around the postal code, and parts that are streets rather than towns.
describe('edge cases', () => {
  describe('parseFullAddress edge cases', () => {
    it.each<[CountryCode, string, FullAddressParts]>([
      ['gb', "SW1A 2AA, London", parts({ state: "London", postalCode: "SW1A 2AA" })],
      ['gb', "10 Downing St, SW1A 2AA", parts({ street: "10 Downing St", postalCode: "SW1A 2AA" })],
      ['es', "Calle Mayor, 28001", parts({ street: "Calle Mayor", postalCode: "28001" })],
      ['gb', "Downing St, London, SW1A 2AA, Westminster", parts({ street: "Downing St", city: "London", state: "Westminster", postalCode: "SW1A 2AA" })],
      ['es', "España", parts({ countryName: "España" })],
      ['es', "España, Madrid", parts({ city: "España", state: "Madrid" })],
      ['es', "España Teléfono 123", parts({ street: "España Teléfono 123" })],
      ['es', "Calle Mayor 1, Portugal Hotel, Madrid", parts({ street: "Calle Mayor 1", countryName: "Portugal" })],
      ['es', "Calle Portugal, 28001 Madrid", parts({ street: "Calle Portugal", city: "Madrid", postalCode: "28001" })],
      ['es', "28001 - Madrid, España", parts({ city: "Madrid", postalCode: "28001", countryName: "España" })],
      ['es', "Madrid – 28001, España", parts({ city: "Madrid", postalCode: "28001", countryName: "España" })],
      ['es', "Calle Mayor 1, .28001 Madrid-", parts({ street: "Calle Mayor 1", city: "Madrid", postalCode: "28001" })],
      ['es', "Calle Mayor 1, Madrid", parts({ street: "Calle Mayor 1", city: "Madrid" })],
      ['es', "Calle Mayor 1, Calle Sol", parts({ street: "Calle Mayor 1, Calle Sol" })],
      ['es', "Madrid, Calle Sol", parts({ street: "Madrid, Calle Sol" })],
      ['es', "Calle Mayor 1, Pozo, Jaén 2", parts({ street: "Calle Mayor 1, Pozo, Jaén 2" })],
      ['fr', "Rue X, Paris, Ile", parts({ street: "Rue X, Paris", city: "Ile" })],
      ['fr', "12 Rue X, 750041 Paris", parts({ street: "12 Rue X, 750041 Paris" })],
      ['fr', "12 Rue X, 75004-1 Paris", parts({ street: "12 Rue X, 75004-1 Paris" })],
      ['pt', "Rua X, 4485-7221 Vila", parts({ street: "Rua X, 4485-7221 Vila" })],
      ['pt', "Rua X, 3830Gafanha", parts({ street: "Rua X, 3830Gafanha" })],
      ['pt', "Rua X, Gafanha 3830", parts({ street: "Rua X, Gafanha 3830" })],
      ['gb', "1 Road, AB1 2CDE", parts({ street: "1 Road, AB1 2CDE" })],
      ['gb', "1 Road, gir0aa", parts({ street: "1 Road", postalCode: "GIR 0AA" })],
      ['gb', "1 Road, W1 2AA", parts({ street: "1 Road", postalCode: "W1 2AA" })],
      ['gb', "Belfast BT15  2AN", parts({ city: "Belfast", postalCode: "BT15 2AN" })],
      ['es', "28001 Madrid, 28002 Getafe", parts({ street: "28001 Madrid", city: "Getafe", postalCode: "28002" })],
      ['es', "Av. Sol, Mayor, Jaén", parts({ street: "Av. Sol", city: "Mayor", state: "Jaén" })],
      ['es', "C/ Sol, Jaén", parts({ street: "C/ Sol", city: "Jaén" })],
      ['es', "Calle Real 5, Reino Unido", parts({ street: "Calle Real 5", countryName: "Reino Unido" })],
      ['es', "Calle Real 5, Reino Unido del Norte, X", parts({ street: "Calle Real 5", countryName: "Reino Unido" })],
      ['es', "Calle Real 5, Madrid, España,  ,", parts({ street: "Calle Real 5", city: "Madrid", countryName: "España" })],
      ['es', "Calle Real 5, 28001, Madrid, 3 piso", parts({ street: "Calle Real 5", state: "Madrid", postalCode: "28001" })],
      ['es', "Calle Mayor 1, CP:28001Madrid", parts({ street: "Calle Mayor 1", city: "CP: Madrid", postalCode: "28001" })],
      ['gb', "Antrim Road, Belfast BT15 2AN", parts({ street: "Antrim Road", city: "Belfast", postalCode: "BT15 2AN" })],
      ['es', "Calle Mayor 1, (Centro)", parts({ street: "Calle Mayor 1", city: "(Centro)" })],
      ['es', "Hotel Sol, (Calle Sol), Madrid", parts({ street: "Hotel Sol, (Calle Sol)", city: "Madrid" })],
      ['es', "Calle Mayor 1, (Calle Sol)", parts({ street: "Calle Mayor 1, (Calle Sol)" })],
      ['es', "Hotel Sol, Francia Plaza, 28001 Madrid", parts({ street: "Hotel Sol, Francia Plaza", city: "Madrid", postalCode: "28001" })],
      ['es', "Calle X, Viñuela 29712 Centro", parts({ street: "Calle X", city: "Viñuela Centro", postalCode: "29712" })],
      ['es', "Madrid 28001, España", parts({ city: "Madrid", postalCode: "28001", countryName: "España" })],
      ['fr', "Paris 75004, France", parts({ city: "Paris", postalCode: "75004", countryName: "France" })],
      ['pt', "Rua do Sol 150, Vila Chã 4485-722, Portugal", parts({ street: "Rua do Sol 150", city: "Vila Chã", postalCode: "4485-722", countryName: "Portugal" })],
      ['pt', "Rua X, 3830, Portugal", parts({ street: "Rua X", postalCode: "3830", countryName: "Portugal" })],
      ['gb', "1 Road, GIR 0AA", parts({ street: "1 Road", postalCode: "GIR 0AA" })],
      ['gb', "1 Road, BT15 2AN Belfast", parts({ street: "1 Road", city: "Belfast", postalCode: "BT15 2AN" })],
    ])('%#: in %s reads %j', (code, text, expected) => {
      expect(parseFullAddress(text, COUNTRIES[code])).toEqual(expected);
    });

    it('reads a part with no word at all, "()", without failing', () => {
      expect(parseFullAddress('Calle Mayor 1, ()', COUNTRIES.es).street).toBe('Calle Mayor 1');
    });
  });

  describe('km fractions, repeated codes, words before a code, a British town (from the mutation run of the decimal-comma rules)', () => {
    it.each<[CountryCode, string, FullAddressParts]>([
      // A bare 1–3 digit part joins only a part ending in a km point: the first part too; not a house number, not "5a", not four digits.
      ['es', 'Ctra N-340 Km 355, 5, 29680 Estepona', parts({ street: 'Ctra N-340 Km 355,5', city: 'Estepona', postalCode: '29680' })],
      ['es', 'Ctra N-340 km355, 5, 29680 Estepona', parts({ street: 'Ctra N-340 km355,5', city: 'Estepona', postalCode: '29680' })],
      ['es', 'Ctra N-340 Km 355, 5, 7, 29680 Estepona', parts({ street: 'Ctra N-340 Km 355,5, 7', city: 'Estepona', postalCode: '29680' })],
      ['es', 'Calle Sol 5, 12, 29680 Estepona', parts({ street: 'Calle Sol 5, 12', city: 'Estepona', postalCode: '29680' })],
      ['es', 'Km 355 Ctra, 5, 29680 Estepona', parts({ street: 'Km 355 Ctra, 5', city: 'Estepona', postalCode: '29680' })],
      ['es', 'Ctra Km 355, 5a, 29680 Estepona', parts({ street: 'Ctra Km 355, 5a', city: 'Estepona', postalCode: '29680' })],
      ['es', 'Ctra Km 355, 1234, 29680 Estepona', parts({ street: 'Ctra Km 355, 1234', city: 'Estepona', postalCode: '29680' })],
      // Only a part that is the chosen code's own partial form repeats it; another 4-digit number before it is street.
      ['pt', 'Rua X 1, 3801, 3800-901 Aveiro', parts({ street: 'Rua X 1, 3801', city: 'Aveiro', postalCode: '3800-901' })],
      ['pt', 'Rua X 1, 3800-901 Aveiro, 3800 - 901', parts({ street: 'Rua X 1', city: 'Aveiro', postalCode: '3800-901' })],
      ['pt', 'Rua X, 38, 3800-901 Aveiro', parts({ street: 'Rua X, 38', city: 'Aveiro', postalCode: '3800-901' })],
      // "km" and "nº" before a number, in any letter case, keep it from being a postal code.
      ['es', 'Ctra N-340 KM 12345, Estepona', parts({ street: 'Ctra N-340 KM 12345', city: 'Estepona' })],
      ['fr', 'Route KM 12345, Nice', parts({ street: 'Route KM 12345', city: 'Nice' })],
      ['pt', 'Estrada KM 3800-901, Aveiro', parts({ street: 'Estrada KM 3800-901', city: 'Aveiro' })],
      // A British postcode that opens the address has no town before it: what follows is not street.
      ['gb', 'BT15 2AN, Main Street, Belfast', parts({ state: 'Main Street, Belfast', postalCode: 'BT15 2AN' })],
      ['gb', '1 Main Street, Belfast, bt152an', parts({ street: '1 Main Street', city: 'Belfast', postalCode: 'BT15 2AN' })],
    ])('%#: in %s reads %j', (code, text, expected) => {
      expect(parseFullAddress(text, COUNTRIES[code])).toEqual(expected);
    });
  });
});
