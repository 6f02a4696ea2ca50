// A listing's coordinates: numbers or numeric strings, in range, not the 0,0 placeholder, inside the country's area.
import type { BoundingBox, Country } from '../../model/countries.ts';
import { issue, type Issue, type Normalised } from './issues.ts';
import { describeType, isMissing } from './scalars.ts';

export interface Location {
  latitude: number;
  longitude: number;
}

/** Seven decimals is about 1 cm: more is noise from the provider's float formatting. */
const DECIMALS = 1e7;

export function normaliseLocation(raw: unknown, country: Country): Normalised<Location | null> {
  if (isMissing(raw)) return { value: null, issues: [] };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return fail(issue('location', 'wrong-type', raw, `expected an object with lat and lng, got ${describeType(raw)}`));
  }
  const fields = raw as Record<string, unknown>;
  const rawLat = fields.lat ?? fields.latitude;
  const rawLng = fields.lng ?? fields.lon ?? fields.long ?? fields.longitude;
  if (isMissing(rawLat) && isMissing(rawLng)) return { value: null, issues: [] };
  if (isMissing(rawLat) || isMissing(rawLng)) {
    return fail(issue('location', 'incomplete-location', raw, 'only one of the two coordinates is given'));
  }
  const latitude = readCoordinate(rawLat);
  const longitude = readCoordinate(rawLng);
  if (latitude === null || longitude === null) {
    const wrongType = [rawLat, rawLng].some((value) => typeof value !== 'number' && typeof value !== 'string');
    return fail(issue('location', wrongType ? 'wrong-type' : 'unreadable-number', raw, 'coordinates must be numbers or numeric strings'));
  }
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    return fail(issue('location', 'out-of-range', raw, 'latitude must be within ±90 and longitude within ±180'));
  }
  const location = { latitude: round(latitude), longitude: round(longitude) };
  if (location.latitude === 0 && location.longitude === 0) {
    return fail(issue('location', 'zero-location', raw, '0,0 is a missing location, not a place'));
  }
  if (!isInsideCountry(location, country)) {
    return fail(issue('location', 'outside-country', raw, `outside ${country.name}${guessMistake(location, country)}`));
  }
  return { value: location, issues: [] };
}

/** A hint for the report when a common slip would put the point inside the country. */
function guessMistake({ latitude, longitude }: Location, country: Country): string {
  if (isInsideCountry({ latitude: longitude, longitude: latitude }, country)) return '; latitude and longitude look swapped';
  if (isInsideCountry({ latitude, longitude: -longitude }, country)) return '; the longitude sign looks flipped';
  return '';
}

export function isInsideCountry(location: Location, country: Country): boolean {
  return country.areas.some((box) => isInsideBox(location, box));
}

function isInsideBox({ latitude, longitude }: Location, box: BoundingBox): boolean {
  return latitude >= box.minLat && latitude <= box.maxLat && longitude >= box.minLng && longitude <= box.maxLng;
}

/** Plain decimals only, a decimal comma allowed ("40,4195"): coordinates never carry thousands separators. */
function readCoordinate(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim().replace(/^\u2212/, '-').replace(',', '.');
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Half away from zero, so a point and its mirror round alike; never -0. */
function round(value: number): number {
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * DECIMALS)) / DECIMALS;
  return rounded === 0 ? 0 : rounded;
}

function fail(found: Issue): Normalised<null> {
  return { value: null, issues: [found] };
}
