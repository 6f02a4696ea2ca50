// The city filter over listings like the real exports' hard cases: each city slug finds exactly the places in that locality.
import { describe, expect, it } from 'vitest';
import { normaliseListing } from '../../../pipeline/normalise/normalise-listing.ts';
import { createSuppressionMatcher, parseSuppressionList } from '../../../pipeline/normalise/suppression.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import { publishListings, sortIds, tempDataDir } from './support/snapshot-test-kit.ts';

interface Case {
  /** What the listing resembles in the real exports. */
  shows: string;
  listing: Record<string, unknown>;
  /** The slug of the locality the place is in (null: no city can be told). */
  locality: string | null;
}

const at = (lat: number, lng: number) => ({ location: { lat, lng } });

const CASES: Case[] = [
  {
    shows: 'a junk city, the postal line naming the province ("08320 Barcelona") at El Masnou',
    listing: { name: 'Camping Masnou', address: { city: 'Ctra. N-II km 633', state: 'Barcelona' }, fullAddress: 'Ctra. N-II km 633, 08320 Barcelona, España', ...at(41.4794, 2.3343) },
    locality: 'el-masnou',
  },
  {
    shows: 'El Masnou named as such',
    listing: { name: 'Hostal del Port', address: { city: 'El Masnou', state: 'Barcelona', postalCode: '08320' }, ...at(41.4779, 2.3172) },
    locality: 'el-masnou',
  },
  {
    shows: 'a place in Barcelona itself',
    listing: { name: 'Hotel Mallorca', address: { street: 'Carrer de Mallorca 200', city: 'Barcelona', state: 'Barcelona', postalCode: '08036' }, ...at(41.3906, 2.1556) },
    locality: 'barcelona',
  },
  {
    shows: '"Lérida", the province, as the city of a camp site at Sort',
    listing: { name: 'Càmping Noguera', address: { city: 'Lérida', state: 'Lleida' }, ...at(42.4075, 1.1281) },
    locality: 'sort',
  },
  {
    shows: 'a place in Lleida itself, its city written "Lérida"',
    listing: { name: 'Hotel Ilerda', address: { city: 'Lérida', state: 'Lleida', postalCode: '25002' }, ...at(41.6176, 0.6200) },
    locality: 'lleida',
  },
  {
    shows: '"La Coruña", the province, as the city of a camp site at Ares',
    listing: { name: 'Camping O Raso', address: { city: 'La Coruña', state: 'A Coruña' }, ...at(43.4268, -8.2280) },
    locality: 'ares',
  },
  {
    shows: 'a place in A Coruña itself',
    listing: { name: 'Hotel Riazor', address: { city: 'A Coruña', state: 'A Coruña', postalCode: '15004' }, ...at(43.3685, -8.4075) },
    locality: 'a-coruna',
  },
  {
    shows: '"etc." as the city, the full address naming Moralzarzal',
    listing: { name: 'Camping Los Herrenes', address: { city: 'etc.', state: 'Madrid' }, fullAddress: 'Ctra. M-608 km 14, 28411 Moralzarzal, Madrid, España', ...at(40.6712, -3.9556) },
    locality: 'moralzarzal',
  },
  {
    shows: '"Unnamed Road" as the city, near Nerja',
    listing: { name: 'Camping Cortijo', address: { city: 'Unnamed Road', state: 'Málaga' }, ...at(36.7645, -3.8562) },
    locality: 'nerja',
  },
  {
    shows: 'the postal line naming the province ("29787 Málaga") at Nerja',
    listing: { name: 'Camping Nerja', fullAddress: 'Ctra. N-340 km 295, 29787 Málaga, España', ...at(36.7577, -3.8441) },
    locality: 'nerja',
  },
  {
    shows: '"Puerto de la Cruz (El)", the register\'s form',
    listing: { name: 'Apartamentos Martiánez', address: { city: 'Puerto de la Cruz (El)', state: 'Santa Cruz de Tenerife', postalCode: '38400' }, ...at(28.4155, -16.5420) },
    locality: 'puerto-de-la-cruz',
  },
  {
    shows: "Madrid's Barajas, 12 km from the centre, with a Madrid postal code",
    listing: { name: 'Hotel Barajas Plaza', address: { city: 'Madrid', state: 'Madrid', postalCode: '28042' }, ...at(40.4700, -3.5800) },
    locality: 'madrid',
  },
  {
    shows: '"Madrid" for a camp site 44 km away, in Navalafuente',
    listing: { name: 'Camping Piscis', address: { city: 'Madrid', state: 'Madrid', postalCode: '28729' }, ...at(40.8265, -3.6741) },
    locality: 'navalafuente',
  },
  {
    shows: 'no coordinates: the old rules stand',
    listing: { name: 'Hostal Toledo', address: { city: 'Toledo', state: 'Toledo', postalCode: '45001' } },
    locality: 'toledo',
  },
];

const matcher = createSuppressionMatcher(parseSuppressionList('').list);
const listings = CASES.map(({ listing }, index) =>
  normaliseListing({ providerId: `city-${index}`, categories: ['Camping'], ...listing }, { file: 'cities.jsonl', fileIndex: 0, line: index + 1 }, { country: 'es', matchSuppression: matcher }),
);
const idOf = (index: number) => `es-city-${index}`;

describe('the city filter over real-data-like listings', () => {
  // Published afresh for each test: the kit removes its data directories after every test.
  const found = (slug: string): string[] => {
    const dataDir = tempDataDir();
    publishListings(dataDir, listings);
    const reader = openSnapshotReader(dataDir);
    try {
      return reader.search({ country: 'es', limit: 100, citySlug: slug }).places.map((place) => place.id);
    } finally {
      reader.close();
    }
  };
  const placesIn = (slug: string) => sortIds(CASES.flatMap((entry, index) => (entry.locality === slug ? [idOf(index)] : [])));

  it.each(CASES.map((entry, index) => [entry.shows, index] as const))('%s: published in its locality', (_shows, index) => {
    expect(listings[index]!.status).toBe('published');
    expect(listings[index]!.citySlug).toBe(CASES[index]!.locality);
  });

  const localities = [...new Set(CASES.map((entry) => entry.locality).filter((slug): slug is string => slug !== null))];
  it.each(localities)('city=%s finds exactly the places in that locality', (slug) => {
    expect(sortIds(found(slug))).toEqual(placesIn(slug));
  });

  it.each<[string, string]>([
    ['lerida', 'lleida'],
    ['la-coruna', 'a-coruna'],
    ['masnou', 'el-masnou'],
    ['el-puerto-de-la-cruz', 'puerto-de-la-cruz'],
  ])('city=%s, another name of a locality, finds the places of %s and nothing else', (alias, slug) => {
    expect(sortIds(found(alias))).toEqual(placesIn(slug));
  });

  it.each(['etc', 'unnamed-road', 'malaga', 'girona', 'sevilla', 'ctra-n-ii-km-633'])('city=%s finds nothing: no place is there', (slug) => {
    expect(found(slug)).toEqual([]);
  });
});
