// A listing's postal address: the structured `address`, or the one-line `fullAddress` where it is absent; plus the city slug and any foreign country it names.
import { COUNTRIES, type Country } from '../../model/countries.ts';
import type { Address } from '../../model/place.ts';
import { canonicalCitySlug, isAddressText, isKnownCity, nonCityReason } from './city-names.ts';
import { checkCity, postalCodeContradicts, type CityCheck, type CityCheckInput } from './city-gazetteer.ts';
import { gazetteerOf } from './gazetteer-files.ts';
import type { Location } from './location.ts';
import { checkRegion, postalProvince } from './region-check.ts';
import { collapseDoubled, isRegionName, tidyCity } from './city-tidy.ts';
import { citySlug } from './city-slug.ts';
import { countryCodeForName } from './country-names.ts';
import { memoPerCountry } from './country-memo.ts';
import { parseFullAddress, type FullAddressParts } from './full-address.ts';
import { issue, type Issue, type Normalised } from './issues.ts';
import { repairPostalCode } from './postal-code.ts';
import { withPostalPlaces } from './postal-code-files.ts';
import { isTownNotStreet, tidyStreetProse } from './street-prose.ts';
import { describeType, isMissing, normaliseText } from './scalars.ts';

export interface NormalisedAddress {
  address: Address;
  citySlug: string | null;
  /** Canonical slugs the city had under the earlier rules (before tidying, before fullAddress replaced it); absent when none. */
  citySlugAliases?: string[];
  /** The other country the address names (ISO code, lower case, or the name as written when unknown); null when none. */
  foreignCountry: string | null;
}

interface AddressText {
  street: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  /** The country as the source names it: `countryCode` of the object, or the trailing name of the one-line form. */
  countryText: string | null;
}

/**
 * `location`: the place's normalised coordinates; where given, the city is checked against the gazetteer
 * (city-gazetteer.ts) and the state against the postal code and the city (region-check.ts).
 */
export function normaliseAddress(
  raw: { address: unknown; fullAddress: unknown; name?: string | null },
  country: Country,
  location: Location | null = null,
): Normalised<NormalisedAddress> {
  const issues: Issue[] = [];
  // The one-line form beside an object, read once: it names the country where the object does not, and fills what the
  // object lacks (street, postal code, a usable city).
  const beside = isObject(raw.address) && typeof raw.fullAddress === 'string' ? parseFullAddress(raw.fullAddress, country) : null;
  const text = readAddress(raw, country, issues, beside);
  const fullAddress = beside === null ? null : sameCountryParts(beside, country);
  fillFromFullAddress(text, fullAddress, issues);
  tidyStreet(text, country, issues, raw.name ?? null);
  const published = text.city === null ? null : tidied(text.city, country, issues);
  const publishedReason = published === null ? null : nonCityReason(published, country.code);
  const chosen = chooseCity(published, publishedReason, fullAddress, country, issues);
  const usable = publishedReason === null ? published : null;
  const cityInput = location === null ? null : gazetteerInput(chosen, usable, fullAddress, text, location, country, raw.name ?? null);
  const check = cityInput === null ? null : checkCity(cityInput, gazetteerOf(country.code));
  if (check !== null) issues.push(...check.issues);
  const contradiction = cityInput === null || check === null ? null : postalCodeContradicts(cityInput, check, gazetteerOf(country.code));
  if (contradiction !== null) {
    issues.push(issue('address', 'postal-code-contradicts-city', text.postalCode, `postalCode: "${text.postalCode}" ${contradiction}; dropped`));
    text.postalCode = null;
  }
  const city = check === null ? chosen : check.city;
  const foreignCountry = findForeignCountry(text.countryText, country, issues);
  const collapsed = text.state === null ? null : collapseDoubledState(text.state, country.code);
  if (collapsed !== text.state) issues.push({ ...issue('address', 'state-tidied', text.state, `state: "${text.state}" → "${collapsed}"`), group: 'doubled-collapsed' });
  const region = checkRegion({ state: collapsed, postalCode: text.postalCode, localityAdmin2: check?.locality?.admin2 ?? null }, country.code);
  issues.push(...region.issues);
  const state = region.value;
  const address: Address = {
    street: text.street,
    city,
    state,
    postalCode: text.postalCode,
    country: country.code, // always the dataset's: a foreign address is rejected, not relabelled
  };
  const canonical = city === null ? null : canonicalSlugOf(city, country.code);
  // The published value still names this place's locality when no rule replaced it (tidying and the official form keep it).
  const samePlace = published !== null && published === chosen && (check === null || check.outcome !== 'moved') && city !== null;
  const aliases = [
    ...(samePlace ? earlierSlugs(text.city!, canonical, country) : []),
    ...(check?.locality ? bareSlugs(city!, canonical, country) : []),
  ].filter((alias, index, all) => all.indexOf(alias) === index);
  const value = { address, citySlug: canonical, ...(aliases.length === 0 ? {} : { citySlugAliases: aliases }), foreignCountry };
  return { value, issues };
}

