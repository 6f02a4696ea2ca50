// Searching a published snapshot: equality filters and their combinations, keyset pages, and literal q matching.
import { describe, expect, it } from 'vitest';
import type { NormalisedListing } from '../../../pipeline/normalise/normalised-listing.ts';
import type { LodgingType } from '../../../model/place.ts';
import { FILTER_DRIVEN_CAP } from '../../../pipeline/snapshot/snapshot-connection.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import type { SearchQuery, SnapshotReader } from '../../../pipeline/snapshot/reader-types.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings, sortIds, tempDataDir } from './support/snapshot-test-kit.ts';

type Filters = Omit<SearchQuery, 'country' | 'limit' | 'afterId'>;

const CITIES = ['Madrid', 'A Coruña', 'Ávila', "L'Hospitalet de Llobregat", null];
const TYPES: LodgingType[] = ['hotel', 'guesthouse', 'campsite', 'apartment', 'lodging'];
const NAMES = ['Hotel Sol', 'Hostal Niño', 'Camping Río', 'Apartamentos Mar', 'Casa Jardín'];

/** 240 listings cycling through cities, types, names and flags; every seventh is closed. */
function varied(): NormalisedListing[] {
  return Array.from({ length: 240 }, (_, i) =>
    makeListing({
      providerId: `v${String((i * 37) % 240).padStart(3, '0')}`,
      status: i % 7 === 0 ? 'closed' : 'published',
      place: {
        name: `${NAMES[i % NAMES.length]} ${i}`,
        address: { street: null, city: CITIES[i % CITIES.length]!, state: null, postalCode: null, country: 'es' },
        lodgingType: TYPES[(i >> 1) % TYPES.length]!,
        whatsappEligible: i % 3 === 0,
        verified: i % 4 === 0,
      },
      source: { line: i + 1 },
    }),
  );
}

/** What a search must return, computed without SQL. */
function expectedIds(listings: readonly NormalisedListing[], filters: Filters): string[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return sortIds(
    listings
      .filter((l) => l.status === 'published')
      .filter((l) => filters.citySlug === undefined || l.citySlug === filters.citySlug)
      .filter((l) => filters.lodgingType === undefined || l.place.lodgingType === filters.lodgingType)
      .filter((l) => filters.whatsapp === undefined || l.place.whatsappEligible === filters.whatsapp)
      .filter((l) => filters.verified === undefined || l.place.verified === filters.verified)
      .filter((l) => {
        if (filters.q === undefined) return true;
        const fields = [l.place.name, l.place.legalName, l.place.address.city, ...l.place.lodgingTypes];
        return fields.some((field) => field !== null && fold(field).includes(fold(filters.q!)));
      })
      .map((l) => l.place.id),
  );
}

/** Follows hasMore/afterId to the end, as a client following cursors would. */
function walk(reader: SnapshotReader, filters: Filters, limit: number): string[] {
  const ids: string[] = [];
  for (let page = 0; page < 1000; page += 1) {
    const result = reader.search({ country: 'es', limit, ...filters, afterId: ids.at(-1) });
    expect(result.places.length).toBeLessThanOrEqual(limit);
    ids.push(...result.places.map((place) => place.id));
    if (!result.hasMore) return ids;
    expect(result.places).toHaveLength(limit);
  }
  throw new Error('walk did not end');
}

describe('search filters', () => {
  const listings = varied();
  const cases: [string, Filters][] = [
    ['no filter', {}],
    ['city', { citySlug: 'a-coruna' }],
    ['city with an apostrophe in its name', { citySlug: 'l-hospitalet-de-llobregat' }],
    ['unknown city', { citySlug: 'nowhere' }],
    ['lodgingType', { lodgingType: 'campsite' }],
    ['whatsapp=true', { whatsapp: true }],
    ['whatsapp=false', { whatsapp: false }],
    ['verified=true', { verified: true }],
    ['verified=false', { verified: false }],
    ['city and lodgingType', { citySlug: 'madrid', lodgingType: 'hotel' }],
    ['city, whatsapp and verified', { citySlug: 'avila', whatsapp: true, verified: false }],
    ['every filter', { citySlug: 'madrid', lodgingType: 'hotel', whatsapp: false, verified: true }],
    ['lodgingType and q', { lodgingType: 'hotel', q: 'sol' }],
    ['city and a short q', { citySlug: 'madrid', q: '1' }],
    ['q alone', { q: 'río' }],
  ];

  it.each(cases)('%s: every page together is exactly the matching published records, in id order', (_name, filters) => {
    const dataDir = tempDataDir();
    publishListings(dataDir, listings);
    const reader = openSnapshotReader(dataDir);
    const expected = expectedIds(listings, filters);
    expect(expected.length > 0).toBe(filters.citySlug !== 'nowhere');
    for (const limit of [1, 7, 100]) expect(walk(reader, filters, limit)).toEqual(expected);
    reader.close();
  });

  it('continues after an id that is not in the snapshot at the next greater id', () => {
    const dataDir = tempDataDir();
    publishListings(dataDir, listings);
    const reader = openSnapshotReader(dataDir);
    const all = expectedIds(listings, {});
    const result = reader.search({ country: 'es', limit: 3, afterId: 'es-v100x' });
    expect(result.places.map((p) => p.id)).toEqual(all.filter((id) => id > 'es-v100x').slice(0, 3));
    expect(reader.search({ country: 'es', limit: 3, afterId: 'es-zzz' })).toEqual({ places: [], hasMore: false });
    expect(reader.search({ country: 'es', limit: 3, afterId: '' }).places.map((p) => p.id)).toEqual(all.slice(0, 3));
    reader.close();
  });

  it('hasMore is false when the last page is exactly full', () => {
    const dataDir = tempDataDir();
    publishListings(dataDir, [makeListing({ providerId: 'a' }), makeListing({ providerId: 'b', source: { line: 2 } })]);
    const reader = openSnapshotReader(dataDir);
    expect(reader.search({ country: 'es', limit: 2 }).hasMore).toBe(false);
    expect(reader.search({ country: 'es', limit: 1 }).hasMore).toBe(true);
    reader.close();
  });

  it.each([0, 101, 1.5, Number.NaN])('refuses limit %s', (limit) => {
    const dataDir = tempDataDir();
    publishListings(dataDir, [makeListing()]);
    const reader = openSnapshotReader(dataDir);
    expect(() => reader.search({ country: 'es', limit })).toThrow(RangeError);
    reader.close();
  });

  it('matches q the same way when selective filters or the trigram index drive the search', () => {
    const many = Array.from({ length: FILTER_DRIVEN_CAP + 100 }, (_, i) =>
      makeListing({
        providerId: `m${i}`,
        place: { name: i % 50 === 0 ? `Hostal Niño ${i}` : `Hotel ${i}`, lodgingType: i % 1000 === 0 ? 'campsite' : 'hotel' },
        source: { line: i + 1 },
      }),
    );
    const dataDir = tempDataDir();
    publishListings(dataDir, many);
    const reader = openSnapshotReader(dataDir);
    const cases: Filters[] = [
      { q: 'NINO', citySlug: 'madrid' },
      { q: 'niño', lodgingType: 'campsite' },
      { q: 'hotel 4', citySlug: 'madrid', verified: false },
    ];
    for (const filters of cases) expect(walk(reader, filters, 100)).toEqual(expectedIds(many, filters));
    reader.close();
  });
});

