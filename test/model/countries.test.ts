// The four countries' facts: each keyed by its own code, a phone region and language, areas that are boxes, and names folded.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../model/countries.ts';
import { foldText } from '../../model/fold-text.ts';
import { COUNTRY_CODES } from '../../model/place.ts';

describe('COUNTRIES', () => {
  it('has one entry per published country, under its own code, its phone region the code in capitals', () => {
    expect(Object.keys(COUNTRIES).sort()).toEqual([...COUNTRY_CODES].sort());
    for (const code of COUNTRY_CODES) {
      expect(COUNTRIES[code].code).toBe(code);
      expect(COUNTRIES[code].phoneRegion).toBe(code.toUpperCase());
      expect(COUNTRIES[code].names).toContain(code);
    }
  });

  it('gives every area as a real box on the globe', () => {
    for (const { areas } of Object.values(COUNTRIES)) {
      expect(areas.length).toBeGreaterThan(0);
      for (const box of areas) {
        expect(box.minLat).toBeLessThan(box.maxLat);
        expect(box.minLng).toBeLessThan(box.maxLng);
        expect(Math.abs(box.minLat) <= 90 && Math.abs(box.maxLat) <= 90 && Math.abs(box.minLng) <= 180 && Math.abs(box.maxLng) <= 180).toBe(true);
      }
    }
  });

  it('writes names as they are compared: folded, and each name one country’s', () => {
    const all = Object.values(COUNTRIES).flatMap((country) => country.names);
    for (const name of all) expect(foldText(name)).toBe(name);
    expect(new Set(all).size).toBe(all.length);
  });
});
