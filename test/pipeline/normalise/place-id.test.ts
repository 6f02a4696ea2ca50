import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_PLACE_ID_LENGTH } from '../../../model/limits.ts';
import { countryOfPlaceId, placeIdFor } from '../../../pipeline/normalise/place-id.ts';
import { COUNTRY_CODES, type CountryCode } from '../../../model/place.ts';

const hashed = (country: CountryCode, providerId: string) =>
  `${country}-h-${createHash('sha256').update(providerId, 'utf8').digest('hex').slice(0, 32)}`;

describe('placeIdFor', () => {
  it.each<[CountryCode, string, string]>([
    ['es', 'tfe-0001', 'es-tfe-0001'],
    ['es', 'mad-78018', 'es-mad-78018'],
    ['gb', 'fhrs-636298', 'gb-fhrs-636298'],
    ['fr', 'frb-0000', 'fr-frb-0000'],
    ['pt', 'ptc-pt-camping-0001', 'pt-ptc-pt-camping-0001'],
    ['es', 'a/b?c#d e%', 'es-a/b?c#d e%'],
    ['pt', 'Vila Chã ☀', 'pt-Vila Chã ☀'],
  ])('in %s keeps the readable id of %j', (country, providerId, expected) => {
    expect(placeIdFor(country, providerId)).toBe(expected);
  });

  it.each<[CountryCode, string, string]>([
    ['es', 'too long', 'x'.repeat(MAX_PLACE_ID_LENGTH)],
    ['gb', 'a control character', 'fhrs\n58904'],
    ['fr', 'a bidi override', 'frb\u202E0001'],
    ['pt', 'a lone surrogate', 'ptc\uD800x'],
    ['es', 'the shape of a hashed id', `h-${'0'.repeat(32)}`],
    ['gb', 'an empty id', ''],
  ])('in %s hashes an id with %s', (country, _why, providerId) => {
    const id = placeIdFor(country, providerId);
    expect(id).toBe(hashed(country, providerId));
    expect(id).toMatch(new RegExp(`^${country}-h-[0-9a-f]{32}$`));
  });

  it('keeps an id of exactly the maximum length readable', () => {
    const providerId = 'x'.repeat(MAX_PLACE_ID_LENGTH - 3);
    expect(placeIdFor('fr', providerId)).toBe(`fr-${providerId}`);
  });

  it.each(COUNTRY_CODES)('in %s is stable and distinct per country', (country) => {
    const providerId = 'y'.repeat(500);
    expect(placeIdFor(country, providerId)).toBe(placeIdFor(country, providerId));
    expect(placeIdFor(country, providerId).length).toBeLessThanOrEqual(MAX_PLACE_ID_LENGTH);
    for (const other of COUNTRY_CODES.filter((code) => code !== country)) {
      expect(placeIdFor(country, 'same-1')).not.toBe(placeIdFor(other, 'same-1'));
    }
  });

  it('never lets encodeURIComponent throw', () => {
    for (const providerId of ['ok', 'a\uDC00', 'b\uD83D', '😀 fine']) {
      expect(() => encodeURIComponent(placeIdFor('es', providerId))).not.toThrow();
    }
  });
});

describe('countryOfPlaceId', () => {
  it.each<[string, CountryCode | null]>([
    ['es-tfe-0001', 'es'],
    ['gb-fhrs-636298', 'gb'],
    ['fr-h-0123456789abcdef0123456789abcdef', 'fr'],
    ['pt-ptc-pt-camping-0001', 'pt'],
    ['de-123', null],
    ['ES-tfe-0001', null],
    ['es', null],
    ['esp', null], // no dash: not "es" and a remainder
    ['gbx1', null],
    ['', null],
    ['-es-1', null],
  ])('%j belongs to %s', (id, expected) => {
    expect(countryOfPlaceId(id)).toBe(expected);
  });

  it.each(COUNTRY_CODES)('round-trips the country of every id made for %s', (country) => {
    for (const providerId of ['1', 'x'.repeat(400), 'a-b-c']) expect(countryOfPlaceId(placeIdFor(country, providerId))).toBe(country);
  });
});
