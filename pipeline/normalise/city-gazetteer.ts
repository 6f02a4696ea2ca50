// Where a place has coordinates, its city is checked against the gazetteer: a locality of the country near them, in its official form, or the nearest one when the address names none and it is clearly the place's town.
import {
  CITY_CAPITAL_MAX_KM,
  CITY_GAZETTEER_MAX_KM,
  CITY_NEAREST_FAR_KM,
  CITY_NEAREST_FAR_RATIO,
  CITY_NEAREST_TIE_RATIO,
} from '../../model/limits.ts';
import type { CountryCode } from '../../model/place.ts';
import { distanceKm, type Found, type GazetteerIndex } from './gazetteer-index.ts';
import { citySlug } from './city-slug.ts';
import { capitalised, type GazetteerRow } from './gazetteer-rows.ts';
import { issue, type Issue } from './issues.ts';
import type { PostalCodeRow } from './postal-code-rows.ts';

export interface CityCheckInput {
  country: CountryCode;
  /** The city the address rules chose (tidied; from fullAddress where the object's was missing, junk or a region); null when none. */
  chosen: string | null;
  /** The other names the address gives for the locality, most trusted first (the object's city, fullAddress's); nulls ignored. */
  named: readonly (string | null)[];
  latitude: number;
  longitude: number;
  /** Whether a name is a province, region, district or county of the country (data/cities/regions.json). */
  isRegion: (name: string) => boolean;
  /** Whether a value reads as part of a street or other address text rather than a place name ("Cami del Grau", "Meirengos 51"). */
  isAddressText: (name: string) => boolean;
  /**
   * What the postal code says (es: region-check.ts): the gazetteer's admin2 code of its province, and whether it is a
   * code of the province's capital city (third digit 0: 28042 is Madrid, 28820 Coslada). Null where it says nothing.
   */
  postal: { admin2: string; capital: boolean; provinceNames?: readonly string[]; places?: PostalCodeRow | null } | null;
  /** The listing's name: where two towns are about as near, the one it names is the place's ("ibis Styles Paris Bercy"). */
  placeName?: string | null;
  /** The published street: read like the name, after it ("Carr. de Guils de Cerdanya, Km. 2"). */
  street?: string | null;
}

export type CityCheckOutcome =
  /** A name of the address is a locality within reach: published in the gazetteer's form. */
  | 'confirmed'
  /** A locality the gazetteer knows only farther away: a homonym it lacks, or a large municipality; kept, flagged. */
  | 'kept-far'
  /** The address names no locality within reach (none, a region, a far locality, address text): the nearest one. */
  | 'moved'
  /** A name the gazetteer does not know: kept as the address gives it. */
  | 'kept-unknown'
  /** The nearest locality is not clearly the place's town (one of another municipality is about as near): no city. */
  | 'undecided'
  /** Nothing within reach to check against or move to. */
  | 'nothing-near';

export interface CityCheck {
  city: string | null;
  /** The gazetteer's locality the city now names; null when none. */
  locality: GazetteerRow | null;
  outcome: CityCheckOutcome;
  issues: Issue[];
}

/**
 * Seats of a province or higher division, and the capital: "a province capital far from the point is never the city".
 * GeoNames' second level is the province in es, the département in fr, the county in gb, but the municipality
 * (concelho) in pt, whose seats are ordinary towns: there only district seats count.
 */
const CAPITAL_FEATURES: Record<CountryCode, ReadonlySet<string>> = {
  es: new Set(['PPLA', 'PPLA2', 'PPLC']),
  fr: new Set(['PPLA', 'PPLA2', 'PPLC']),
  gb: new Set(['PPLA', 'PPLA2', 'PPLC']),
  pt: new Set(['PPLA', 'PPLC']),
};

const km = (value: number) => `${value.toFixed(1)} km`;

/**
 * The published city of a place at (latitude, longitude): the first name of the address that is a locality of the
 * country within CITY_GAZETTEER_MAX_KM (or within CITY_CAPITAL_MAX_KM with no locality nearer), in the gazetteer's
 * official form; else, when the address names no locality the gazetteer lacks (it names none, or only a province, a far
 * locality or address text), the town of nearestTown (`address/city-from-gazetteer`, grouped by why), or no city when
 * no town is clearly the place's (`address/invalid-city`, group `unclear-nearest`). A name the gazetteer lacks is kept.
 */
