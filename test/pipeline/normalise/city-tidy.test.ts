import { describe, expect, it } from 'vitest';
import { collapseDoubled, expandAbbreviation, isRegionName, moveArticleToFront, tidyCity, tidyCitySlug } from '../../../pipeline/normalise/city-tidy.ts';
import { canonicalCitySlug } from '../../../pipeline/normalise/city-names.ts';
import { normaliseAddress } from '../../../pipeline/normalise/address.ts';
import { COUNTRIES } from '../../../model/countries.ts';
import type { CountryCode } from '../../../model/place.ts';

const unknown = () => false;

describe('moveArticleToFront', () => {
  it.each<[string, CountryCode, string]>([
    ['Orotava (La)', 'es', 'La Orotava'],
    ['Laguna, La', 'es', 'La Laguna'],
    ['Realejos (Los)', 'es', 'Los Realejos'],
    ['Palmas (las)', 'es', 'Las Palmas'],
    ['Puerto de la Cruz (El)', 'es', 'El Puerto de la Cruz'],
    ["Hospitalet (L')", 'es', "L'Hospitalet"],
    ['Guarda (A)', 'es', 'A Guarda'],
    ['Figueira (A)', 'pt', 'A Figueira'],
    ['Havre (Le)', 'fr', 'Le Havre'],
    ['Mumbles, The', 'gb', 'The Mumbles'],
    ['Havre (Le)', 'gb', 'Havre (Le)'],
    ['La Orotava', 'es', 'La Orotava'],
    ['Alcalá la Real', 'es', 'Alcalá la Real'],
    ['Sol (Playa)', 'es', 'Sol (Playa)'],
  ])('%s (%s) → %s', (city, country, expected) => {
    expect(moveArticleToFront(city, country)).toBe(expected);
  });
});

describe('collapseDoubled', () => {
  it.each([
    ['Eibar Eibar', 'Eibar'],
    ['Gipuzkoa Gipuzkoa', 'Gipuzkoa'],
    ['San Sebastián San Sebastian', 'San Sebastián'],
    ['Bora Bora', 'Bora Bora'],
    ['Eibar', 'Eibar'],
    ['Villa Nueva Villa', 'Villa Nueva Villa'],
    ['Baden-Baden', 'Baden-Baden'],
  ])('%s → %s', (value, expected) => {
    expect(collapseDoubled(value)).toBe(expected);
  });
});

describe('expandAbbreviation', () => {
  it.each<[string, CountryCode, string]>([
    ['Pte. de Lima', 'pt', 'Ponte de Lima'],
    ['M.nha Grande', 'pt', 'Marinha Grande'],
    ['Cdad. Real', 'es', 'Ciudad Real'],
    ['Vejer de la Fra.', 'es', 'Vejer de la Frontera'],
    ['Sta. Inventada', 'es', 'Sta. Inventada'],
    ['Pte. de Lima', 'es', 'Pte. de Lima'],
    ['Ponte de Lima', 'pt', 'Ponte de Lima'],
  ])('%s (%s) → %s', (city, country, expected) => {
    expect(expandAbbreviation(city, country, unknown)).toBe(expected);
  });

  it('expands to a name the alias table knows', () => {
    expect(expandAbbreviation('Sta. Inventada', 'es', (name) => name === 'Santa Inventada')).toBe('Santa Inventada');
  });
});

describe('isRegionName', () => {
  it.each<[string, CountryCode, boolean]>([
    ['Lérida', 'es', true],
    ['Lleida', 'es', true],
    ['Castelló', 'es', true],
    ['La Coruña', 'es', true],
    ['lerida', 'es', true],
    ['Bellver de Cerdanya', 'es', false],
    ['Faro', 'pt', true],
    ['Viana do Castelo', 'pt', true],
    ['Ponte de Lima', 'pt', false],
    ['Finistère', 'fr', true],
    ['Bretagne', 'fr', true],
    ['County Antrim', 'gb', true],
    ['Belfast', 'gb', false],
    ['Lérida', 'pt', false],
  ])('%s (%s) → %s', (value, country, expected) => {
    expect(isRegionName(value, country)).toBe(expected);
  });
});

