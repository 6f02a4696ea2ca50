import { describe, expect, it } from 'vitest';
import { checkRegion, provinceOfPostalCode } from '../../../pipeline/normalise/region-check.ts';

describe('provinceOfPostalCode', () => {
  it('reads the province from the first two digits', () => {
    expect(provinceOfPostalCode('43300')?.name).toBe('Tarragona');
    expect(provinceOfPostalCode('01001')?.name).toBe('Araba/Álava');
    expect(provinceOfPostalCode('52001')?.name).toBe('Melilla');
  });

  it('reads nothing from a code that is not five digits or names no province', () => {
    expect(provinceOfPostalCode(null)).toBeNull();
    expect(provinceOfPostalCode('4330')).toBeNull();
    expect(provinceOfPostalCode('53001')).toBeNull();
    expect(provinceOfPostalCode('00001')).toBeNull();
  });
});

describe('checkRegion', () => {
  it('repairs a state naming another province than the postal code (Mont-roig del Camp under "Barcelona")', () => {
    const result = checkRegion({ state: 'Barcelona', postalCode: '43300', localityAdmin2: 'T' }, 'es');
    expect(result.value).toBe('Tarragona');
    expect(result.issues).toEqual([expect.objectContaining({ code: 'state-from-postal-code', value: 'Barcelona' })]);
  });

  it('repairs a state from the city where there is no postal code (Valencia de Don Juan under "Valencia")', () => {
    const result = checkRegion({ state: 'Valencia', postalCode: null, localityAdmin2: 'LE' }, 'es');
    expect(result.value).toBe('León');
    expect(result.issues[0]?.detail).toContain('the city names León');
  });

  it('keeps a state that names the province in any of its forms', () => {
    for (const state of ['Lleida', 'Lérida', 'LLEIDA', 'lerida']) {
      expect(checkRegion({ state, postalCode: '25720', localityAdmin2: 'L' }, 'es')).toEqual({ value: state, issues: [] });
    }
  });

  it('keeps a state that names no province (an autonomous community, anything else)', () => {
    expect(checkRegion({ state: 'Cataluña', postalCode: '08320', localityAdmin2: null }, 'es').value).toBe('Cataluña');
    expect(checkRegion({ state: 'Costa Brava', postalCode: '17470', localityAdmin2: null }, 'es').issues).toEqual([]);
  });

  it('leaves a missing state missing', () => {
    expect(checkRegion({ state: null, postalCode: '38400', localityAdmin2: 'TF' }, 'es')).toEqual({ value: null, issues: [] });
  });

  it('decides nothing when the postal code and the city name different provinces', () => {
    expect(checkRegion({ state: 'Barcelona', postalCode: '43300', localityAdmin2: 'B' }, 'es')).toEqual({ value: 'Barcelona', issues: [] });
  });

  it('decides nothing without a postal code or a city that names a province', () => {
    expect(checkRegion({ state: 'Barcelona', postalCode: null, localityAdmin2: null }, 'es')).toEqual({ value: 'Barcelona', issues: [] });
    expect(checkRegion({ state: null, postalCode: null, localityAdmin2: 'XX' }, 'es')).toEqual({ value: null, issues: [] });
  });

  it('checks only Spain', () => {
    expect(checkRegion({ state: 'Barcelona', postalCode: '43300', localityAdmin2: 'T' }, 'fr')).toEqual({ value: 'Barcelona', issues: [] });
    expect(checkRegion({ state: null, postalCode: '4000-123', localityAdmin2: null }, 'pt')).toEqual({ value: null, issues: [] });
  });
});
