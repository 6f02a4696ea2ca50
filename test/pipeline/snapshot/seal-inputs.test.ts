// The seal's columns made with each published record: the values SQLite took out of the place JSON at seal before.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { gridCoordinate, NO_SEAL_INPUTS, ratingKey, sealInputsOf } from '../../../pipeline/snapshot/seal-inputs.ts';
import { placeContentHash } from '../../../pipeline/snapshot/place-hash.ts';
import { nameSortKey } from '../../../pipeline/snapshot/search-words.ts';
import { placeWordsText } from '../../../pipeline/snapshot/word-postings.ts';
import { RATING_KEY_OF } from '../../../pipeline/snapshot/statements.ts';
import type { StoredPlace } from '../../../model/place.ts';

describe('gridCoordinate', () => {
  it("rounds as SQLite's CAST(round(x * 1e7) AS INTEGER) did, halves away from zero, and never to -0", () => {
    const db = new Database(':memory:');
    const sqlite = db.prepare('SELECT CAST(round(? * 1e7) AS INTEGER)').pluck();
    const values = [0, -0, 1e-8, -1e-8, 5e-8, -5e-8, 1.5e-7, -1.5e-7, 2.5e-7, -2.5e-7, 40.41677845, -3.70379155, 90, -90, 180, -180, 28.12345675];
    let seed = 7;
    for (let i = 0; i < 2000; i += 1) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      values.push((seed / 2 ** 31) * 360 - 180, Math.round(((seed / 2 ** 31) * 180 - 90) * 1e8) / 1e8);
    }
    for (const value of values) expect([value, gridCoordinate(value)]).toEqual([value, sqlite.get(value)]);
    expect(Object.is(gridCoordinate(-1e-8), -0)).toBe(false);
    db.close();
  });

  it('is null for what is not a finite number', () => {
    for (const value of [null, undefined, '40.4', Number.NaN, Number.POSITIVE_INFINITY]) expect(gridCoordinate(value)).toBeNull();
  });
});

describe('ratingKey', () => {
  it("is sort=rating's SQL key of the JSON: minus the rating, 1 when unrated", () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE k (key REAL)');
    const sqlite = db.prepare(`SELECT ${RATING_KEY_OF('?')}`).pluck();
    for (const rating of [4.5, 4, 0, 1.25, null]) {
      expect(ratingKey(rating)).toBe(sqlite.get(JSON.stringify({ rating })));
    }
    expect(ratingKey(undefined)).toBe(1);
    expect(Object.is(ratingKey(0), -0)).toBe(false);
    db.close();
  });
});

describe('sealInputsOf', () => {
  const place = {
    id: 'es-1',
    name: 'Hotel Sol',
    legalName: null,
    address: { street: null, city: 'Madrid', state: null, postalCode: null, country: 'ES' },
    location: { latitude: 40.4167785, longitude: -3.7037915 },
    lodgingTypes: ['Hotel'],
    rating: 4.5,
  } as unknown as StoredPlace;
  const json = JSON.stringify(place);

  it("gives the hash of the JSON, the point in 1e-7 degree, both sort keys and the place's words", () => {
    expect(sealInputsOf(place, json)).toEqual([placeContentHash(json), 404167785, -37037915, nameSortKey('Hotel Sol'), -4.5, placeWordsText(place)]);
  });

  it('leaves the point out unless both coordinates are there', () => {
    const unlocated = { ...place, location: null, rating: null } as unknown as StoredPlace;
    expect(sealInputsOf(unlocated, '{}').slice(1, 3)).toEqual([null, null]);
    expect(sealInputsOf(unlocated, '{}')[4]).toBe(1);
    const half = { ...place, location: { latitude: 40.4, longitude: null } } as unknown as StoredPlace;
    expect(sealInputsOf(half, '{}').slice(1, 3)).toEqual([null, null]);
  });

  it('has a null for each seal column of a record that is not published', () => {
    expect(NO_SEAL_INPUTS).toEqual([null, null, null, null, null, null]);
    expect(NO_SEAL_INPUTS).toHaveLength(sealInputsOf(place, json).length);
  });
});
