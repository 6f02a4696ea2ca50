// City slug aliases: a place whose city was replaced or tidied is still found by the slug it had before, in id pages.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { NormalisedListing } from '../../../pipeline/normalise/normalised-listing.ts';
import type { LodgingType } from '../../../model/place.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import { snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import type { SearchQuery, SnapshotReader } from '../../../pipeline/snapshot/reader-types.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings, sortIds, tempDataDir } from './support/snapshot-test-kit.ts';

type Filters = Omit<SearchQuery, 'country' | 'limit' | 'afterId'>;
const TYPES: LodgingType[] = ['campsite', 'hotel', 'guesthouse'];

/** Places in Lleida itself, camp sites once filed under "Lérida" now in their town, and places elsewhere. */
function listings(count: number): NormalisedListing[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = i % 3; // 0: Lleida, 1: was Lérida, now Bellver de Cerdanya, 2: Madrid
    const city = ['Lleida', 'Bellver de Cerdanya', 'Madrid'][kind]!;
    return makeListing({
      providerId: `c${String((i * 7919) % count).padStart(5, '0')}`,
      status: i % 11 === 0 ? 'closed' : 'published',
      citySlug: ['lleida', 'bellver-de-cerdanya', 'madrid'][kind]!,
      ...(kind === 1 ? { citySlugAliases: ['lleida'] } : {}),
      place: {
        name: `${i % 5 === 0 ? 'Camping Pirineu' : 'Hotel Sol'} ${i}`,
        address: { street: null, city, state: 'Lleida', postalCode: null, country: 'es' },
        lodgingType: TYPES[i % TYPES.length]!,
        whatsappEligible: i % 2 === 0,
      },
      source: { line: i + 1 },
    });
  });
}

function expectedIds(all: readonly NormalisedListing[], slug: string, filters: Filters): string[] {
  return sortIds(
    all
      .filter((l) => l.status === 'published' && (l.citySlug === slug || (l.citySlugAliases ?? []).includes(slug)))
      .filter((l) => filters.lodgingType === undefined || l.place.lodgingType === filters.lodgingType)
      .filter((l) => filters.whatsapp === undefined || l.place.whatsappEligible === filters.whatsapp)
      .filter((l) => filters.q === undefined || l.place.name!.toLowerCase().includes(filters.q.toLowerCase()))
      .map((l) => l.place.id),
  );
}

function walk(reader: SnapshotReader, filters: Filters, limit: number): string[] {
  const ids: string[] = [];
  for (let page = 0; page < 10_000; page += 1) {
    const result = reader.search({ country: 'es', limit, ...filters, afterId: ids.at(-1) });
    ids.push(...result.places.map((place) => place.id));
    if (!result.hasMore) return ids;
  }
  throw new Error('cursor walk did not end');
}

describe('city slug aliases', () => {
  const all = listings(90);
  /** A reader over `all`, published in a fresh data directory (removed after each test). */
  const open = (): SnapshotReader => {
    const dataDir = tempDataDir();
    publishListings(dataDir, all);
    return openSnapshotReader(dataDir);
  };

  it.each<[string, Filters]>([
    ['the old slug', { citySlug: 'lleida' }],
    ['an alias of the old slug', { citySlug: 'lerida' }],
    ['the old slug and a type', { citySlug: 'lerida', lodgingType: 'campsite' }],
    ['the old slug, a type and a flag', { citySlug: 'lleida', lodgingType: 'hotel', whatsapp: true }],
    ['the old slug and a short q', { citySlug: 'lleida', q: 'ir' }],
    ['the old slug and a q', { citySlug: 'lleida', q: 'pirineu' }],
  ])('%s finds the places under it and those that had it, in id order, page by page', (_name, filters) => {
    const expected = expectedIds(all, 'lleida', filters);
    expect(expected.length).toBeGreaterThan(0);
    const reader = open();
    for (const limit of [1, 4, 100]) expect(walk(reader, filters, limit)).toEqual(expected);
    reader.close();
  });

  it('the new slug finds the replaced places too, and an unrelated slug is untouched', () => {
    const reader = open();
    expect(walk(reader, { citySlug: 'bellver-de-cerdanya' }, 7)).toEqual(expectedIds(all, 'bellver-de-cerdanya', {}));
    expect(walk(reader, { citySlug: 'madrid' }, 7)).toEqual(expectedIds(all, 'madrid', {}));
    reader.close();
  });

  it('with more matching places than the filter-driven cap, a q is matched through the trigram index', () => {
    const many = listings(15_030);
    const dir = tempDataDir();
    publishListings(dir, many);
    const big = openSnapshotReader(dir);
    try {
      expect(walk(big, { citySlug: 'lerida', q: 'pirineu' }, 100)).toEqual(expectedIds(many, 'lleida', { q: 'pirineu' }));
    } finally {
      big.close();
    }
  });

  it('a duplicate that displaces the first record brings its own aliases, not the first one\'s', () => {
    const first = makeListing({ providerId: 'd1', citySlug: 'bellver-de-cerdanya', citySlugAliases: ['lleida'], source: { line: 2 } });
    const winner = makeListing({ providerId: 'd1', citySlug: 'bellver-de-cerdanya', citySlugAliases: ['puigcerda'], source: { line: 1 } });
    const dir = tempDataDir();
    publishListings(dir, [first, winner]);
    const dup = openSnapshotReader(dir);
    try {
      expect(walk(dup, { citySlug: 'lleida' }, 5)).toEqual([]);
      expect(walk(dup, { citySlug: 'puigcerda' }, 5)).toEqual(['es-d1']);
    } finally {
      dup.close();
    }
  });

  it('a snapshot built before aliases were kept still answers city queries', () => {
    const dir = tempDataDir();
    const info = publishListings(dir, all);
    const db = new Database(snapshotPath(dir, 'es', info.version));
    db.exec('DROP TABLE place_city_slugs');
    db.close();
    const old = openSnapshotReader(dir);
    try {
      expect(walk(old, { citySlug: 'lleida' }, 10)).toEqual(sortIds(all.filter((l) => l.status === 'published' && l.citySlug === 'lleida').map((l) => l.place.id)));
    } finally {
      old.close();
    }
  });
});
