// The one field allowlist: a stored place reduced to the spec's Place fields, in order, nested objects rebuilt, nothing else.
import { describe, expect, it } from 'vitest';
import { MAX_ADDITIONAL_PHONES, MAX_LODGING_LABELS } from '../../model/limits.ts';
import { PLACE_FIELDS, profileUrlFor, type StoredPlace } from '../../model/place.ts';
import { toServedPlace, withProfileUrl } from '../../model/served-place.ts';

const stored = (extra: Record<string, unknown> = {}): StoredPlace =>
  ({
    id: 'es-1',
    name: 'Hotel Sol',
    address: { street: 'Calle Sol 1', city: 'Madrid', state: null, postalCode: '28001', country: 'es' },
    location: { latitude: 40.4, longitude: -3.7 },
    phone: '+34910000000',
    phoneType: 'landline',
    additionalPhones: [],
    lodgingTypes: ['hotel'],
    lodgingType: 'hotel',
    whatsappEligible: false,
    verified: true,
    openingHours: null,
    ...extra,
  }) as unknown as StoredPlace;

describe('toServedPlace', () => {
  it('keeps every Place field but profileUrl, in PLACE_FIELDS order, and no other key', () => {
    const served = toServedPlace(stored({ providerId: 'secret-1', rawLine: '{"x":1}', internalScore: 0.3 }));
    expect(Object.keys(served)).toEqual(PLACE_FIELDS.filter((field) => field !== 'profileUrl'));
    expect(JSON.stringify(served)).not.toMatch(/secret-1|rawLine|internalScore/);
  });

  it('rebuilds nested objects, so a stray inner key cannot leak', () => {
    const served = toServedPlace(
      stored({
        address: { street: 'Calle Sol 1', city: 'Madrid', hidden: 'x' },
        location: { latitude: 1, longitude: 2, accuracy: 'provider' },
        additionalPhones: [{ phone: '+34600000000', phoneType: 'mobile', whatsappEligible: true, owner: 'private' }],
        openingHours: { monday: [{ open: '09:00', close: '17:00', note: 'x' }] },
      }),
    );
    expect(served.address).toEqual({ street: 'Calle Sol 1', city: 'Madrid', state: null, postalCode: null, country: null });
    expect(served.location).toEqual({ latitude: 1, longitude: 2 });
    expect(served.additionalPhones).toEqual([{ phone: '+34600000000', phoneType: 'mobile', whatsappEligible: true }]);
    expect(served.openingHours).toEqual({ monday: [{ open: '09:00', close: '17:00' }] });
  });

  it('fills what is absent: null, an empty list, the plain lodging type, false for the booleans', () => {
    const served = toServedPlace({ id: 'es-2', name: 'Casa' } as unknown as StoredPlace);
    expect(served).toMatchObject({ email: null, website: null, location: null, openingHours: null, additionalPhones: [], lodgingTypes: [] });
    expect(served.lodgingType).toBe('lodging');
    expect(served.whatsappEligible).toBe(false);
    expect(served.verified).toBe(false);
    expect(toServedPlace(stored({ verified: 'yes' })).verified).toBe(false);
  });

  it('bounds the lists at their limits', () => {
    const phones = Array.from({ length: MAX_ADDITIONAL_PHONES + 5 }, (_, i) => ({ phone: `+3460000${i}`, phoneType: 'mobile', whatsappEligible: false }));
    const labels = Array.from({ length: MAX_LODGING_LABELS + 5 }, (_, i) => `label ${i}`);
    const served = toServedPlace(stored({ additionalPhones: phones, lodgingTypes: labels }));
    expect(served.additionalPhones).toHaveLength(MAX_ADDITIONAL_PHONES);
    expect(served.lodgingTypes).toHaveLength(MAX_LODGING_LABELS);
  });
});

describe('withProfileUrl', () => {
  it('appends profileUrl as the last member of the served JSON, the id URL-encoded', () => {
    const json = JSON.stringify(toServedPlace(stored({ id: 'es-1/a b' })));
    const place = JSON.parse(withProfileUrl(json, 'es-1/a b', 'https://lodging.example/')) as Record<string, unknown>;
    expect(Object.keys(place)).toEqual([...PLACE_FIELDS]);
    expect(place.profileUrl).toBe('https://lodging.example/places/es-1%2Fa%20b');
  });

  it('is the row with JSON.stringify of profileUrlFor appended, whatever the base URL and the id, base after base', () => {
    const json = JSON.stringify(toServedPlace(stored()));
    for (const base of ['https://lodging.example', 'http://localhost:3000//', 'https://x.example/a"b\\c', 'https://lodging.example']) {
      for (const id of ['es-1', 'es-1/a b', 'fr-é-"q"\\', 'gb-\u00e9\u{1F3E8}?#&']) {
        expect(withProfileUrl(json, id, base)).toBe(`${json.slice(0, -1)},"profileUrl":${JSON.stringify(profileUrlFor(base, id))}}`);
      }
    }
  });
});
