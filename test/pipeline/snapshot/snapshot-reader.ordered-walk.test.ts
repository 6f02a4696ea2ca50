// Walks in the name, rating and relevance orders and with match=words|typo: every place once, in a brute-force order.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../../pipeline/generate/prng.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import type { SearchQuery, SnapshotReader } from '../../../pipeline/snapshot/reader-types.ts';
import type { NormalisedListing } from '../../../pipeline/normalise/normalised-listing.ts';
import { compareBinary } from '../../../pipeline/snapshot/binary-order.ts';
import { nameSortKey } from '../../../pipeline/snapshot/search-words.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings, tempDataDir } from './support/snapshot-test-kit.ts';

const FIRST = ['Hotel', 'Hostal', 'Casa', 'Apartamentos', 'Pensión', 'Camping', 'Albergue'];
const SECOND = ['Aguere', 'Mayor', 'Sol', 'Marina', 'Élite', 'Hotelito', 'Playa', 'Luna'];
const CITIES = ['Madrid', 'La Laguna', 'Sevilla', 'Hotel de Ville'];

/** 400 places with repeated names, ties in rating, unrated ones and names that hold the word "hotel" or not. */
function places(): NormalisedListing[] {
  const random = createRandom(7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random.next() * items.length)]!;
  return Array.from({ length: 400 }, (_, i) =>
    makeListing({
      providerId: `o${String((i * 7919) % 10_007).padStart(5, '0')}`,
      place: {
        name: `${pick(FIRST)} ${pick(SECOND)}${i % 9 === 0 ? '' : ` ${i % 13}`}`,
        rating: i % 6 === 0 ? null : Math.round(random.next() * 10) / 2,
        address: { street: 'Calle 1', city: pick(CITIES), state: null, postalCode: '28013', country: 'es' },
        lodgingType: i % 3 === 0 ? 'hostel' : 'hotel',
        lodgingTypes: [i % 3 === 0 ? 'Hostal' : 'Hotel'],
      },
      source: { line: i + 1 },
    }),
  );
}

function walk(reader: SnapshotReader, base: Omit<SearchQuery, 'limit'>, limits: readonly number[]): string[] {
  const ids: string[] = [];
  let after: SearchQuery['sortAfter'];
  let afterId: string | undefined;
  for (let page = 0; page < 1000; page += 1) {
    const limit = limits[page % limits.length]!;
    const result = reader.searchRows({ ...base, limit, ...(after ? { sortAfter: after } : {}), ...(afterId ? { afterId } : {}) });
    ids.push(...result.rows.map((row) => row.id));
    if (!result.hasMore) return ids;
    expect(result.rows).toHaveLength(limit);
    const last = result.rows.at(-1)!.id;
    if (result.sortKey === undefined) afterId = last;
    else after = { key: result.sortKey, id: last };
  }
  throw new Error('the walk did not end');
}

