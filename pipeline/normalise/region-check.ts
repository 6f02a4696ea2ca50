// A Spanish address's state (province) agrees with its postal code and its city's locality: a state naming another province is repaired (data/cities/es-provinces.json).
import provinces from '../../data/cities/es-provinces.json' with { type: 'json' };
import type { CountryCode } from '../../model/place.ts';
import { foldText } from '../../model/fold-text.ts';
import { issue, type Normalised } from './issues.ts';
import { memoText } from './text-memo.ts';

interface Province {
  postal: string;
  geonames: string;
  name: string;
  names: string[];
}

// States repeat across an export: each is folded once.
const fold = memoText((text: string): string => foldText(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim());
const PROVINCES: readonly Province[] = provinces.es;
const BY_POSTAL = new Map(PROVINCES.map((province) => [province.postal, province]));
const BY_GEONAMES = new Map(PROVINCES.map((province) => [province.geonames, province]));
/** Every folded form of every province name → its province. */
const BY_NAME = new Map(PROVINCES.flatMap((province) => [province.name, ...province.names].map((name) => [fold(name), province] as const)));

export interface RegionCheckInput {
  state: string | null;
  postalCode: string | null;
  /** The GeoNames admin2 code of the city's locality in the gazetteer (es: the province); null when the city is none of its. */
  localityAdmin2: string | null;
}

/**
 * What a postal code tells the city check (city-gazetteer.ts): the gazetteer's admin2 code of its province, whether it
 * is a code of the capital city (es: third digit 0), and the province's names (most capitals share one: A Coruña).
 * Null outside Spain or for a code naming no province.
 */
export function postalProvince(postalCode: string | null, country: CountryCode): { admin2: string; capital: boolean; provinceNames: readonly string[] } | null {
  const province = country === 'es' ? provinceOfPostalCode(postalCode) : null;
  return province === null ? null : { admin2: province.geonames, capital: postalCode![2] === '0', provinceNames: [province.name, ...province.names] };
}

/** The province a Spanish postal code names (its first two digits), or null. */
export function provinceOfPostalCode(postalCode: string | null): Province | null {
  return postalCode !== null && /^\d{5}$/.test(postalCode) ? (BY_POSTAL.get(postalCode.slice(0, 2)) ?? null) : null;
}

/**
 * The state, checked where the country's postal code names its region (es only): the province the postal code and the
 * city's locality name (when both do, they must agree, or nothing is decided). A state naming another province becomes
 * that province (`address/state-from-postal-code`); a missing state, or one naming no province (an autonomous
 * community), is left as written.
 */
export function checkRegion(input: RegionCheckInput, country: CountryCode): Normalised<string | null> {
  const { state } = input;
  // A missing state stays missing: the rule repairs what contradicts the address, it does not add to it.
  if (country !== 'es' || state === null) return { value: state, issues: [] };
  const byPostal = provinceOfPostalCode(input.postalCode);
  const byCity = input.localityAdmin2 === null ? null : (BY_GEONAMES.get(input.localityAdmin2) ?? null);
  if (byPostal !== null && byCity !== null && byPostal !== byCity) return { value: state, issues: [] };
  const expected = byPostal ?? byCity;
  if (expected === null) return { value: state, issues: [] };
  const source = byPostal !== null ? `postal code ${input.postalCode}` : 'the city';
  const named = BY_NAME.get(fold(state));
  if (named === undefined || named === expected) return { value: state, issues: [] };
  const detail = `state: "${state}" is another province; ${source} names ${expected.name}`;
  return { value: expected.name, issues: [issue('address', 'state-from-postal-code', state, detail)] };
}