/**
 * The slug the city had before it was tidied or put in its official form: the value as published, unless that was not
 * a city (it had no slug then either) or names a province (a province's slug is never a city's alias). Kept as an
 * alias so every `city` query that found the place in its own locality still does.
 */
function earlierSlugs(published: string, current: string | null, country: Country): string[] {
  if (nonCityReason(published, country.code) !== null || isRegion(published, country.code)) return [];
  const earlier = canonicalSlugOf(published, country.code);
  return earlier === null || earlier === current ? [] : [earlier];
}

/** The official name without its leading article ("El Masnou" → `masnou`), when no other locality or region is called so. */
function bareSlugs(city: string, current: string | null, country: Country): string[] {
  const gazetteer = gazetteerOf(country.code);
  const [, bare] = gazetteer.keysOf(city);
  if (bare === undefined) return [];
  const alias = canonicalCitySlug(country.code, bare);
  const words = bare.replace(/-/g, ' ');
  if (alias === current || isRegionName(words, country.code)) return [];
  return gazetteer.named(words).length === 1 ? [alias] : [];
}

/** What the gazetteer check reads: the chosen city, the other names the address gives (the object's city, fullAddress's), the postal code's province, the listing's name and street. */
function gazetteerInput(
  chosen: string | null,
  published: string | null,
  full: FullAddressParts | null,
  text: AddressText,
  location: Location,
  country: Country,
  placeName: string | null,
): CityCheckInput {
  return {
    country: country.code,
    chosen,
    // fullAddress's town unchecked: a value that is no city names no locality of the gazetteer either.
    named: [published, full?.city ?? null],
    latitude: location.latitude,
    longitude: location.longitude,
    isRegion: (name) => isRegion(name, country.code),
    isAddressText,
    postal: withPostalPlaces(postalProvince(text.postalCode, country.code), text.postalCode),
    placeName,
    street: text.street,
  };
}

/** `beside`: the one-line form's parts when it is given beside an address object (null otherwise). */
function readAddress(raw: { address: unknown; fullAddress: unknown }, country: Country, issues: Issue[], beside: FullAddressParts | null): AddressText {
  const { address, fullAddress } = raw;
  if (isObject(address)) {
    const text = readAddressObject(address, country, issues);
    // The object wins for every member; the one-line form can still tell which country the listing is in.
    if (text.countryText === null && beside !== null) text.countryText = beside.countryName;
    return text;
  }
  if (!isMissing(address)) {
    issues.push(issue('address', 'wrong-type', address, `expected an object, got ${describeType(address)}`));
  }
  if (!isMissing(fullAddress)) {
    if (typeof fullAddress === 'string') return readOneLine(fullAddress, country);
    issues.push(issue('address', 'wrong-type', fullAddress, `fullAddress: expected text, got ${describeType(fullAddress)}`));
  }
  // An address given as text where an object belongs is still an address: read it as the one-line form.
  if (typeof address === 'string' && !isMissing(address)) return readOneLine(address, country);
  return { street: null, city: null, state: null, postalCode: null, countryText: null };
}

function readAddressObject(address: Record<string, unknown>, country: Country, issues: Issue[]): AddressText {
  const read = (member: string, value: unknown): string | null => {
    const result = normaliseText(value, 'address');
    for (const found of result.issues) issues.push({ ...found, detail: `${member}: ${found.detail ?? found.code}` });
    return result.value;
  };
  return {
    street: read('street', address.street),
    city: read('city', address.city),
    state: read('state', address.state),
    postalCode: readPostalCode(address.postalCode, country, read, issues),
    countryText: read('countryCode', address.countryCode ?? address.country),
  };
}

/**
 * A postal code exported as a number loses its leading zero (08380 → 8380); five-digit countries get it back. A code
 * written with its town or a separator ("38410 Los Cristianos", "38.610") is read as the code (postal-code.ts).
 */
function readPostalCode(
  raw: unknown,
  country: Country,
  read: (member: string, value: unknown) => string | null,
  issues: Issue[],
): string | null {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 1000 && raw <= 9999 && (country.code === 'es' || country.code === 'fr')) {
    return String(raw).padStart(5, '0');
  }
  const value = read('postalCode', raw);
  if (value === null) return null;
  const repaired = repairPostal(value, country.code);
  if (repaired !== value) issues.push(issue('address', 'postal-code-repaired', value, `postalCode: read as ${repaired}`));
  return repaired;
}

function readOneLine(text: string, country: Country): AddressText {
  const parts = parseFullAddress(text, country);
  return {
    street: parts.street,
    city: parts.city,
    state: parts.state,
    postalCode: parts.postalCode,
    countryText: parts.countryName,
  };
}

/** The one-line form's parts, unless it names another country (then it only tells which country: not our fields). */
function sameCountryParts(parts: FullAddressParts, country: Country): FullAddressParts | null {
  const named = parts.countryName === null ? null : countryCodeOf(parts.countryName, country.code);
  return named === null || named === country.code ? parts : null;
}

