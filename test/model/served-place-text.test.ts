// A served place stored as its values without keys: put back, it is byte for byte the JSON the builder would have stored.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { StoredPlace } from '../../model/place.ts';
import { toServedPlace } from '../../model/served-place.ts';
import { servedPlaceJson, storedPlaceText, storedTextOfJson } from '../../model/served-place-text.ts';

const served = (extra: Record<string, unknown> = {}): StoredPlace =>
  toServedPlace({
    id: 'es-1',
    name: 'Hotel Sol',
    legalName: null,
    address: { street: 'Calle Sol 1', city: 'Madrid', state: null, postalCode: '28001', country: 'es' },
    location: { latitude: 40.4168, longitude: -3.7038 },
    phone: '+34910000000',
    phoneType: 'landline',
    additionalPhones: [{ phone: '+34600000000', phoneType: 'mobile', whatsappEligible: true }],
    email: 'info@sol.es',
    website: 'https://sol.es/',
    sourceMapsUrl: null,
    primaryType: 'Hotel',
    lodgingTypes: ['Hotel', 'Hostal'],
    lodgingType: 'hotel',
    rating: 4.5,
    reviewCount: 120,
    whatsappEligible: false,
    verified: true,
    openingHours: { lunes: [{ open: '09:00', close: '21:00' }], domingo: [] },
    ...extra,
  } as unknown as StoredPlace);

describe('storedPlaceText and servedPlaceJson', () => {
  it('stores the values alone, in field order, and puts the keys back exactly as JSON.stringify writes them', () => {
    const place = served();
    const text = storedPlaceText(place);
    expect(text.split('\u0001')).toEqual([
      '"es-1"', '"Hotel Sol"', 'null', '"Calle Sol 1"', '"Madrid"', 'null', '"28001"', '"es"',
      '{"latitude":40.4168,"longitude":-3.7038}', '"+34910000000"', '"landline"',
      '[{"phone":"+34600000000","phoneType":"mobile","whatsappEligible":true}]', '"info@sol.es"', '"https://sol.es/"', 'null',
      '"Hotel"', '["Hotel","Hostal"]', '"hotel"', '4.5', '120', 'false', 'true', '{"lunes":[{"open":"09:00","close":"21:00"}],"domingo":[]}',
    ]);
    expect(servedPlaceJson(text)).toBe(JSON.stringify(place));
    expect(text.length).toBeLessThan(JSON.stringify(place).length * 0.6);
  });

  it('keeps a place without a location, phones or hours, and text holding quotes, separators and control characters', () => {
    for (const extra of [
      { location: null, phone: null, phoneType: null, additionalPhones: [], openingHours: null, rating: null },
      { name: 'Casa "La \u0001 Torre"\n\t\\', address: { street: null, city: 'A Coruña', state: null, postalCode: null, country: 'es' } },
      { name: 'Hôtel 🏨 \u2028 Été', legalName: '\u0000' },
    ]) {
      const place = served(extra);
      expect(servedPlaceJson(storedPlaceText(place))).toBe(JSON.stringify(place));
    }
  });

  it('returns the JSON of a file built before stored texts as it is', () => {
    const json = JSON.stringify(served());
    expect(servedPlaceJson(json)).toBe(json);
  });

  it('round-trips any served place', () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }));
    const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
    fc.assert(
      fc.property(
        fc.record({
          name: text,
          legalName: nullable(text),
          address: fc.record({ street: nullable(text), city: nullable(text), state: nullable(text), postalCode: nullable(text), country: fc.constant('es') }),
          location: nullable(fc.record({ latitude: fc.double({ min: -90, max: 90, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }) })),
          lodgingTypes: fc.array(text, { maxLength: 3 }),
          rating: nullable(fc.double({ min: 0, max: 5, noNaN: true })),
          openingHours: nullable(fc.dictionary(text, fc.array(fc.record({ open: text, close: text }), { maxLength: 2 }), { maxKeys: 3 })),
        }),
        (extra) => {
          const place = served(extra);
          const stored = storedPlaceText(place);
          expect(servedPlaceJson(stored)).toBe(JSON.stringify(place));
          expect(storedTextOfJson(JSON.stringify(place))).toBe(stored);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cuts the values out of the JSON text as storedPlaceText writes them, and parses any other shape', () => {
    for (const extra of [
      {},
      { location: null, phone: null, phoneType: null, additionalPhones: [], openingHours: null, rating: null },
      { name: 'Casa "La \u0001 Torre"\n\t\\', address: { street: '},"city":', city: 'A Coruña', state: null, postalCode: null, country: 'es' } },
      { name: 'x\\', legalName: '","legalName":"', openingHours: { '"name":{': [{ open: ']}', close: '[{' }] } },
      { rating: -0, reviewCount: 1e21 },
    ]) {
      const place = served(extra);
      expect(storedTextOfJson(JSON.stringify(place))).toBe(storedPlaceText(place));
    }
    const place = served();
    expect(storedTextOfJson(JSON.stringify({ ...place, address: null }))).toBe(storedPlaceText({ ...place, address: null } as unknown as StoredPlace));
    expect(storedTextOfJson(JSON.stringify(place, null, 1))).toBe(storedPlaceText(place));
    const { name: _name, ...withoutName } = place;
    expect(storedTextOfJson(JSON.stringify(withoutName))).toBe(storedPlaceText(withoutName as unknown as StoredPlace));
  });
});