export function checkCity(input: CityCheckInput, gazetteer: GazetteerIndex): CityCheck {
  const { chosen, latitude, longitude } = input;
  const names = [...new Set([chosen, ...input.named].filter((name): name is string => name !== null))];
  for (const name of names) {
    const found = gazetteer.nearestNamed(name, latitude, longitude, CITY_GAZETTEER_MAX_KM) ?? capitalOfPostalCode(name, input, gazetteer);
    if (found === null) continue;
    return confirmed(name, found, chosen);
  }
  // A short form of a locality's name within reach ("Oropesa" for Oropesa del Mar): that locality, in its full name.
  for (const name of names) {
    const found = gazetteer.nearestStartingWith(name, latitude, longitude, CITY_GAZETTEER_MAX_KM);
    if (found === null) continue;
    const detail = `city: "${chosen ?? 'missing'}" → "${found.row.name}", the locality within reach whose name begins with "${name}", ${km(found.km)} from the place`;
    return { city: found.row.name, locality: found.row, outcome: 'moved', issues: [{ ...issue('address', 'city-from-gazetteer', found.row.name, detail), group: 'short-name' }] };
  }
  // A locality the address names a little farther away, with none nearer to the place: its municipality is large
  // (Setúbal, 10.5 km from the Gâmbia camp site, "2910 Setúbal").
  for (const name of names) {
    const found = gazetteer.nearestNamed(name, latitude, longitude, CITY_CAPITAL_MAX_KM);
    if (found !== null && gazetteer.within(latitude, longitude, found.km).every((near) => near.row === found.row)) return confirmed(name, found, chosen);
  }

  const why = chosen === null ? 'missing' : whyNotTheCity(chosen, input, gazetteer);
  if (why === null) return { city: chosen, locality: null, outcome: 'kept-unknown', issues: [] };
  if (why === 'far-homonym' && chosen !== null) {
    const detail = `city: "${chosen}" is a locality the gazetteer knows only more than ${CITY_GAZETTEER_MAX_KM} km away; kept (a homonym it lacks, or a large municipality)`;
    const issues = [issue('address', 'city-far-from-location', chosen, detail)];
    const official = officialFormFar(chosen, input.postal, gazetteer);
    if (official !== null) issues.push(issue('address', 'city-official-name', chosen, `city: "${chosen}" → "${official}", the gazetteer's form`));
    return { city: official ?? chosen, locality: null, outcome: 'kept-far', issues };
  }
  const was = chosen === null ? 'missing' : `"${chosen}" is ${DESCRIBED[why]}`;
  const town = nearestTown(input, gazetteer);
  if (town !== null && town.rivals.length === 0) {
    const detail = `city: ${was}; ${town.how}, ${km(town.found.km)} from the place`;
    return {
      city: town.found.row.name,
      locality: town.found.row,
      outcome: 'moved',
      issues: [{ ...issue('address', 'city-from-gazetteer', town.found.row.name, detail), group: why }],
    };
  }
  if (town !== null) {
    // No city rather than a guess: a city published must be a locality the place is in.
    const [rival] = town.rivals as [Found];
    const detail = `city: ${was}; ${town.how}, ${town.found.row.name} (${km(town.found.km)}), is not clearly the place's town: ${rival.row.name}, ${town.rivalIs ?? 'of another municipality'}, is ${km(rival.km)} from the place`;
    return { city: null, locality: null, outcome: 'undecided', issues: [{ ...issue('address', 'invalid-city', chosen, detail), group: 'unclear-nearest' }] };
  }
  // Nothing within reach: a province or a far capital is still never the city; anything else stays as the address gives it.
  if (chosen !== null && (why === 'region' || why === 'far-capital')) {
    return { city: null, locality: null, outcome: 'nothing-near', issues: [issue('address', 'invalid-city', chosen, `"${chosen}" is ${DESCRIBED[why]}, and no locality is within ${CITY_GAZETTEER_MAX_KM} km`)] };
  }
  return { city: chosen, locality: null, outcome: 'nothing-near', issues: [] };
}

/** The town the place is in, when the address names none; `rivals`: localities of other municipalities about as near (then it is not clear). */
interface Town {
  found: Found;
  /** How it was found, for the issue's detail. */
  how: string;
  rivals: readonly Found[];
  /** What the first rival is, for the issue's detail; "of another municipality" when not given. */
  rivalIs?: string;
}

/**
 * The town a place is in when the address names none within reach: the province capital its postal code names (es,
 * third digit 0: "43007" is Tarragona) within CITY_CAPITAL_MAX_KM; else the nearest locality within
 * CITY_GAZETTEER_MAX_KM (of the postal code's province, where it names one), when no locality of another municipality
 * is about as near (within CITY_NEAREST_TIE_RATIO of its distance; beyond CITY_NEAREST_FAR_KM, within
 * CITY_NEAREST_FAR_RATIO); else the nearest of those localities the listing's name names, or else its street; else
 * none is clear (rivals).
 * Null when no locality is within reach.
 */
