import { describe, expect, it } from 'vitest';
import { capitalised, formatRow, leadingArticles, nameKeys, parseRow, rowFromGeoNames } from '../../../pipeline/normalise/gazetteer-rows.ts';

const es = leadingArticles(['El', 'La', 'Los', 'Las', "L'", 'Els', 'Les', 'O', 'A', 'Os', 'As']);
const geonames = (cells: Record<number, string>): string => {
  const line = ['3117232', 'el Masnou', 'el Masnou', '', '41.47978', '2.3188', 'P', 'PPL', 'ES', '', '56', 'B', '08118', '', '23340', '', '20', 'Europe/Madrid', '2012-03-04'];
  for (const [index, value] of Object.entries(cells)) line[Number(index)] = value;
  return line.join('\t');
};

describe('leadingArticles', () => {
  it('leaves out an article with no letter or digit', () => {
    expect(leadingArticles(['El', "'"]).source).toBe('^(?:el)-(?=.)');
  });
});

describe('nameKeys', () => {
  it('gives the slug and the slug without a leading article', () => {
    expect(nameKeys('El Masnou', es)).toEqual(['el-masnou', 'masnou']);
    expect(nameKeys("L'Escala", es)).toEqual(['l-escala', 'escala']);
    expect(nameKeys('Lleida', es)).toEqual(['lleida']);
    expect(nameKeys('La', es)).toEqual(['la']);
    expect(nameKeys('---', es)).toEqual([]);
  });
});

describe('capitalised', () => {
  it('puts a capital on a name that begins with a lower-case article', () => {
    expect(capitalised('la Marina')).toBe('La Marina');
    expect(capitalised("l'Escala")).toBe("L'Escala");
    expect(capitalised('')).toBe('');
  });
});

