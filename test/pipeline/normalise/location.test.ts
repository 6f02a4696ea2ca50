// pipeline/normalise/location.ts: its rules input → output, then the edges mutation testing found.
import { describe, expect, it } from 'vitest';
import { COUNTRIES, type Country } from '../../../model/countries.ts';
import { normaliseLocation, isInsideCountry } from '../../../pipeline/normalise/location.ts';
import type { CountryCode } from '../../../model/place.ts';

type Point = { latitude: number; longitude: number };

describe('normaliseLocation', () => {
  it.each<[CountryCode, string, unknown, Point]>([
    ['es', 'numbers (mainland)', { lat: 36.8738775, lng: -4.1852551 }, { latitude: 36.8738775, longitude: -4.1852551 }],
    ['es', 'numeric strings, padded (Madrid)', { lat: '40.419578500000', lng: '-3.698562600000' }, { latitude: 40.4195785, longitude: -3.6985626 }],
    ['es', 'more than 7 decimals, rounded (Canary Islands)', { lat: '28.48967677234651', lng: '-16.318953036825405' }, { latitude: 28.4896768, longitude: -16.318953 }],
    ['es', 'a decimal comma', { lat: '40,4195785', lng: '-3,6985626' }, { latitude: 40.4195785, longitude: -3.6985626 }],
    ['gb', 'numeric strings (Belfast)', { lat: '54.61527', lng: '-5.937659' }, { latitude: 54.61527, longitude: -5.937659 }],
    ['gb', 'latitude/longitude keys', { latitude: 51.5007, longitude: -0.1246 }, { latitude: 51.5007, longitude: -0.1246 }],
    ['fr', 'numeric strings (Mont-Saint-Michel)', { lat: '48.61758727', lng: '-1.51039615' }, { latitude: 48.6175873, longitude: -1.5103962 }],
    ['fr', 'an overseas department (Réunion)', { lat: -21.1151, lng: 55.5364 }, { latitude: -21.1151, longitude: 55.5364 }],
    ['pt', 'numbers (mainland)', { lat: 41.29827, lng: -8.7330456 }, { latitude: 41.29827, longitude: -8.7330456 }],
    ['pt', 'the Azores', { lat: '37.7412', lng: '-25.6756' }, { latitude: 37.7412, longitude: -25.6756 }],
    ['pt', 'Madeira, with a lon key', { lat: 32.6669, lon: -16.9241 }, { latitude: 32.6669, longitude: -16.9241 }],
  ])('in %s accepts %s', (code, _behaviour, raw, expected) => {
    expect(normaliseLocation(raw, COUNTRIES[code])).toEqual({ value: expected, issues: [] });
  });

  it.each<[CountryCode, string, unknown, string]>([
    ['es', '0,0 (a placeholder, Euskadi)', { lat: 0.0, lng: 0.0 }, 'zero-location'],
    ['gb', '0,0 as strings', { lat: '0', lng: '0.000' }, 'zero-location'],
    ['es', 'a point in Buenos Aires', { lat: '-34.6230888', lng: '-58.39669040000001' }, 'outside-country'],
    ['es', 'a flipped longitude sign', { lat: '28.090827664908744', lng: '16.732596829533577' }, 'outside-country'],
    ['gb', 'a point in Amsterdam', { lat: 52.3676, lng: 4.9041 }, 'outside-country'],
    ['fr', 'a point in Madrid', { lat: 40.4168, lng: -3.7038 }, 'outside-country'],
    ['pt', 'swapped coordinates', { lat: -8.7330456, lng: 41.29827 }, 'outside-country'],
    ['fr', 'a latitude beyond 90', { lat: 95, lng: 2 }, 'out-of-range'],
    ['pt', 'a longitude beyond 180', { lat: 40, lng: -190 }, 'out-of-range'],
    ['es', 'text that is not a number', { lat: 'cuarenta', lng: '-3.7' }, 'unreadable-number'],
    ['gb', 'a number with a thousands separator', { lat: '54.615.27', lng: '-5.9' }, 'unreadable-number'],
    ['fr', 'a coordinate of the wrong type', { lat: true, lng: 2 }, 'wrong-type'],
    ['pt', 'only one coordinate', { lat: 41.3 }, 'incomplete-location'],
    ['es', 'a string', '40.4,-3.7', 'wrong-type'],
    ['gb', 'an array', [54.6, -5.9], 'wrong-type'],
  ])('in %s rejects %s', (code, _behaviour, raw, issueCode) => {
    const result = normaliseLocation(raw, COUNTRIES[code]);
    expect(result.value).toBeNull();
    expect(result.issues).toEqual([expect.objectContaining({ field: 'location', code: issueCode })]);
  });

  it.each([
    ['a flipped longitude sign', { lat: 28.09, lng: 16.73 }, /sign looks flipped/],
    ['swapped coordinates', { lat: -3.7, lng: 40.4 }, /look swapped/],
  ])('explains %s in the issue detail', (_name, raw, detail) => {
    expect(normaliseLocation(raw, COUNTRIES.es).issues[0]?.detail).toMatch(detail);
  });

  it.each([undefined, null, '', {}, { lat: null, lng: '' }])('reads the missing location %j as null without an issue', (raw) => {
    expect(normaliseLocation(raw, COUNTRIES.fr)).toEqual({ value: null, issues: [] });
  });

  it('never produces -0', () => {
    const result = normaliseLocation({ lat: 43.3, lng: '-0.00000001' }, COUNTRIES.fr);
    expect(Object.is(result.value?.longitude, 0)).toBe(true);
  });
});

