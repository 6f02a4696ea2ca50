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
    ['Q.ta do Conde', 'pt', 'Quinta do Conde'],
    ['Vila do Bpo.', 'pt', 'Vila do Bispo'],
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

describe('city tidying: edge cases found by mutation runs', () => {
  const known = () => true;

  it.each<[string, CountryCode, string]>([
    // Spaces around and inside the brackets or after the comma; capitals as written.
    ['Orotava ( La )', 'es', 'La Orotava'],
    ['Orotava(La)', 'es', 'La Orotava'],
    ['Laguna,La', 'es', 'La Laguna'],
    ['Laguna,   La', 'es', 'La Laguna'],
    ['Orotava (La)  ', 'es', 'La Orotava'],
    ['  Orotava (La)', 'es', 'La Orotava'],
    ['LAGUNA, LA', 'es', 'La LAGUNA'],
    ['Mumbles, the', 'gb', 'The Mumbles'],
    ['O (La)', 'es', 'La O'],
    ['Puerto de la Cruz, El', 'es', 'El Puerto de la Cruz'],
    // Only a whole article at the very end, after a name.
    ['Orotava (La) Sur', 'es', 'Orotava (La) Sur'],
    ['Laguna, La Sur', 'es', 'Laguna, La Sur'],
    ['Orotava (Lax)', 'es', 'Orotava (Lax)'],
    ['Orotava (L)', 'es', 'Orotava (L)'],
    ["Orotava (La')", 'es', "Orotava (La')"],
    ['Orotava La', 'es', 'Orotava La'],
    ['Orotava [La]', 'es', 'Orotava [La]'],
    ['Orotava (La', 'es', 'Orotava (La'],
    ['Orotava La)', 'es', 'Orotava La)'],
    ['(La)', 'es', '(La)'],
    [', La', 'es', ', La'],
  ])('moveArticleToFront(%j, %s) → %j', (city, country, expected) => {
    expect(moveArticleToFront(city, country)).toBe(expected);
  });

  it.each([
    ['Eibar  Eibar', 'Eibar'],
    [' Eibar Eibar ', 'Eibar'],
    ['Eibar\tEibar', 'Eibar'],
    ['Eibar Éibar', 'Eibar'],
    ['Eibar. Eibar', 'Eibar.'],
    ['San Sebastián San Sebastián', 'San Sebastián'],
    ['Bora-Bora Bora-Bora', 'Bora-Bora'],
    ['BORA BORA', 'BORA BORA'],
    ['A B A B', 'A B'],
    ['A B B A', 'A B B A'],
    // An odd number of words is never a doubled name, even when a middle word folds to nothing.
    ['Eibar - Eibar', 'Eibar - Eibar'],
    ['', ''],
  ])('collapseDoubled(%j) → %j', (value, expected) => {
    expect(collapseDoubled(value)).toBe(expected);
  });

  it.each<[string, CountryCode, string, string]>([
    // [city, country, when every name is known, when none is]
    ['Mxnha Grande', 'pt', 'Mxnha Grande', 'Mxnha Grande'],
    ['Ptex de Lima', 'pt', 'Ptex de Lima', 'Ptex de Lima'],
    ['Pte.x de Lima', 'pt', 'Pte.x de Lima', 'Pte.x de Lima'],
    ['xPte. de Lima', 'pt', 'xPte. de Lima', 'xPte. de Lima'],
    ['Pte.-de-Lima', 'pt', 'Pte.-de-Lima', 'Pte.-de-Lima'],
    ['Ponte Pte. Pte.', 'pt', 'Ponte Ponte Ponte', 'Ponte Pte. Pte.'],
    ['Pte.  de Lima', 'pt', 'Ponte  de Lima', 'Ponte  de Lima'],
    ['Sto. Sto.', 'es', 'Santo Santo', 'Sto. Sto.'],
    ['Sta.', 'es', 'Santa', 'Sta.'],
    ['Rua Sta. Maria', 'pt', 'Rua Santa Maria', 'Rua Sta. Maria'],
    ['St Malo', 'fr', 'Saint Malo', 'Saint Malo'],
    ['Ste. Maxime', 'fr', 'Sainte Maxime', 'Sainte Maxime'],
    ['Gt. Yarmouth', 'gb', 'Great Yarmouth', 'Gt. Yarmouth'],
  ])('expandAbbreviation(%j, %s) → %j known, %j unknown', (city, country, whenKnown, whenUnknown) => {
    expect(expandAbbreviation(city, country, known)).toBe(whenKnown);
    expect(expandAbbreviation(city, country, unknown)).toBe(whenUnknown);
  });

  it('names every rule that changed the value', () => {
    expect(tidyCity('Pte. de Lima', 'pt', unknown)).toEqual({ value: 'Ponte de Lima', rules: ['abbreviation-expanded'] });
    expect(tidyCity('Laguna, La', 'es', unknown)).toEqual({ value: 'La Laguna', rules: ['article-moved'] });
    expect(tidyCity('Sta. Cruz Sta. Cruz', 'es', (name) => name === 'Santa Cruz')).toEqual({
      value: 'Santa Cruz',
      rules: ['doubled-collapsed', 'abbreviation-expanded'],
    });
  });

  it.each<[string, string, string]>([
    // [slug, in es, in gb]
    ['san-sebastian-san-sebastian', 'san-sebastian', 'san-sebastian'],
    ['orotava-la-sur', 'orotava-la-sur', 'orotava-la-sur'],
    ['puerto-de-la-cruz-el', 'el-puerto-de-la-cruz', 'puerto-de-la-cruz-el'],
    ['orotava-lax', 'orotava-lax', 'orotava-lax'],
    ['baden-baden', 'baden-baden', 'baden-baden'],
    ['a-b-a-b', 'a-b', 'a-b'],
    ['a-b-a', 'a-a-b', 'a-b-a'],
    ['la', 'la', 'la'],
    ['-la', '-la', '-la'],
    ['orotava-la-la', 'la-orotava-la', 'orotava-la-la'],
    ['orotava-la-orotava-la', 'la-orotava', 'orotava-la'],
    ['hospitalet-l', 'l-hospitalet', 'hospitalet-l'],
  ])('tidyCitySlug(%s) → %s (es), %s (gb)', (slug, inEs, inGb) => {
    expect(tidyCitySlug(slug, 'es')).toBe(inEs);
    expect(tidyCitySlug(slug, 'gb')).toBe(inGb);
  });
});