function nearestTown(input: CityCheckInput, gazetteer: GazetteerIndex): Town | null {
  const { latitude, longitude, postal } = input;
  if (postal !== null && postal.capital) {
    const [capital] = gazetteer.within(latitude, longitude, CITY_CAPITAL_MAX_KM, (row) => isCapitalOf(postal, row, input.country, gazetteer));
    if (capital !== undefined) return { found: capital, how: 'the province capital its postal code names', rivals: [] };
  }
  // The postal code's province, where it has a locality within reach (a code of a province far away says nothing of the point).
  const inReach = gazetteer.within(latitude, longitude, CITY_GAZETTEER_MAX_KM);
  const provinceNear = postal !== null && inReach.some((found) => found.row.admin2 === postal.admin2);
  const inProvince = (row: GazetteerRow) => !provinceNear || row.admin2 === postal!.admin2;
  const nearest = inReach.find((found) => inProvince(found.row));
  if (nearest === undefined) return null;
  const reach = nearest.km * (nearest.km > CITY_NEAREST_FAR_KM ? CITY_NEAREST_FAR_RATIO : CITY_NEAREST_TIE_RATIO);
  const near = (reach <= CITY_GAZETTEER_MAX_KM ? inReach.filter((found) => found.km <= reach) : gazetteer.within(latitude, longitude, reach)).filter((found) => inProvince(found.row));
  const rivals = near.filter((found) => found.row.municipality !== nearest.row.municipality);
  const places = postal?.places ?? null;
  if (places != null && (rivals.length > 0 || !places.municipalities.includes(nearest.row.municipality))) {
    const settled = townOfPostalCode(places, inReach.filter((found) => inProvince(found.row)), input);
    if (settled !== null) return settled;
  }
  if (rivals.length === 0) return { found: nearest, how: 'the nearest locality', rivals };
  for (const [text, what] of [[input.placeName, "the place's name"], [input.street, 'the street']] as const) {
    const slug = text == null ? null : citySlug(text);
    const named = slug === null ? undefined : near.find((found) => found.row.nameSlugs.some((name) => `-${slug}-`.includes(`-${name}-`)));
    if (named !== undefined) return { found: named, how: `the locality ${what} names, among localities of several municipalities about as near`, rivals: [] };
  }
  return { found: nearest, how: 'the nearest locality', rivals };
}

/**
 * The town a Spanish postal code settles (es), when the nearest locality is of a municipality the code does not name or
 * is not clearly the place's town: the nearest locality within reach of a municipality the code names, when no locality
 * of another municipality the code names is about as near (the limits of nearestTown); no town (its rival given) when a
 * place of the code that the gazetteer lacks is nearer to the point than that locality. Null when the code names no
 * municipality with a locality within reach: it says nothing of the point.
 */
function townOfPostalCode(places: PostalCodeRow, inReach: readonly Found[], input: CityCheckInput): Town | null {
  const named = inReach.filter((found) => places.municipalities.includes(found.row.municipality));
  const [best] = named;
  if (best === undefined) return null;
  const unlisted = places.unlisted
    .map((place) => ({ place, km: distanceKm(input.latitude, input.longitude, place.lat, place.lng) }))
    .filter((found) => found.km < best.km)
    .sort((a, b) => a.km - b.km)[0];
  if (unlisted !== undefined) {
    const rival: Found = { row: { ...best.row, name: unlisted.place.name, municipality: '' }, km: unlisted.km, ownName: true };
    return { found: best, how: 'the nearest locality of a municipality its postal code names', rivals: [rival], rivalIs: 'a place its postal code names that the gazetteer lacks' };
  }
  const reach = best.km * (best.km > CITY_NEAREST_FAR_KM ? CITY_NEAREST_FAR_RATIO : CITY_NEAREST_TIE_RATIO);
  const rivals = named.filter((found) => found.km <= reach && found.row.municipality !== best.row.municipality);
  return { found: best, how: 'the nearest locality of a municipality its postal code names', rivals };
}

/**
 * Why the postal code contradicts the city the address names and the gazetteer confirms at the point (es), or null:
 * it is a code of the province capital (third digit 0) while the locality is another town of that province and no
 * capital of it lies within CITY_CAPITAL_MAX_KM ("38000" for Santiago del Teide, 70 km from Santa Cruz de Tenerife).
 * The point and the name agree: the code is the odd one out. A code of another province than the locality's decides
 * nothing: GeoNames files some border towns under the neighbouring province (Setenil de las Bodegas, 11692, in Málaga).
 */
export function postalCodeContradicts(input: CityCheckInput, check: CityCheck, gazetteer: GazetteerIndex): string | null {
  const { postal } = input;
  const locality = check.locality;
  if (postal === null || locality === null || check.outcome !== 'confirmed' || !postal.capital) return null;
  if (locality.admin2 !== postal.admin2 || isCapitalOf(postal, locality, input.country, gazetteer)) return null;
  const capital = gazetteer.within(input.latitude, input.longitude, CITY_CAPITAL_MAX_KM, (row) => isCapitalOf(postal, row, input.country, gazetteer));
  return capital.length > 0 ? null : `is a code of the province capital, more than ${CITY_CAPITAL_MAX_KM} km from the place, and the city is another town, ${locality.name}`;
}

