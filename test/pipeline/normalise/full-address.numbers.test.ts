// Decimal commas, km/Nº forms and full-over-partial postal codes in one-line addresses: tables, then properties over generated addresses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CountryCode } from '../../../model/place.ts';
import type { FullAddressParts } from '../../../pipeline/normalise/full-address.ts';
import { parts, read } from './support/full-address-parts.ts';


describe('decimal commas and km / Nº forms', () => {
  it.each<[CountryCode, string, FullAddressParts]>([
    ['pt', 'E.N. 258 ao Km 38,5, 7960 Pedrogão, Portugal',
      parts({ street: 'E.N. 258 ao Km 38,5', city: 'Pedrogão', postalCode: '7960', countryName: 'Portugal' })],
    ['es', "Carretera de Torroella, km 4,8, 17258 L'Estartit, Girona, España",
      parts({ street: 'Carretera de Torroella, km 4,8', city: "L'Estartit", state: 'Girona', postalCode: '17258', countryName: 'España' })],
    ['es', 'CTRA. N-110, KM 401,300, 10600 Plasencia, Cáceres',
      parts({ street: 'CTRA. N-110, KM 401,300', city: 'Plasencia', state: 'Cáceres', postalCode: '10600' })],
    // Four or more digits after the comma are the next part, not decimals.
    ['pt', 'R. Freixo 109,5400-756 Bragança', parts({ street: 'R. Freixo 109', city: 'Bragança', postalCode: '5400-756' })],
    ['es', 'Calle Mayor 3,28001 Madrid', parts({ street: 'Calle Mayor 3', city: 'Madrid', postalCode: '28001' })],
    // A km point the export already split ("Km 355, 5") is joined again; other bare numbers stay parts.
    ['es', 'N-260, Km 355, 5, 22486 Bonansa, Huesca', parts({ street: 'N-260, Km 355,5', city: 'Bonansa', state: 'Huesca', postalCode: '22486' })],
    ['es', 'NA-115, Km. 2, 300, 31390 Olite', parts({ street: 'NA-115, Km. 2,300', city: 'Olite', postalCode: '31390' })],
    ['es', 'Calle Mayor, 5, 28001 Madrid', parts({ street: 'Calle Mayor, 5', city: 'Madrid', postalCode: '28001' })],
    // A comma with a space is a separator even between digits.
    ['es', 'Polígono Nº 31, 12, 46410 Sueca, Valencia', parts({ street: 'Polígono Nº 31, 12', city: 'Sueca', state: 'Valencia', postalCode: '46410' })],
    // A number after km or nº is never the postal code, whatever its length.
    ['es', 'Ctra. N-340 km 11500, 29712 Viñuela', parts({ street: 'Ctra. N-340 km 11500', city: 'Viñuela', postalCode: '29712' })],
    ['es', 'Calle Sol nº 12345, Jaén', parts({ street: 'Calle Sol nº 12345', city: 'Jaén' })],
    ['pt', 'Calçada da Torre nº437, 4920-042, Portugal', parts({ street: 'Calçada da Torre nº437', postalCode: '4920-042', countryName: 'Portugal' })],
  ])('%#: in %s reads %j', (code, text, expected) => {
    expect(read(code, text)).toEqual(expected);
  });
});

describe('a full national postal code wins over a partial one', () => {
  it.each<[CountryCode, string, FullAddressParts]>([
    ['pt', 'Estrada Nacional 327, 3800-901 São Jacinto, 3800, Portugal',
      parts({ street: 'Estrada Nacional 327', city: 'São Jacinto', postalCode: '3800-901', countryName: 'Portugal' })],
    // The code first and digits before it: those are street, and so is what follows when nothing came before.
    ['pt', 'Km 20 3800-901, R. Estr. Nacional Nº1 327, 3800, Portugal',
      parts({ street: 'Km 20, R. Estr. Nacional Nº1 327', postalCode: '3800-901', countryName: 'Portugal' })],
    ['pt', '5400 756, R. Freixo 109, 5400-756, Portugal', parts({ street: 'R. Freixo 109', postalCode: '5400-756', countryName: 'Portugal' })],
    ['pt', 'Rua X 5, 3830 Gafanha, Portugal', parts({ street: 'Rua X 5', city: 'Gafanha', postalCode: '3830', countryName: 'Portugal' })],
    ['es', 'Carretera Altura SN, km. 0,1, 12410, 12410, Castellón, España',
      parts({ street: 'Carretera Altura SN, km. 0,1', state: 'Castellón', postalCode: '12410', countryName: 'España' })],
    ['gb', '12 High St, BT15, Belfast, BT15 2AN', parts({ street: '12 High St', city: 'Belfast', postalCode: 'BT15 2AN' })],
    ['gb', '12 High St, Belfast, BT15', parts({ street: '12 High St', city: 'Belfast', postalCode: 'BT15' })],
    ['fr', '3 Rue Haute, 75004 Paris, 750', parts({ street: '3 Rue Haute', city: 'Paris', postalCode: '75004' })],
  ])('%#: in %s reads %j', (code, text, expected) => {
    expect(read(code, text)).toEqual(expected);
  });
});

