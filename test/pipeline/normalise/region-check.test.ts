import { describe, expect, it } from 'vitest';
import { checkRegion, postalProvince, provinceOfPostalCode } from '../../../pipeline/normalise/region-check.ts';

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
    expect(provinceOfPostalCode('433001')).toBeNull();
  });
});

describe('postalProvince', () => {
  it("gives the province's gazetteer code, whether the code is one of its capital city's (third digit 0), and the province's names", () => {
    expect(postalProvince('28042', 'es')).toEqual({ admin2: 'M', capital: true, provinceNames: ['Madrid', 'Comunidad de Madrid'] });
    expect(postalProvince('28820', 'es')).toMatchObject({ admin2: 'M', capital: false });
    expect(postalProvince('15003', 'es')?.provinceNames).toEqual(['A Coruña', 'La Coruña', 'Coruña']);
  });

  it('says nothing outside Spain or for a code naming no province', () => {
    expect(postalProvince('28001', 'fr')).toBeNull();
    expect(postalProvince('53001', 'es')).toBeNull();
    expect(postalProvince(null, 'es')).toBeNull();
  });
});

describe('checkRegion', () => {
  it('repairs a state naming another province than the postal code (Mont-roig del Camp under "Barcelona")', () => {
    const result = checkRegion({ state: 'Barcelona', postalCode: '43300', localityAdmin2: 'T' }, 'es');
    expect(result.value).toBe('Tarragona');
    expect(result.issues).toEqual([expect.objectContaining({ field: 'address', code: 'state-from-postal-code', value: 'Barcelona' })]);
    expect(result.issues[0]?.detail).toBe('state: "Barcelona" is another province; postal code 43300 names Tarragona');
  });

  it('repairs a state from the postal code where the city names no province of the gazetteer', () => {
    expect(checkRegion({ state: 'Barcelona', postalCode: '43300', localityAdmin2: null }, 'es').value).toBe('Tarragona');
    expect(checkRegion({ state: 'Barcelona', postalCode: '43300', localityAdmin2: 'XX' }, 'es').value).toBe('Tarragona');
  });

  it('repairs a state from the city where there is no postal code (Valencia de Don Juan under "Valencia")', () => {
    const result = checkRegion({ state: 'Valencia', postalCode: null, localityAdmin2: 'LE' }, 'es');
    expect(result.value).toBe('León');
    expect(result.issues[0]?.detail).toContain('the city names León');
  });

  it('reads a state written with other punctuation and spacing', () => {
    expect(checkRegion({ state: 'Barcelona.', postalCode: '43300', localityAdmin2: null }, 'es').value).toBe('Tarragona');
    expect(checkRegion({ state: 'Araba / Álava', postalCode: '43300', localityAdmin2: null }, 'es').value).toBe('Tarragona');
    expect(checkRegion({ state: 'Araba / Álava', postalCode: '01001', localityAdmin2: null }, 'es')).toEqual({ value: 'Araba / Álava', issues: [] });
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