/** A name of the address found within reach: the city in the form below, with the issue that says what changed. */
function confirmed(name: string, found: Found, chosen: string | null): CityCheck {
  // The gazetteer's form where the address writes the locality's own name with another article ("El Puerto de la
  // Cruz"); the address's spelling where it differs only in accents or case ("Cádiz" beside "Cadiz"), or where it uses
  // another of the locality's names (GeoNames' main name is at times the English one: "Lisbon" for Lisboa).
  const city = capitalised(found.ownName && citySlug(name) !== citySlug(found.row.name) ? found.row.name : name);
  const issues: Issue[] = [];
  if (name !== chosen) {
    const detail = `city: "${chosen ?? 'missing'}" replaced by "${name}", which the address also names, ${km(found.km)} from the place`;
    issues.push({ ...issue('address', 'city-from-gazetteer', city, detail), group: 'address-named' });
  } else if (city !== chosen) {
    issues.push(issue('address', 'city-official-name', chosen, `city: "${chosen}" → "${city}", the gazetteer's form`));
  }
  return { city, locality: found.row, outcome: 'confirmed', issues };
}

type Why = 'missing' | 'region' | 'far-capital' | 'far-homonym' | 'address-text';

const DESCRIBED: Record<Why, string> = {
  missing: 'missing',
  region: 'a province or region',
  'far-capital': `a province capital more than ${CITY_GAZETTEER_MAX_KM} km away`,
  'far-homonym': `a locality more than ${CITY_GAZETTEER_MAX_KM} km away`,
  'address-text': 'address text, not a locality',
};

/**
 * Whether a locality may be the capital of the postal code's province: a seat of a province or higher division
 * (GeoNames files some capitals as municipality seats only: A Coruña, Badajoz), or named as the province is.
 */
function isCapitalOf(postal: NonNullable<CityCheckInput['postal']>, row: GazetteerRow, country: CountryCode, gazetteer: GazetteerIndex): boolean {
  if (row.admin2 !== postal.admin2) return false;
  return CAPITAL_FEATURES[country].has(row.feature) || (postal.provinceNames ?? []).some((name) => gazetteer.keysOf(name).some((key) => row.nameSlugs.includes(key)));
}

/**
 * A province capital named with one of its own postal codes may lie farther than the distance from the point: its
 * municipality is large (Madrid's Barajas is 13 km from its centre). Within CITY_CAPITAL_MAX_KM it is the city.
 */
function capitalOfPostalCode(name: string, input: CityCheckInput, gazetteer: GazetteerIndex): Found | null {
  const postal = input.postal;
  if (postal === null || !postal.capital) return null;
  const found = gazetteer.nearestNamed(name, input.latitude, input.longitude, CITY_CAPITAL_MAX_KM);
  return found !== null && found.ownName && found.row.admin2 === postal.admin2 && CAPITAL_FEATURES[input.country].has(found.row.feature) ? found : null;
}

/**
 * A kept far city still takes the gazetteer's form of its own name ("El Puerto de la Cruz" → "Puerto de la Cruz"), when
 * the postal code's province holds localities called so that share one form: a homonym of another province ("La
 * Poveda" of Madrid, "Poveda" of Ávila) is another place. Null when the city already has that form or nothing says so.
 */
function officialFormFar(chosen: string, postal: CityCheckInput['postal'], gazetteer: GazetteerIndex): string | null {
  if (postal === null) return null;
  const keys = gazetteer.keysOf(chosen);
  const sameProvince = gazetteer.named(chosen).filter((row) => row.admin2 === postal.admin2 && row.nameSlugs.some((slug) => keys.includes(slug)));
  const forms = new Set(sameProvince.map((row) => row.name));
  if (forms.size !== 1) return null;
  const [form] = forms as Set<string>;
  return citySlug(form!) === citySlug(chosen) ? null : capitalised(form!);
}

/** Why a city that is no locality within reach cannot stand; null when it is a name the gazetteer lacks (kept). */
function whyNotTheCity(chosen: string, input: CityCheckInput, gazetteer: GazetteerIndex): Why | null {
  const elsewhere = gazetteer.named(chosen);
  if (elsewhere.some((row) => CAPITAL_FEATURES[input.country].has(row.feature))) return 'far-capital';
  if (input.isRegion(chosen)) return 'region';
  // A name the gazetteer knows only elsewhere may be a hamlet it lacks ("Campell", a village of la Vall de Laguar, and
  // a town of the same name elsewhere) or a municipality larger than the distance: kept, flagged for review.
  if (elsewhere.length > 0) return 'far-homonym';
  return input.isAddressText(chosen) ? 'address-text' : null;
}