describe('rowFromGeoNames', () => {
  it('reads a locality of the country', () => {
    const row = rowFromGeoNames(geonames({ 3: 'Masnou,MSN,ma si nou,El Masnou,Масноу' }), 'es', es);
    expect(row).toEqual({
      name: 'El Masnou',
      lat: 41.47978,
      lng: 2.3188,
      feature: 'PPL',
      admin1: '56',
      admin2: 'B',
      municipality: '08118',
      population: 23340,
      nameSlugs: ['el-masnou', 'masnou'],
      otherSlugs: [],
    });
  });

  it('keeps other Latin names with a capital, never codes, romanisations or other scripts', () => {
    const row = rowFromGeoNames(geonames({ 1: 'Lleida', 2: 'Lleida', 3: 'ILD,Ilerda,Lerida,lyydh,Лерида,Lérida' }), 'es', es);
    expect(row?.otherSlugs).toEqual(['ilerda', 'lerida']);
  });

  it('leaves out other countries, other feature classes and sections of a town', () => {
    expect(rowFromGeoNames(geonames({ 8: 'FR' }), 'es', es)).toBeNull();
    expect(rowFromGeoNames(geonames({ 6: 'A' }), 'es', es)).toBeNull();
    expect(rowFromGeoNames(geonames({ 7: 'PPLX' }), 'es', es)).toBeNull();
    expect(rowFromGeoNames(geonames({ 4: 'north' }), 'es', es)).toBeNull();
    expect(rowFromGeoNames('too\tfew', 'es', es)).toBeNull();
  });

  it("reads the municipality from each country's admin level", () => {
    const line = geonames({ 8: 'FR', 10: '84', 11: '69', 12: '691', 13: '69123' });
    expect(rowFromGeoNames(line, 'fr', es)?.municipality).toBe('69123');
    expect(rowFromGeoNames(geonames({ 8: 'PT', 11: '1512', 12: '151202' }), 'pt', es)?.municipality).toBe('1512');
    expect(rowFromGeoNames(geonames({ 8: 'GB', 11: 'Z1', 12: 'N09000003' }), 'gb', es)?.municipality).toBe('Z1');
  });

  it("publishes the official name where GeoNames writes another, GeoNames' own kept among the other names", () => {
    const officialNames = new Map([['3112779', 'A Pobra de Trives']]);
    const trives = rowFromGeoNames(geonames({ 0: '3112779', 1: 'Pobra de Trives', 2: 'Pobra de Trives', 3: 'Poboa de trives' }), 'es', es, officialNames);
    expect(trives).toMatchObject({ name: 'A Pobra de Trives', nameSlugs: ['a-pobra-de-trives', 'pobra-de-trives'], otherSlugs: ['poboa-de-trives'] });
    const arahal = rowFromGeoNames(geonames({ 0: '2518729', 1: 'El Arahal', 2: 'El Arahal', 3: 'Arahal,El Arahal' }), 'es', es, new Map([['2518729', 'Arahal']]));
    expect(arahal).toMatchObject({ name: 'Arahal', nameSlugs: ['arahal'], otherSlugs: ['el-arahal'] });
    expect(rowFromGeoNames(geonames({ 0: '1' }), 'es', es, officialNames)?.name).toBe('El Masnou');
  });

  it('reads every living locality feature, and a line of exactly 15 columns', () => {
    for (const feature of ['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLA5', 'PPLC', 'PPLF', 'PPLL', 'PPLR', 'PPLS']) {
      expect(rowFromGeoNames(geonames({ 7: feature }), 'es', es)?.feature).toBe(feature);
    }
    const fifteen = geonames({}).split('\t').slice(0, 15).join('\t');
    expect(rowFromGeoNames(fifteen, 'es', es)?.population).toBe(23340);
    expect(rowFromGeoNames(geonames({}).split('\t').slice(0, 14).join('\t'), 'es', es)).toBeNull();
  });

  it('trims the name and refuses an empty one', () => {
    expect(rowFromGeoNames(geonames({ 1: ' Lleida ' }), 'es', es)?.name).toBe('Lleida');
    expect(rowFromGeoNames(geonames({ 1: '  ' }), 'es', es)).toBeNull();
    expect(rowFromGeoNames(geonames({ 1: '' }), 'es', es)).toBeNull();
  });

  it('keeps other names of Latin letters with their marks, at least two characters long, never codes', () => {
    const others = (alternates: string) => rowFromGeoNames(geonames({ 1: 'Lleida', 2: 'Lleida', 3: alternates }), 'es', es)?.otherSlugs;
    expect(others('A, B,Ea')).toEqual(['ea']);
    expect(others('Москва Moscow,Moscow Москва')).toEqual([]);
    expect(others('Ca\u0301diz')).toEqual(['cadiz']);
    expect(others('Sant Joan AB,ABC Town,ILD')).toEqual(['sant-joan-ab', 'abc-town']);
  });

  it("adds GeoNames' own name to the other names only where an official name replaced it", () => {
    // GeoNames' ASCII name is another column: here it differs, so only the official-name rule keeps "Abc".
    expect(rowFromGeoNames(geonames({ 0: '7', 1: 'Abc', 2: 'Xyz', 3: '' }), 'es', es, new Map([['7', 'Xyz']]))).toMatchObject({ name: 'Xyz', otherSlugs: ['abc'] });
    expect(rowFromGeoNames(geonames({ 0: '7', 1: 'Abc', 2: 'Abc', 3: '' }), 'es', es, new Map([['8', 'Xyz']]))).toMatchObject({ name: 'Abc', otherSlugs: [] });
  });

  it('reads a missing population as 0', () => {
    expect(rowFromGeoNames(geonames({ 14: '' }), 'es', es)?.population).toBe(0);
  });
});

describe('formatRow and parseRow', () => {
  it('round-trip a row', () => {
    const row = rowFromGeoNames(geonames({ 3: 'Masnou' }), 'es', es)!;
    expect(parseRow(formatRow(row), 2, 'x')).toEqual(row);
    const other = { ...row, otherSlugs: ['a', 'b'] };
    expect(parseRow(formatRow(other), 2, 'x')).toEqual(other);
    const unnamed = { ...row, nameSlugs: [] };
    expect(parseRow(formatRow(unnamed), 2, 'x')).toEqual(unnamed);
  });

  it('names the file and line of a damaged row', () => {
    expect(() => parseRow('El Masnou\t41', 7, 'data/gazetteer/es.tsv.gz')).toThrow('data/gazetteer/es.tsv.gz:7: expected 10 columns, got 2');
  });
});