describe('q: literal text across names, city and labels', () => {
  const places: [string, Partial<NormalisedListing['place']>][] = [
    ['coruna', { name: 'Hostal A Coruña', address: { street: null, city: 'A Coruña', state: null, postalCode: null, country: 'es' } }],
    ['nino', { name: 'Hotel Niño' }],
    ['quote', { name: 'Café "El Sol"' }],
    ['percent', { name: '100% Rural' }],
    ['underscore', { name: 'Casa_Azul' }],
    ['star', { name: 'Star*Inn' }],
    ['apostrophe', { name: "O'Brien's Rest" }],
    ['etoile', { name: 'ÉTOILE du Nord', legalName: 'Étoile SARL' }],
    ['coeur', { name: 'Cœur de Lion' }],
    ['label', { name: 'Mas Pi', lodgingTypes: ['Casa rural'] }],
  ];
  const city = (name: string) => ({ street: null, city: name, state: null, postalCode: null, country: 'es' });
  const listings = places.map(([id, place], i) =>
    makeListing({ providerId: id, place: { address: city('Sevilla'), lodgingTypes: [], ...place }, source: { line: i + 1 } }),
  );

  it.each([
    ['accent-free query finds accented text', 'coruna', ['es-coruna']],
    ['accents and case are ignored', 'CORUÑA', ['es-coruna']],
    ['upper-case accented name', 'etoile', ['es-etoile']],
    ['the legal name', 'sarl', ['es-etoile']],
    ['a ligature', 'coeur', ['es-coeur']],
    ['the city', 'sevil', sortIds(places.filter(([id]) => id !== 'coruna').map(([id]) => `es-${id}`))],
    ['a label', 'casa rural', ['es-label']],
    ['a name and a label', 'casa', ['es-label', 'es-underscore']],
    ['whitespace runs count as one space', 'hotel   niño', ['es-nino']],
    ['never across two fields', 'nino sevilla', []],
    ['no match', 'xyz', []],
    ['one character', 'ñ', sortIds(['es-coruna', 'es-nino', 'es-star', 'es-apostrophe', 'es-etoile', 'es-coeur'])],
    ['two characters', 'Zu', ['es-underscore']],
    ['a double quote alone', '"', ['es-quote']],
    ['double quotes in a longer q', 'é "el sol"', ['es-quote']],
    ['a percent sign alone', '%', ['es-percent']],
    ['a percent sign in a short q', '0%', ['es-percent']],
    ['a percent sign in a longer q', '100% r', ['es-percent']],
    ['an underscore alone', '_', ['es-underscore']],
    ['an underscore in a longer q', 'a_a', ['es-underscore']],
    ['an asterisk alone', '*', ['es-star']],
    ['an asterisk in a longer q', 'r*i', ['es-star']],
    ['an apostrophe alone', "'", ['es-apostrophe']],
    ['apostrophes in a longer q', "o'brien's", ['es-apostrophe']],
    ['FTS syntax is text', 'sol OR nino', []],
    ['FTS column syntax is text', 'search_text:sol', []],
  ])('%s: %j', (_name, q, expected) => {
    const dataDir = tempDataDir();
    publishListings(dataDir, listings);
    const reader = openSnapshotReader(dataDir);
    expect(reader.search({ country: 'es', limit: 100, q }).places.map((p) => p.id)).toEqual(expected);
    reader.close();
  });
});