describe('ordered walks at the reader', () => {
  const listings = places();
  let dataDir = '';
  let reader: SnapshotReader;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lodging-ordered-walk-'));
    publishListings(dataDir, listings);
    reader = openSnapshotReader(dataDir);
  });
  afterAll(() => {
    reader.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const byId = (a: NormalisedListing, b: NormalisedListing) => compareBinary(a.place.id, b.place.id);
  const ratingKey = (l: NormalisedListing) => (l.place.rating === null ? 1 : -l.place.rating);

  it('walks sort=name in folded-name order, ties by id, with every page size', () => {
    const expected = [...listings].sort((a, b) => compareBinary(nameSortKey(a.place.name), nameSortKey(b.place.name)) || byId(a, b));
    for (const limits of [[1], [7], [25, 3], [100]]) {
      expect(walk(reader, { country: 'es', sort: 'name' }, limits)).toEqual(expected.map((l) => l.place.id));
    }
    const hostels = expected.filter((l) => l.place.lodgingType === 'hostel');
    expect(walk(reader, { country: 'es', sort: 'name', lodgingType: 'hostel' }, [6])).toEqual(hostels.map((l) => l.place.id));
  });

  it('walks sort=rating best first, unrated last, ties by id', () => {
    const expected = [...listings].sort((a, b) => ratingKey(a) - ratingKey(b) || byId(a, b));
    expect(walk(reader, { country: 'es', sort: 'rating' }, [9, 2])).toEqual(expected.map((l) => l.place.id));
    expect(expected.at(-1)!.place.rating).toBeNull();
    const withQ = expected.filter((l) => String(l.place.name).toLowerCase().includes('sol'));
    expect(walk(reader, { country: 'es', sort: 'rating', q: 'sol' }, [4])).toEqual(withQ.map((l) => l.place.id));
  });

  it('walks sort=relevance: whole-word name matches first, then partial and city or label matches, ties by id', () => {
    const hotelWord = (l: NormalisedListing) => /\bhotel\b/i.test(String(l.place.name));
    const found = listings.filter((l) => [l.place.name, l.place.address.city, ...l.place.lodgingTypes].some((t) => t!.toLowerCase().includes('hotel')));
    const ids = walk(reader, { country: 'es', q: 'hotel', sort: 'relevance' }, [11, 5]);
    expect([...ids].sort()).toEqual(found.map((l) => l.place.id).sort());
    const firstOther = ids.findIndex((id) => !hotelWord(listings.find((l) => l.place.id === id)!));
    expect(ids.slice(firstOther).every((id) => !hotelWord(listings.find((l) => l.place.id === id)!))).toBe(true);
    // Within the whole-word name matches: id order.
    const leading = ids.slice(0, firstOther);
    expect(leading).toEqual([...leading].sort(compareBinary));
  });

  it('match=words finds every word in any order; match=typo also with a mistake; both walk in id order', () => {
    const words = listings.filter((l) => /\bmarina\b/i.test(String(l.place.name)) && /\bcasa\b/i.test(String(l.place.name)));
    expect(walk(reader, { country: 'es', q: 'marina casa', match: 'words' }, [3])).toEqual(words.map((l) => l.place.id).sort(compareBinary));
    expect(walk(reader, { country: 'es', q: 'mrina casa', match: 'words' }, [3])).toEqual([]);
    expect(walk(reader, { country: 'es', q: 'mraina csaa', match: 'typo' }, [3])).toEqual(words.map((l) => l.place.id).sort(compareBinary));
  });

  it('counts facets over the whole result, the same on every page', () => {
    const first = reader.searchRows({ country: 'es', q: 'hotel', match: 'words', limit: 5, facets: ['lodgingType', 'city', 'verified'] });
    const found = listings.filter((l) => [l.place.name, l.place.address.city, ...l.place.lodgingTypes].some((t) => /\bhotel\b/i.test(t!)));
    const hostels = found.filter((l) => l.place.lodgingType === 'hostel').length;
    expect(first.facets?.lodgingType).toEqual({ hostel: hostels, hotel: found.length - hostels });
    expect(first.facets?.verified).toEqual({ true: 0, false: found.length });
    expect(Object.values(first.facets?.city ?? {}).reduce((a, b) => a + b, 0)).toBe(found.length);
    const plain = reader.searchRows({ country: 'es', limit: 5, facets: ['lodgingType'], lodgingType: 'hostel' });
    expect(plain.facets?.lodgingType).toEqual({ hostel: listings.filter((l) => l.place.lodgingType === 'hostel').length });
  });

  it('suggests as one types: prefix of the last word, a mistake tolerated, names before cities', () => {
    const suggested = reader.suggest({ country: 'es', q: 'aguer', limit: 5 });
    expect(suggested.rows.length).toBe(5);
    expect(suggested.rows.every((row) => row.json.includes('Aguere'))).toBe(true);
    const typo = reader.suggest({ country: 'es', q: 'aguerre', limit: 3 });
    expect(typo.rows.every((row) => row.json.includes('Aguere'))).toBe(true);
    const city = reader.suggest({ country: 'es', q: 'hotel', limit: 10 });
    expect(city.scores).toEqual([...city.scores].sort((a, b) => b - a));
    expect(JSON.parse(city.rows[0]!.json).name).toMatch(/Hotel/);
  });
});

describe('ordered walks across a snapshot swap', () => {
  it.each<[string, { sort: SearchQuery['sort']; q?: string }]>([
    ['name', { sort: 'name' }],
    ['rating', { sort: 'rating' }],
    ['relevance', { sort: 'relevance', q: 'hotel' }],
  ])('sort=%s: no place whose sort key is unchanged repeats or is skipped', (_label, order) => {
    const before = places();
    const dataDir = tempDataDir();
    publishListings(dataDir, before);
    const reader = openSnapshotReader(dataDir);
    try {
      const seen: string[] = [];
      let after: SearchQuery['sortAfter'];
      const page = () => {
        const result = reader.searchRows({ country: 'es', limit: 10, ...order, ...(after ? { sortAfter: after } : {}) });
        seen.push(...result.rows.map((row) => row.id));
        if (result.hasMore) after = { key: result.sortKey!, id: result.rows.at(-1)!.id };
        return result.hasMore;
      };
      for (let i = 0; i < 15; i += 1) page();
      // The next snapshot drops every 7th place, renames and re-rates every 11th, and adds 40.
      const changed = new Set(before.filter((_, i) => i % 11 === 0).map((l) => l.place.id));
      const next = before
        .filter((_, i) => i % 7 !== 0)
        .map((l) => (changed.has(l.place.id) ? { ...l, place: { ...l.place, name: `Zeta ${l.place.name}`, rating: 0.5 } } : l))
        .concat(places().slice(0, 40).map((l, i) => ({ ...l, place: { ...l.place, id: `es-new${i}` }, providerId: `new${i}` })));
      publishListings(dataDir, next);
      reader.refresh();
      while (page());
      const kept = next.filter((l) => !changed.has(l.place.id) && before.some((b) => b.place.id === l.place.id));
      const matches = (l: NormalisedListing) => order.q === undefined || [l.place.name, l.place.address.city, ...l.place.lodgingTypes].some((t) => String(t).toLowerCase().includes('hotel'));
      for (const listing of kept.filter(matches)) expect(seen.filter((id) => id === listing.place.id), listing.place.id).toHaveLength(1);
    } finally {
      reader.close();
    }
  });
});
