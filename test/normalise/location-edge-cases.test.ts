// Location edges the main tests leave open: each issue's code and detail, the ±90/±180 bounds themselves, a zero on
// one axis only, the edges of a country's box, and the coordinate text forms (exponents, bare fractions, minus sign).
import { describe, expect, it } from 'vitest';
import { COUNTRIES, type Country } from '../../model/countries.ts';
import { isInsideCountry, normaliseLocation } from '../../pipeline/normalise/location.ts';

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