describe('tidyCity and tidyCitySlug', () => {
  it('applies the rules in order and names them', () => {
    expect(tidyCity('Orotava (La) Orotava (La)', 'es', unknown)).toEqual({ value: 'La Orotava', rules: ['doubled-collapsed', 'article-moved'] });
    expect(tidyCity('Madrid', 'es', unknown)).toEqual({ value: 'Madrid', rules: [] });
  });

  it.each([
    ['orotava-la', 'la-orotava'],
    ['laguna-la', 'la-laguna'],
    ['eibar-eibar', 'eibar'],
    ['hospitalet-l', 'l-hospitalet'],
    ['la-orotava', 'la-orotava'],
    ['madrid', 'madrid'],
    ['bora-bora', 'bora-bora'],
  ])('slug %s → %s', (slug, expected) => {
    expect(tidyCitySlug(slug, 'es')).toBe(expected);
  });

  it('slugs made before the tidying still reach the tidied city through canonicalCitySlug', () => {
    expect(canonicalCitySlug('es', 'orotava-la')).toBe('la-orotava');
    expect(canonicalCitySlug('es', 'eibar-eibar')).toBe('eibar');
    expect(canonicalCitySlug('es', 'coruna-la')).toBe('a-coruna');
    expect(canonicalCitySlug('es', 'la-coruna')).toBe('a-coruna');
  });
});

describe('normaliseAddress with the tidying and fullAddress', () => {
  const es = COUNTRIES.es;
  const groups = (result: ReturnType<typeof normaliseAddress>) => result.issues.map((found) => `${found.code}:${found.group ?? ''}`);

  it.each<[string, { address: unknown; fullAddress?: unknown }, { city: string | null; street?: string | null; postalCode?: string | null; state?: string | null }, string | null, string[]]>([
    ['an inverted article', { address: { city: 'Orotava (La)' } }, { city: 'La Orotava' }, 'la-orotava', ['city-tidied:article-moved']],
    ['a doubled city and state', { address: { city: 'Eibar Eibar', state: 'Gipuzkoa Gipuzkoa' } }, { city: 'Eibar', state: 'Gipuzkoa' }, 'eibar', ['city-tidied:doubled-collapsed', 'state-tidied:doubled-collapsed']],
    ['a province as city', { address: { city: 'Lérida' }, fullAddress: 'Ctra. N-260, 25720 Bellver de Cerdanya, Lérida, España' },
      { city: 'Bellver de Cerdanya', street: 'Ctra. N-260', postalCode: '25720' }, 'bellver-de-cerdanya',
      ['street-from-full-address:', 'postal-code-from-full-address:', 'city-from-full-address:region']],
    ['a provincial capital named like its province', { address: { city: 'Lleida', street: 'C/ Major 1', postalCode: '25001' }, fullAddress: 'C/ Major 1, 25001 Lleida, Lleida, España' },
      { city: 'Lleida' }, 'lleida', []],
    ['a km fragment as city', { address: { city: 'Km. 1167', street: 'N-340', postalCode: '11380' }, fullAddress: 'N-340 Km. 1167, 11380 Tarifa, Cádiz, España' },
      { city: 'Tarifa' }, 'tarifa', ['city-from-full-address:not-a-city']],
    ['a missing city', { address: { street: 'Calle Sol 1', postalCode: '29712' }, fullAddress: 'Calle Sol 1, 29712 Viñuela, Málaga, España' },
      { city: 'Viñuela' }, 'vinuela', ['city-from-full-address:missing']],
    ['a km fragment without a fullAddress', { address: { city: 'Km. 2' } }, { city: null }, null, ['invalid-city:']],
    ['a province without a fullAddress', { address: { city: 'Castelló' } }, { city: 'Castelló' }, 'castello', []],
  ])('%s', (_name, raw, expected, slug, issueGroups) => {
    const result = normaliseAddress({ fullAddress: undefined, ...raw }, es);
    expect(result.value.address).toMatchObject(expected);
    expect(result.value.citySlug).toBe(slug);
    expect(groups(result)).toEqual(issueGroups);
  });
});
