// The slug a city had as published stays an alias when the city is tidied or replaced from fullAddress.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../model/countries.ts';
import type { CountryCode } from '../../model/place.ts';
import { normaliseAddress } from '../../pipeline/normalise/address.ts';

describe('citySlugAliases', () => {
  it.each<[CountryCode, Record<string, unknown>, string | null, string | null, string[] | undefined]>([
    // A province as city, the locality from fullAddress: the province's canonical slug stays an alias.
    ['es', { address: { city: 'Lérida' }, fullAddress: 'Ctra. N-260 km 198, 25720 Bellver de Cerdanya, Lérida, España' }, 'Bellver de Cerdanya', 'bellver-de-cerdanya', ['lleida']],
    // An abbreviation expanded: the abbreviated slug stays.
    ['pt', { address: { city: 'Pte. de Lima' } }, 'Ponte de Lima', 'ponte-de-lima', ['pte-de-lima']],
    // An inverted article: the filter already tidies "orotava-la", so no alias is needed.
    ['es', { address: { city: 'Orotava (La)' } }, 'La Orotava', 'la-orotava', undefined],
    // A value that was no city had no slug before: nothing to keep.
    ['es', { address: { city: 'Km. 1167' }, fullAddress: 'N-340 Km. 1167, 11380 Tarifa, Cádiz, España' }, 'Tarifa', 'tarifa', undefined],
    // Unchanged, or only another name of the same city: no alias.
    ['es', { address: { city: 'Madrid' } }, 'Madrid', 'madrid', undefined],
    ['es', { address: { city: 'La Coruña' } }, 'La Coruña', 'a-coruna', undefined],
    ['es', { address: null, fullAddress: null }, null, null, undefined],
  ])('%s %j → city %j, slug %j, aliases %j', (code, raw, city, slug, aliases) => {
    const { value } = normaliseAddress({ address: raw.address, fullAddress: raw.fullAddress }, COUNTRIES[code]);
    expect(value.address.city).toBe(city);
    expect(value.citySlug).toBe(slug);
    expect(value.citySlugAliases).toEqual(aliases);
  });
});
