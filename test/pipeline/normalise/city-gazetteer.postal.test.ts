// The clear-town rule settled by a Spanish postal code: the nearest locality of a municipality the code names, unless a place of the code the gazetteer lacks is nearer.
import { describe, expect, it } from 'vitest';
import { checkCity } from '../../../pipeline/normalise/city-gazetteer.ts';
import { gazetteerOf } from '../../../pipeline/normalise/gazetteer-files.ts';
import type { UnlistedPlace } from '../../../pipeline/normalise/postal-code-rows.ts';
import { postalProvince } from '../../../pipeline/normalise/region-check.ts';

/** A place with no city at `at`, its postal code naming `municipalities` and `unlisted` (null: the table lacks the code). */
const check = (at: [number, number], postalCode: string, municipalities: string[] | null, unlisted: UnlistedPlace[] = []) => {
  const postal = postalProvince(postalCode, 'es')!;
  const places = municipalities === null ? null : { postalCode, municipalities, unlisted };
  return checkCity({ country: 'es', chosen: null, named: [], latitude: at[0], longitude: at[1], isRegion: () => false, isAddressText: () => false, postal: { ...postal, places } }, gazetteerOf('es'));
};

const MAS_PATOXAS: [number, number] = [41.9565032, 3.1596281];
const RV_PENEDES: [number, number] = [41.3583597, 1.7490646];
const SANT_CUGAT_SESGARRIGUES: UnlistedPlace = { name: 'Sant Cugat Sesgarrigues', lat: 41.3625, lng: 1.752 };
const BY = 'the nearest locality of a municipality its postal code names';

describe('checkCity: the postal code settles the nearest town (es)', () => {
  it('takes the nearest locality of a municipality the code names over a nearer one of another (17256 is Pals, not Regencós)', () => {
    expect(check(MAS_PATOXAS, '17256', null)).toMatchObject({ city: 'Regencós', outcome: 'moved' });
    const result = check(MAS_PATOXAS, '17256', ['17121', '17124']);
    expect(result).toMatchObject({ city: 'Pals', outcome: 'moved' });
    expect(result.locality?.municipality).toBe('17124');
    expect(result.issues).toEqual([expect.objectContaining({ code: 'city-from-gazetteer', value: 'Pals', detail: `city: missing; ${BY}, 1.9 km from the place` })]);
  });

  it('publishes no city when a place of the code that the gazetteer lacks is nearer than that locality', () => {
    expect(check(RV_PENEDES, '08798', null).city).toBe('Sant Pere Molanta');
    const result = check(RV_PENEDES, '08798', ['08013'], [SANT_CUGAT_SESGARRIGUES]);
    expect(result).toMatchObject({ city: null, locality: null, outcome: 'undecided' });
    expect(result.issues).toEqual([
      expect.objectContaining({
        code: 'invalid-city',
        group: 'unclear-nearest',
        detail: `city: missing; ${BY}, Avinyonet del Penedès (3.0 km), is not clearly the place's town: Sant Cugat Sesgarrigues, a place its postal code names that the gazetteer lacks, is 0.5 km from the place`,
      }),
    ]);
  });

  it('names the nearest of the places the gazetteer lacks that are nearer than that locality', () => {
    const farther: UnlistedPlace = { name: 'Sant Sebastià dels Gorgs', lat: 41.3667, lng: 1.75 };
    const detail = (unlisted: UnlistedPlace[]) => check(RV_PENEDES, '08798', ['08013'], unlisted).issues[0]?.detail;
    expect(detail([farther, SANT_CUGAT_SESGARRIGUES])).toContain('town: Sant Cugat Sesgarrigues, a place its postal code names that the gazetteer lacks, is 0.5 km from the place');
    expect(detail([SANT_CUGAT_SESGARRIGUES, farther])).toContain('town: Sant Cugat Sesgarrigues, a place its postal code names that the gazetteer lacks, is 0.5 km from the place');
  });

  it('takes the locality when the place the gazetteer lacks is no nearer, or farther', () => {
    expect(check(RV_PENEDES, '08798', ['08013'], [{ ...SANT_CUGAT_SESGARRIGUES, lat: 41.35, lng: 1.78333 }]).city).toBe('Avinyonet del Penedès');
    expect(check(RV_PENEDES, '08798', ['08013'], [{ ...SANT_CUGAT_SESGARRIGUES, lat: 41.4, lng: 1.75 }]).city).toBe('Avinyonet del Penedès');
    expect(check(RV_PENEDES, '08798', ['08013'], [{ ...SANT_CUGAT_SESGARRIGUES, lat: 41.4, lng: 1.75 }, SANT_CUGAT_SESGARRIGUES]).city).toBeNull();
  });

  it('leaves the rule as it was when the nearest locality is of a municipality the code names and clearly the town', () => {
    const result = check(RV_PENEDES, '08798', ['08145'], [SANT_CUGAT_SESGARRIGUES]);
    expect(result.city).toBe('Sant Pere Molanta');
    expect(result.issues[0]?.detail).toBe('city: missing; the nearest locality, 1.4 km from the place');
  });

  it('says nothing when no municipality the code names has a locality within reach', () => {
    expect(check(RV_PENEDES, '08798', ['99999'], [SANT_CUGAT_SESGARRIGUES]).city).toBe('Sant Pere Molanta');
    expect(check(RV_PENEDES, '08798', [], [SANT_CUGAT_SESGARRIGUES]).city).toBe('Sant Pere Molanta');
  });

  it('settles a near tie between municipalities when the code names one of them (Cassà de la Selva 5.5 km, Llambilles 7.7 km)', () => {
    const at: [number, number] = [41.9, 2.94];
    expect(check(at, '17244', null)).toMatchObject({ city: null, outcome: 'undecided' });
    expect(check(at, '17244', ['17044'])).toMatchObject({ city: 'Cassà de la Selva', outcome: 'moved' });
    expect(check(at, '17244', ['17090'])).toMatchObject({ city: 'Llambilles', outcome: 'moved' });
  });

  it('is still unclear when the code names both: beyond 5 km a rival within twice the distance ties', () => {
    const result = check([41.9, 2.94], '17244', ['17044', '17090']);
    expect(result).toMatchObject({ city: null, outcome: 'undecided' });
    expect(result.issues[0]?.detail).toBe(`city: missing; ${BY}, Cassà de la Selva (5.5 km), is not clearly the place's town: Llambilles, of another municipality, is 7.7 km from the place`);
  });

  it('within 5 km only a rival within 1.15 times the distance ties (Regencós 3.0 km, Torrent 4.7 km: Regencós)', () => {
    const at: [number, number] = [41.98, 3.17];
    expect(check(at, '17255', ['17144', '17197'])).toMatchObject({ city: 'Regencós', outcome: 'moved' });
  });
});
