// The Spanish postal-code table's rows: written and read back alike, and GeoNames' place names looked up in the gazetteer's forms.
import { describe, expect, it } from 'vitest';
import { formatPostalRow, parsePostalFile, parsePostalRow, postalNameForms } from '../../../pipeline/normalise/postal-code-rows.ts';
import { spanishPostalCode, withPostalPlaces } from '../../../pipeline/normalise/postal-code-files.ts';

describe('postal-code rows', () => {
  it('reads back what it writes', () => {
    const row = { postalCode: '08798', municipalities: ['08013', '08209'], unlisted: [{ name: 'Sant Cugat Sesgarrigues', lat: 41.3625, lng: 1.752 }] };
    const line = formatPostalRow(row);
    expect(line).toBe('08798\t08013|08209\tSant Cugat Sesgarrigues;41.3625;1.7520');
    expect(parsePostalRow(line, 2, 'x')).toEqual(row);
  });

  it('joins several places with a bar', () => {
    const unlisted = [{ name: 'Alea', lat: 43.4422, lng: -5.1618 }, { name: 'Linares', lat: 43.4615, lng: -5.0595 }];
    expect(formatPostalRow({ postalCode: '33345', municipalities: ['33056'], unlisted })).toBe('33345\t33056\tAlea;43.4422;-5.1618|Linares;43.4615;-5.0595');
  });

  it('reads a file: the header line skipped, empty lines too, a bad line named by its line number', () => {
    expect(parsePostalFile('postalCode\tmunicipalities\tunlisted\n17256\t17124\t\n\n', 'f.tsv')).toEqual([{ postalCode: '17256', municipalities: ['17124'], unlisted: [] }]);
    expect(() => parsePostalFile('postalCode\tmunicipalities\tunlisted\n17256\t17124\t\nbad\n', 'f.tsv')).toThrow('f.tsv:3: not a postal-code row');
  });

  it('reads empty lists as none', () => {
    expect(parsePostalRow('17256\t\t', 3, 'x')).toEqual({ postalCode: '17256', municipalities: [], unlisted: [] });
  });

  it('rejects a line that is no row, naming where it is', () => {
    expect(() => parsePostalRow('1725\t17124\t', 4, 'f.tsv')).toThrow('f.tsv:4: not a postal-code row');
    expect(() => parsePostalRow('17256\t17124', 5, 'f.tsv')).toThrow('f.tsv:5: not a postal-code row');
    expect(() => parsePostalRow('x17256\t17124\t', 6, 'f.tsv')).toThrow('f.tsv:6');
    expect(() => parsePostalRow('172567\t17124\t', 7, 'f.tsv')).toThrow('f.tsv:7');
  });

  it('looks a place up as written, without its bracketed municipality, and with a trailing article put first', () => {
    expect(postalNameForms('Pals')).toEqual(['Pals']);
    expect(postalNameForms('Gafares (Sorbas)')).toEqual(['Gafares (Sorbas)', 'Gafares']);
    expect(postalNameForms('Nudos, Los (Senes)')).toEqual(['Nudos, Los (Senes)', 'Nudos, Los', 'Los Nudos']);
    expect(postalNameForms('Masos De Pals, Els')).toEqual(['Masos De Pals, Els', 'Els Masos De Pals']);
    expect(postalNameForms('Gafares(Sorbas)')).toEqual(['Gafares(Sorbas)', 'Gafares']);
    expect(postalNameForms('Gafares (Sorbas) ')).toEqual(['Gafares (Sorbas) ', 'Gafares']);
  });

  it('leaves a bracket or an article inside the name where it is', () => {
    expect(postalNameForms('Rincon (El) Bajo')).toEqual(['Rincon (El) Bajo']);
    expect(postalNameForms('Nudos, Los Altos')).toEqual(['Nudos, Los Altos']);
  });

  it('the committed table names the municipalities of a code and the places the gazetteer lacks', () => {
    expect(spanishPostalCode('17256')?.municipalities).toEqual(['17121', '17124']);
    expect(spanishPostalCode('08798')?.unlisted.map((place) => place.name)).toEqual(['Sant Cugat Sesgarrigues']);
    expect(spanishPostalCode('00000')).toBeNull();
  });

  it('adds what the table says of a code to what the postal code tells the city check, where it tells it anything', () => {
    const postal = { admin2: 'GI', capital: false };
    expect(withPostalPlaces(postal, '17256')).toEqual({ admin2: 'GI', capital: false, places: spanishPostalCode('17256') });
    expect(withPostalPlaces(postal, '17256')?.places?.municipalities).toEqual(['17121', '17124']);
    expect(withPostalPlaces(postal, null)).toBe(postal);
    expect(withPostalPlaces(null, '17256')).toBeNull();
    expect(withPostalPlaces(null, null)).toBeNull();
  });
});