function fillFromFullAddress(text: AddressText, full: FullAddressParts | null, issues: Issue[]): void {
  if (full === null) return;
  if (text.street === null && full.street !== null) {
    text.street = full.street;
    issues.push(issue('address', 'street-from-full-address', full.street, 'street: missing from the address object, read from fullAddress'));
  }
  if (text.postalCode === null && full.postalCode !== null) {
    text.postalCode = full.postalCode;
    issues.push(issue('address', 'postal-code-from-full-address', full.postalCode, 'postalCode: missing from the address object, read from fullAddress'));
  }
}

/** The street from its street word on, without the place's own name (street-prose.ts); a "<town>, <postal code>" street fills those fields where empty. */
function tidyStreet(text: AddressText, country: Country, issues: Issue[], placeName: string | null): void {
  if (text.street !== null && text.city === null && text.postalCode !== null && isTownNotStreet(text.street, country)) {
    issues.push(issue('address', 'street-is-town-and-postal-code', text.street, `street: "${text.street}" is the town of postal code ${text.postalCode}`));
    text.city = text.street;
    text.street = null;
    return;
  }
  const tidy = tidyStreetProse(text.street, country, placeName);
  text.street = tidy.street;
  if (tidy.issues.length === 0) return;
  if (text.postalCode === null && tidy.postalCode !== undefined) text.postalCode = tidy.postalCode;
  if (text.city === null && tidy.city !== undefined) text.city = tidy.city;
  issues.push(...tidy.issues);
}

/**
 * The city as published, already tidied (city-tidy.ts); a value that is not a city (data/cities/non-city.json) would make a
 * nonsense slug such as `s-n`. When the value is missing, not a city, or a province/region name, the locality
 * fullAddress names takes its place (`city-from-full-address`, grouped by why); otherwise a non-city is null, reported.
 */
function chooseCity(city: string | null, reason: string | null, full: FullAddressParts | null, country: Country, issues: Issue[]): string | null {
  const why = city === null ? 'missing' : reason !== null ? 'not-a-city' : isRegion(city, country.code) ? 'region' : null;
  // A province's capital shares its name (Burgos, Salamanca): it replaces a missing or junk city, never a region name.
  const fromFull = why === null ? null : localityOf(full, country, why !== 'region');
  if (fromFull !== null && (city === null || citySlug(fromFull) !== citySlug(city))) {
    const detail = `city: ${city === null ? 'missing' : `"${city}" is ${reason ?? 'a province or region'}`}; read from fullAddress`;
    issues.push({ ...issue('address', 'city-from-full-address', fromFull, detail), group: why! });
    return tidied(fromFull, country, []);
  }
  if (city === null || reason === null) return city;
  issues.push(issue('address', 'invalid-city', city, reason));
  return null;
}

// City, state and country values repeat across an export: each rule below runs once per value and country.
/** tidyCity with the country's table of known cities. */
const tidyKnownCity = memoPerCountry((city, code) => tidyCity(city, code, (name) => isKnownCity(code, name)));
/** The canonical slug of a city value (city-names.ts), or null when it has no letters or digits. */
const canonicalSlugOf = memoPerCountry((city, code) => {
  const slug = citySlug(city);
  return slug === null ? null : canonicalCitySlug(code, slug);
});
const isRegion = memoPerCountry(isRegionName);
const repairPostal = memoPerCountry((code, country) => repairPostalCode(code, COUNTRIES[country]));
const collapseDoubledState = memoPerCountry((state) => collapseDoubled(state));
const countryCodeOf = memoPerCountry((name) => countryCodeForName(name));

function tidied(city: string, country: Country, issues: Issue[]): string {
  const result = tidyKnownCity(city, country.code);
  for (const rule of result.rules) issues.push({ ...issue('address', 'city-tidied', city, `"${city}" → "${result.value}"`), group: rule });
  return result.value;
}

/** The locality a one-line address names, when it is a usable city (and, unless allowed, not also a region's name). */
function localityOf(full: FullAddressParts | null, country: Country, regionNameAllowed: boolean): string | null {
  const city = full?.city ?? null;
  if (city === null || nonCityReason(city, country.code) !== null) return null;
  if (!regionNameAllowed && isRegion(city, country.code)) return null;
  return city;
}

function findForeignCountry(countryText: string | null, country: Country, issues: Issue[]): string | null {
  if (countryText === null) return null;
  const code = countryCodeOf(countryText, country.code) ?? (isRegionCode(countryText) ? countryText.toLowerCase() : null);
  if (code === null) {
    issues.push(issue('address', 'unknown-country', countryText, 'the address names a country no table knows'));
    return null;
  }
  if (code === country.code) return null;
  // Grouped by the country found: the report tells which country an export of mostly foreign addresses belongs to.
  issues.push({ ...issue('address', 'foreign-country', countryText, `the address is in "${code}", not ${country.name}`), group: code });
  return code;
}

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** Codes ICU names that are not countries: unknown region, unions, private-use Q* codes. */
const NOT_COUNTRIES = /^(?:ZZ|EU|EZ|UN|Q[M-Z])$/;

/** A two-letter code of a real country, so that a garbage code does not reject a listing as foreign. */
function isRegionCode(text: string): boolean {
  const code = text.toUpperCase();
  return /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.test(code) && REGION_NAMES.of(code) !== undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

