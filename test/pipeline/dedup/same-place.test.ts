// samePlace's edges: the verdict's shape when apart, names with no distinctive word, one-sided phones, a point missing one coordinate.
import { describe, expect, it } from 'vitest';
import type { PlaceMatchKey } from '../../../pipeline/dedup/place-match-key.ts';
import { metresBetween, nameRelation, samePlace } from '../../../pipeline/dedup/same-place.ts';
import { matchKey } from './support/match-key.ts';

const key = matchKey;
const PHONE = ['+34972271239'];

describe('metresBetween', () => {
  it('weighs a longitude step by the cosine of both latitudes', () => {
    expect(Math.round(metresBetween({ lat: 40, lng: -3 }, { lat: 41, lng: -2 }))).toBe(139_689);
    expect(Math.round(metresBetween({ lat: 41, lng: -2 }, { lat: 40, lng: -3 }))).toBe(139_689);
  });
});

describe('nameRelation', () => {
  it('relates no name without a distinctive word, on either side or both', () => {
    expect(nameRelation(key('a', 'Hotel'), key('b', 'Hotel Fageda'))).toBeNull();
    expect(nameRelation(key('a', 'Hotel Fageda'), key('b', 'Hotel'))).toBeNull();
    expect(nameRelation(key('a', 'Camping'), key('b', 'Hotel'))).toBeNull();
  });

  it('needs every word of the shorter name in the longer one', () => {
    expect(nameRelation(key('a', 'Alfa'), key('b', 'Beta Gamma'))).toBeNull();
    expect(nameRelation(key('a', 'Alfa Delta'), key('b', 'Alfa Beta Gamma'))).toBeNull();
    expect(nameRelation(key('a', 'Alfa Beta'), key('b', 'Alfa Beta Gamma'))).toBe('contained');
  });
});

describe('samePlace', () => {
  it('answers apart with no signal and no distance when the names differ', () => {
    expect(samePlace(key('a', 'Fageda'), key('b', 'Roure'))).toEqual({ same: false, signals: [], metres: null });
  });

  it('answers apart with the distance but no signal when the points are too far', () => {
    expect(samePlace(key('a', 'Fageda'), key('b', 'Fageda', { lat: 42.168 }))).toEqual({ same: false, signals: [], metres: 1112 });
  });

  it('lets a phone on one side only not part them', () => {
    expect(samePlace(key('a', 'Fageda', { phones: PHONE }), key('b', 'Fageda')).same).toBe(true);
    expect(samePlace(key('a', 'Fageda'), key('b', 'Fageda', { phones: PHONE })).same).toBe(true);
  });

  it('names a contained name as such among the signals', () => {
    const verdict = samePlace(key('a', 'Fageda', { phones: PHONE }), key('b', 'Fageda Park', { phones: PHONE }));
    expect(verdict).toEqual({ same: true, signals: ['name-contained', 'distance', 'phone'], metres: 0 });
  });

  it.each<[string, Partial<PlaceMatchKey>]>([
    ['its latitude', { lat: null }],
    ['its longitude', { lng: null }],
  ])('compares by city, not distance, when one side lacks %s', (_, missing) => {
    const far = { lat: 43.0, lng: 3.0 };
    const expected = { same: true, signals: ['name', 'city', 'phone'], metres: null };
    expect(samePlace(key('a', 'Fageda', { ...missing, phones: PHONE }), key('b', 'Fageda', { ...far, phones: PHONE }))).toEqual(expected);
    expect(samePlace(key('a', 'Fageda', { ...far, phones: PHONE }), key('b', 'Fageda', { ...missing, phones: PHONE }))).toEqual(expected);
  });
});
