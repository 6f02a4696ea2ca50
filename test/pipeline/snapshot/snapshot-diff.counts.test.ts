// A diff's counts by lodging type and by city: most first, ties by name, the top 20 cities then the others, "(no city)" for none.
import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../../pipeline/snapshot/snapshot-diff.ts';
import { snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings, tempDataDir } from './support/snapshot-test-kit.ts';

type Listing = ReturnType<typeof makeListing>;

/** Place i of a city, with its lodging type; no city at all when city is null. */
function place(id: string, city: string | null, lodgingType: 'hotel' | 'hostel' | 'guesthouse', name = `Hotel ${id}`): Listing {
  return makeListing({
    providerId: id,
    ...(city === null ? { citySlug: null } : { citySlug: city }),
    place: { name, lodgingType, address: { street: 'Calle Real 1', city: city ?? '', state: null, postalCode: null, country: 'es' } },
  });
}

/** 24 cities: c00 has 24 places, c01 23, … down to 1, but c05 and c06 tie with 19 each; types cycle, so hostel and guesthouse may tie. */
function candidate(): Listing[] {
  const out: Listing[] = [];
  for (let c = 0; c < 24; c += 1) {
    const count = c === 6 ? 19 : 24 - c;
    for (let i = 0; i < count; i += 1) out.push(place(`a${c}-${i}`, `c${String(c).padStart(2, '0')}`, (['hotel', 'hostel', 'guesthouse'] as const)[(c + i) % 3]!));
  }
  out.push(place('nocity-1', null, 'hostel'), place('nocity-2', null, 'hostel'));
  return out;
}

/** The expected counts, made the plain way: every place of the list counted, sorted most first, ties by name. */
function expected(listings: readonly Listing[]) {
  const sorted = (map: Map<string, number>) => [...map].sort(([a, n], [b, m]) => m - n || (a < b ? -1 : a > b ? 1 : 0));
  const types = new Map<string, number>();
  const cities = new Map<string, number>();
  for (const { place: p, citySlug } of listings) {
    types.set(p.lodgingType, (types.get(p.lodgingType) ?? 0) + 1);
    const city = citySlug ?? '(no city)';
    cities.set(city, (cities.get(city) ?? 0) + 1);
  }
  const byCity: Record<string, number> = Object.fromEntries(sorted(cities).slice(0, 20));
  byCity['(other cities)'] = sorted(cities).slice(20).reduce((n, [, c]) => n + c, 0);
  return { count: listings.length, byLodgingType: Object.fromEntries(sorted(types)), byCity };
}

describe('the counts of a diff', () => {
  it('lists a first import’s added places by type and by city, most first, ties by name, and nothing removed or changed', () => {
    const dataDir = tempDataDir();
    const listings = candidate();
    const info = publishListings(dataDir, listings);
    const diff = diffSnapshots(snapshotPath(dataDir, 'es', info.version), null);
    const want = expected(listings);
    expect(diff.added.count).toBe(want.count);
    expect(Object.entries(diff.added.byLodgingType)).toEqual(Object.entries(want.byLodgingType));
    expect(Object.entries(diff.added.byCity)).toEqual(Object.entries(want.byCity));
    expect(diff.added.examples.map((e) => e.id)).toEqual([...listings.map((l) => l.place.id)].sort().slice(0, 20));
    for (const kind of ['removed', 'changed', 'statusChanged'] as const) expect(diff[kind]).toEqual({ count: 0, byLodgingType: {}, byCity: {}, examples: [] });
  });

  it('counts what a second import adds, removes and changes, each by type and by city', () => {
    const dataDir = tempDataDir();
    const first = candidate();
    const before = publishListings(dataDir, first, { runId: 'run-1' });
    // Drop every third place, rename every fourth, add five new ones in c00 and two without a city.
    const second = first
      .filter((_, i) => i % 3 !== 0)
      .map((l, i) => (i % 4 === 0 ? place(l.providerId!, l.citySlug, l.place.lodgingType as 'hotel', `${l.place.name} Centro`) : l));
    const added = [0, 1, 2, 3, 4].map((i) => place(`new-${i}`, 'c00', 'guesthouse')).concat([place('new-x', null, 'hotel'), place('new-y', null, 'hostel')]);
    const after = publishListings(dataDir, [...second, ...added], { runId: 'run-2' });
    const diff = diffSnapshots(snapshotPath(dataDir, 'es', after.version), {
      file: snapshotPath(dataDir, 'es', before.version),
      version: before.version,
      publishedCount: before.publishedCount,
    });
    const removed = first.filter((_, i) => i % 3 === 0);
    const changed = first.filter((_, i) => i % 3 !== 0).filter((_, i) => i % 4 === 0);
    for (const [kind, listings] of [['added', added], ['removed', removed], ['changed', changed]] as const) {
      const want = expected(listings);
      expect(diff[kind].count, kind).toBe(want.count);
      expect(Object.entries(diff[kind].byLodgingType), kind).toEqual(Object.entries(want.byLodgingType));
      const byCity = Object.entries(diff[kind].byCity);
      const wantCity = Object.entries(want.byCity).filter(([city, n]) => city !== '(other cities)' || n > 0);
      expect(byCity, kind).toEqual(wantCity);
    }
    expect(diff.changed.examples[0]!.fields?.map((f) => f.field)).toEqual(['name']);
  });
});
