import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../model/countries.ts';
import { normaliseLocation } from '../../pipeline/normalise/location.ts';
import type { CountryCode } from '../../model/place.ts';

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