// Generated addresses: a street (maybe with a decimal km point and a Nº), a postal code, a town, a country name.
const TOWNS = ['Vila Chã', 'São Jacinto', 'Pedrogão', 'Sueca', 'Plasencia', "L'Estartit", 'Belfast', 'Saint-Malo'];
const STREETS = ['Rua do Sol', 'Estrada Nacional', 'Calle Mayor', 'Ctra. N-340', 'Rue Haute', 'High Street'];
const km = fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999 })).map(([whole, part]) => `km ${whole},${part}`);
const number = fc.integer({ min: 1, max: 999 }).map((n) => `nº ${n}`);
const street = fc
  .tuple(fc.constantFrom(...STREETS), fc.option(km, { nil: undefined }), fc.option(number, { nil: undefined }))
  .map(([name, point, house]) => [name, point, house].filter((piece) => piece !== undefined).join(' '));
const digits = (count: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: count, maxLength: count }).map((d) => d.join(''));
const fullCode: Record<'es' | 'fr' | 'pt', fc.Arbitrary<string>> = {
  es: digits(5),
  fr: digits(5),
  pt: fc.tuple(digits(4), digits(3)).map(([head, tail]) => `${head}-${tail}`),
};

describe('properties over generated addresses', () => {
  it('a km point with a decimal comma survives whole in the street', () => {
    fc.assert(
      fc.property(fc.constantFrom<'es' | 'fr' | 'pt'>('es', 'fr', 'pt'), street, fc.constantFrom(...TOWNS), fc.context(), (code, written, town, ctx) => {
        const code5 = code === 'pt' ? '4485-722' : '29712';
        const parsed = read(code, `${written}, ${code5} ${town}`);
        ctx.log(JSON.stringify(parsed));
        return parsed.street === written && parsed.city === town && parsed.postalCode === code5;
      }),
    );
  });

  it('a full code wins over its partial form, wherever each is written', () => {
    fc.assert(
      fc.property(fullCode.pt, street, fc.constantFrom(...TOWNS), fc.boolean(), (code, written, town, partialFirst) => {
        const partial = code.slice(0, 4);
        const text = partialFirst ? `${written}, ${partial}, ${code} ${town}, Portugal` : `${written}, ${code} ${town}, ${partial}, Portugal`;
        const parsed = read('pt', text);
        return parsed.postalCode === code && parsed.city === town && parsed.street === written;
      }),
    );
  });

  it('the national code is read for every country whatever the numbers in the street', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'es' | 'fr' | 'pt'>('es', 'fr', 'pt').chain((code) => fc.tuple(fc.constant(code), fullCode[code])),
        street,
        fc.constantFrom(...TOWNS),
        ([code, postal], written, town) => {
          const parsed = read(code, `${written}, ${postal} ${town}`);
          return parsed.postalCode === postal && parsed.street === written && parsed.city === town;
        },
      ),
    );
  });

  it('never throws, and a postal code it reads has its country shape', () => {
    const shapes: Record<CountryCode, RegExp> = {
      es: /^\d{5}$/,
      fr: /^\d{5}$/,
      pt: /^\d{4}(?:-\d{3})?$/,
      gb: /^(?:[A-Z]{1,2}\d[A-Z\d]?(?: \d[A-Z]{2})?|GIR 0AA)$/,
    };
    const piece = fc.oneof(street, fc.constantFrom(...TOWNS), digits(4), digits(5), fullCode.pt, fc.constantFrom('BT15', 'BT15 2AN', 'Portugal', 'España', ','), fc.string());
    fc.assert(
      fc.property(fc.constantFrom<CountryCode>('es', 'fr', 'gb', 'pt'), fc.array(piece, { maxLength: 6 }), (code, pieces) => {
        const parsed = read(code, pieces.join(', '));
        return parsed.postalCode === null || shapes[code].test(parsed.postalCode) || parsed.countryName !== null;
      }),
    );
  });
});