// Location edges the main tests leave open: each issue's code and detail, the ±90/±180 bounds themselves, a zero on
// one axis only, the edges of a country's box, and the coordinate text forms (exponents, bare fractions, minus sign).
describe('edge cases', () => {
  describe('normaliseLocation edge cases', () => {
    it.each<[unknown, string, string]>([
      ['40.4', 'wrong-type', 'expected an object with lat and lng, got a string'],
      [[1, 2], 'wrong-type', 'expected an object with lat and lng, got an array'],
      [{ lat: 40.4 }, 'incomplete-location', 'only one of the two coordinates is given'],
      [{ lat: '40.4', lng: 'abc' }, 'unreadable-number', 'coordinates must be numbers or numeric strings'],
      [{ lat: Number.NaN, lng: 1 }, 'unreadable-number', 'coordinates must be numbers or numeric strings'],
      [{ lat: true, lng: '-3.7' }, 'wrong-type', 'coordinates must be numbers or numeric strings'],
      [{ lat: '40', lng: '0x1' }, 'unreadable-number', 'coordinates must be numbers or numeric strings'],
      [{ lat: '40.4', lng: '-3.7e−0' }, 'unreadable-number', 'coordinates must be numbers or numeric strings'],
      [{ lat: 91, lng: 0 }, 'out-of-range', 'latitude must be within ±90 and longitude within ±180'],
      [{ lat: 90, lng: 0 }, 'outside-country', 'outside Spain'],
      [{ lat: 0, lng: 180 }, 'outside-country', 'outside Spain'],
      [{ lat: 0, lng: 1 }, 'outside-country', 'outside Spain'],
      [{ lat: 0, lng: 0 }, 'zero-location', '0,0 is a missing location, not a place'],
      [{ lat: 10, lng: 10 }, 'outside-country', 'outside Spain'],
      [{ lat: -3.7, lng: 40.4 }, 'outside-country', 'outside Spain; latitude and longitude look swapped'],
    ])('rejects %j as %s: %j', (raw, code, detail) => {
      const result = normaliseLocation(raw, COUNTRIES.es);
      expect(result.value).toBeNull();
      expect(result.issues.map((i) => [i.field, i.code, i.detail])).toEqual([['location', code, detail]]);
    });

    it.each<[unknown, number, number]>([
      [{ lat: ' 40.4 ', lng: ' -3.7 ' }, 40.4, -3.7],
      [{ lat: '40.4', lng: '−3.7' }, 40.4, -3.7],
      [{ lat: '40.4', lng: '-.5' }, 40.4, -0.5],
      [{ lat: '40.4', lng: '-.55' }, 40.4, -0.55],
      [{ lat: '4.04e1', lng: '-3.7' }, 40.4, -3.7],
      [{ lat: '4.04e+1', lng: '-3.7' }, 40.4, -3.7],
      [{ lat: '404e-01', lng: '-3.7' }, 40.4, -3.7],
    ])('reads %j as %d, %d', (raw, latitude, longitude) => {
      expect(normaliseLocation(raw, COUNTRIES.es)).toEqual({ value: { latitude, longitude }, issues: [] });
    });
  });

  describe('isInsideCountry edge cases', () => {
    const boxed = { areas: [{ minLat: 10, maxLat: 20, minLng: 30, maxLng: 40 }] } as unknown as Country;
    it.each<[number, number, boolean]>([
      [10, 35, true],
      [20, 35, true],
      [15, 30, true],
      [15, 40, true],
      [9.9, 35, false],
      [20.1, 35, false],
      [15, 29.9, false],
      [15, 40.1, false],
    ])('puts %d, %d inside the box 10–20, 30–40: %s', (latitude, longitude, inside) => {
      expect(isInsideCountry({ latitude, longitude }, boxed)).toBe(inside);
    });
  });
});
