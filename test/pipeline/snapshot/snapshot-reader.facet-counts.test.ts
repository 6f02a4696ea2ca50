// Facet counts over the whole result against a count over the listings: filters, q, match, orders and city aliases.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LodgingType } from '../../../model/place.ts';
import type { NormalisedListing } from '../../../pipeline/normalise/normalised-listing.ts';
import { compareBinary } from '../../../pipeline/snapshot/binary-order.ts';
import { CITY_FACET_SIZE, type SearchQuery, type SnapshotReader } from '../../../pipeline/snapshot/reader-types.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import { searchWords } from '../../../pipeline/snapshot/search-words.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings } from './support/snapshot-test-kit.ts';

const TYPES: LodgingType[] = ['hotel', 'hostel', 'campsite', 'guesthouse'];
/** 26 cities, more than the city facet holds, in sizes that tie. */
const CITIES = Array.from({ length: 26 }, (_, i) => `Villa ${String.fromCharCode(97 + ((i * 7) % 26))}${i % 4 === 0 ? 'á' : ''}`);

function listings(): NormalisedListing[] {
  return Array.from({ length: 400 }, (_, i) => {
    const city = i % 37 === 0 ? null : CITIES[(i * 7 + (i % 5 === 0 ? 3 : 0)) % CITIES.length]!;
    return makeListing({
      providerId: `f${String((i * 7919) % 10_007).padStart(5, '0')}`,
      status: i % 23 === 0 ? 'closed' : 'published',
      ...(i % 10 === 3 ? { citySlugAliases: ['lleida'] } : {}),
      place: {
        name: `${i % 4 === 0 ? 'Hotel' : 'Casa'} ${i % 6 === 0 ? 'Sol' : 'Luna'} ${i}`,
        address: { street: null, city, state: null, postalCode: null, country: 'es' },
        lodgingType: TYPES[(i * 3) % TYPES.length]!,
        whatsappEligible: i % 3 === 0,
        verified: i % 5 === 0,
      },
      source: { line: i + 1 },
    });
  });
}

type Filters = Omit<SearchQuery, 'country' | 'limit'>;

function expectedFacets(all: readonly NormalisedListing[], filters: Filters): Record<string, [string, number][]> {
  const words = searchWords(filters.q ?? '');
  const found = all
    .filter((l) => l.status === 'published')
    .filter((l) => filters.citySlug === undefined || l.citySlug === filters.citySlug || (l.citySlugAliases ?? []).includes(filters.citySlug))
    .filter((l) => filters.lodgingType === undefined || l.place.lodgingType === filters.lodgingType)
    .filter((l) => filters.whatsapp === undefined || l.place.whatsappEligible === filters.whatsapp)
    .filter((l) => filters.verified === undefined || l.place.verified === filters.verified)
    .filter((l) => {
      if (filters.q === undefined) return true;
      const text = [l.place.name, l.place.address.city, ...l.place.lodgingTypes].join(' ').toLowerCase();
      if ((filters.match ?? 'literal') === 'literal') return text.includes(filters.q.toLowerCase());
      const held = new Set(searchWords(text));
      return words.every((word) => held.has(word));
    });
  const tally = (key: (l: NormalisedListing) => string | null) => {
    const counts = new Map<string, number>();
    for (const l of found) {
      const value = key(l);
      if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return [...counts];
  };
  const yes = (n: number): [string, number][] => [
    ['true', n],
    ['false', found.length - n],
  ];
  return {
    lodgingType: tally((l) => l.place.lodgingType).sort((a, b) => compareBinary(a[0], b[0])),
    city: tally((l) => l.citySlug)
      .sort((a, b) => b[1] - a[1] || compareBinary(a[0], b[0]))
      .slice(0, CITY_FACET_SIZE),
    whatsappEligible: yes(found.filter((l) => l.place.whatsappEligible).length),
    verified: yes(found.filter((l) => l.place.verified).length),
  };
}

describe('facet counts at the reader', () => {
  const all = listings();
  let dataDir = '';
  let reader: SnapshotReader;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lodging-facet-counts-'));
    publishListings(dataDir, all);
    reader = openSnapshotReader(dataDir);
  });
  afterAll(() => {
    reader.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const cases: Filters[] = [
    {},
    { lodgingType: 'hostel' },
    { citySlug: 'villa-h' },
    { citySlug: 'villa-h', lodgingType: 'campsite', whatsapp: true },
    { verified: true, whatsapp: false },
    { citySlug: 'lleida' },
    { citySlug: 'lleida', lodgingType: 'hotel' },
    { citySlug: 'nowhere' },
    { lodgingType: 'apartment' },
    { q: 'sol' },
    { q: 'sol', citySlug: 'villa-h' },
    { q: 'hotel luna', match: 'words' },
    { q: 'casa', match: 'words', lodgingType: 'hotel' },
    { q: 'luna', sort: 'relevance', verified: false },
    { sort: 'name', lodgingType: 'guesthouse' },
    { sort: 'rating', citySlug: 'lleida' },
  ];

  it.each(cases)('%j: each facet counts the whole result, keys in the stated order, the same on the next page', (filters) => {
    const facets = ['lodgingType', 'city', 'whatsappEligible', 'verified'] as const;
    const first = reader.searchRows({ country: 'es', limit: 3, ...filters, facets });
    const counted = Object.fromEntries(Object.entries(first.facets ?? {}).map(([name, counts]) => [name, Object.entries(counts)]));
    expect(counted).toEqual(expectedFacets(all, filters));
    if (Object.keys(filters).length === 0) expect(counted.city).toHaveLength(CITY_FACET_SIZE);
    if (filters.citySlug === 'lleida' && filters.lodgingType === undefined) expect(counted.lodgingType!.length).toBeGreaterThan(0);
    if (first.hasMore && filters.sort === undefined) {
      const next = reader.searchRows({ country: 'es', limit: 3, ...filters, facets: ['city'], afterId: first.rows.at(-1)!.id });
      expect(next.facets).toEqual({ city: first.facets!.city });
    }
  });
});
