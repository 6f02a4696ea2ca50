// The serializer: the PLACE_FIELDS allowlist at every level (applied when a snapshot row is made, served as stored
// with profileUrl appended); absent values become null or [].
import { describe, expect, it } from 'vitest';
import { placeJson, placePageJson } from '../../../api/query/serialize-place.ts';
import { toServedPlace } from '../../../model/served-place.ts';
import type { Place, StoredPlace } from '../../../model/place.ts';
import { ADDRESS_KEYS, LOCATION_KEYS, PHONE_RECORD_KEYS, PLACE_KEYS, keysOf } from '../support/shapes.ts';

/** What a client receives for a stored place: the row as the builder stores it, as the API serves it. */
const rowOf = (place: StoredPlace) => ({ id: place.id, json: JSON.stringify(toServedPlace(place)) });
const toPublicPlace = (place: StoredPlace, publicUrl: string) => JSON.parse(placeJson(rowOf(place), publicUrl)) as Place;
const toPlacePage = (places: StoredPlace[], hasMore: boolean, cursor: string | null, publicUrl: string) =>
  JSON.parse(placePageJson(places.map(rowOf), hasMore, cursor, publicUrl)) as { places: Place[]; page: unknown };

const stored = {
  id: 'es-a/b',
  name: 'Hotel',
  legalName: null,
  address: { street: 's', city: 'Madrid', state: null, postalCode: null, country: 'es', citySlug: 'madrid' },
  location: { latitude: 40, longitude: -3, accuracy: 5 },
  phone: '+34600000000',
  phoneType: 'mobile',
  additionalPhones: Array.from({ length: 25 }, (_, i) => ({ phone: `+3460000000${i}`, phoneType: 'mobile', whatsappEligible: true, raw: 'x' })),
  email: null,
  website: null,
  sourceMapsUrl: null,
  primaryType: 'Hotel',
  lodgingTypes: Array.from({ length: 60 }, (_, i) => `label ${i}`),
  lodgingType: 'hotel',
  rating: 4,
  reviewCount: 10,
  whatsappEligible: true,
  verified: false,
  openingHours: { lunes: [{ open: '09:00', close: '21:00', note: 'x' }] },
  // Internal metadata a stored row might carry: none of it may leave.
  status: 'published',
  reasons: [],
  crawledAt: '2026-01-01',
  runId: 'r1',
} as unknown as StoredPlace;

describe('a served place', () => {
  const place = toPublicPlace(stored, 'https://dir.example.org/');

  it('writes exactly the allowlisted fields, nested objects included', () => {
    expect(keysOf(place)).toEqual(PLACE_KEYS);
    expect(keysOf(place.address)).toEqual(ADDRESS_KEYS);
    expect(keysOf(place.location)).toEqual(LOCATION_KEYS);
    for (const phone of place.additionalPhones) expect(keysOf(phone)).toEqual(PHONE_RECORD_KEYS);
    expect(place.openingHours).toEqual({ lunes: [{ open: '09:00', close: '21:00' }] });
  });

  it('caps additionalPhones at 20 and lodgingTypes at 50', () => {
    expect(place.additionalPhones).toHaveLength(20);
    expect(place.lodgingTypes).toHaveLength(50);
  });

  it('derives profileUrl from the public base URL, id URL-encoded', () => {
    expect(place.profileUrl).toBe('https://dir.example.org/places/es-a%2Fb');
  });

  it('fills absent fields with null, [] or false', () => {
    const sparse = toPublicPlace({ id: 'es-x', address: {} } as unknown as StoredPlace, 'http://localhost:3000');
    expect(keysOf(sparse)).toEqual(PLACE_KEYS);
    expect(sparse).toMatchObject({
      name: null,
      address: { street: null, city: null, state: null, postalCode: null, country: null },
      location: null,
      additionalPhones: [],
      lodgingTypes: [],
      lodgingType: 'lodging',
      whatsappEligible: false,
      verified: false,
      openingHours: null,
    });
  });
});

describe('a served page', () => {
  it.each([
    [true, 'c1', { count: 1, hasMore: true, nextCursor: 'c1' }],
    [false, 'c1', { count: 1, hasMore: false, nextCursor: null }],
  ])('hasMore=%s', (hasMore, cursor, page) => {
    expect(toPlacePage([stored], hasMore, cursor, 'http://x').page).toEqual(page);
  });
});
