// The Spanish postal-code table's rows: written and read back alike, and GeoNames' place names looked up in the gazetteer's forms.
import { describe, expect, it } from 'vitest';
import { formatPostalRow, parsePostalRow, postalNameForms } from '../../../pipeline/normalise/postal-code-rows.ts';
import { spanishPostalCode } from '../../../pipeline/normalise/postal-code-files.ts';

describe('postal-code rows', () => {
  it('reads back what it writes', () => {
    const row = { postalCode: '08798', municipalities: ['08013', '08209'], unlisted: [{ name: 'Sant Cugat Sesgarrigues', lat: 41.3625, lng: 1.752 }] };
    const line = formatPostalRow(row);
    expect(line).toBe('08798\t08013|08209\tSant Cugat Sesgarrigues;41.3625;1.7520');
    expect(parsePostalRow(line, 2, 'x')).toEqual(row);
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
  });

  it('the committed table names the municipalities of a code and the places the gazetteer lacks', () => {
    expect(spanishPostalCode('17256')?.municipalities).toEqual(['17121', '17124']);
    expect(spanishPostalCode('08798')?.unlisted.map((place) => place.name)).toEqual(['Sant Cugat Sesgarrigues']);
    expect(spanishPostalCode('00000')).toBeNull();
  });
});
