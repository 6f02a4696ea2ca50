// The golden set of same-place pairs and look-alike pairs (support/same-place-golden.json): every pair decided right, alone and all together.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findSamePlaces } from '../../../pipeline/dedup/find-same-places.ts';
import { hostOf, nameWords, type PlaceMatchKey } from '../../../pipeline/dedup/place-match-key.ts';
import { samePlace } from '../../../pipeline/dedup/same-place.ts';

interface GoldenPlace {
  id: string;
  name: string;
  location: { latitude: number; longitude: number } | null;
  phones: string[];
  website: string | null;
  citySlug: string | null;
}
interface GoldenPair {
  expect: 'same' | 'apart';
  note: string;
  a: GoldenPlace;
  b: GoldenPlace;
}

const PAIRS = JSON.parse(readFileSync(new URL('./support/same-place-golden.json', import.meta.url), 'utf8')) as GoldenPair[];

function keyOf(place: GoldenPlace): PlaceMatchKey {
  return {
    id: place.id,
    ...nameWords(place.name),
    lat: place.location?.latitude ?? null,
    lng: place.location?.longitude ?? null,
    phones: place.phones,
    host: hostOf(place.website),
    citySlug: place.citySlug,
  };
}

describe('the same-place golden set', () => {
  it('holds at least 30 same-place pairs and 30 look-alike pairs', () => {
    expect(PAIRS.filter((p) => p.expect === 'same').length).toBeGreaterThanOrEqual(30);
    expect(PAIRS.filter((p) => p.expect === 'apart').length).toBeGreaterThanOrEqual(30);
  });

  it.each(PAIRS.map((pair) => [`${pair.expect}: ${pair.note} (${pair.a.name} / ${pair.b.name})`, pair] as const))('%s', (_title, pair) => {
    expect(samePlace(keyOf(pair.a), keyOf(pair.b)).same).toBe(pair.expect === 'same');
    expect(samePlace(keyOf(pair.b), keyOf(pair.a)).same).toBe(pair.expect === 'same');
  });

  it('merges exactly the same-place pairs when the whole set is one import, keeping the smaller id', () => {
    const keys = PAIRS.flatMap((pair) => [keyOf(pair.a), keyOf(pair.b)]);
    const merged = findSamePlaces(keys).map((d) => `${d.id}>${d.keptId}`);
    const expected = PAIRS.filter((p) => p.expect === 'same').map((p) => `${p.b.id}>${p.a.id}`);
    expect(merged.sort()).toEqual(expected.sort());
  });
});
