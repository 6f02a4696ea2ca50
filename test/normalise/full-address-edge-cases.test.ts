// One-line address edges the main tests leave open: a British town only before a postcode of its own, where a
// country name counts (last part, or first words of a later part followed by junk), postal-code bounds in each
// country, dashes around the postal code, and parts that are streets rather than towns.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../model/countries.ts';
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
