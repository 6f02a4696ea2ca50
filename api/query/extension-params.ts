// The text forms of near, bbox and fields (the same in REST and MCP) → typed values, or the message a 400 gives.
import { PLACE_FIELDS } from '../../model/place.ts';

export type PlaceField = Exclude<(typeof PLACE_FIELDS)[number], 'id'>;
export interface GeoPoint {
  latitude: number;
  longitude: number;
}
export interface GeoBounds {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}
type Parsed<T> = { value: T } | { error: string };

const DECIMAL = /^[+-]?(?:\d{1,3}(?:\.\d{1,15})?|\.\d{1,15})$/;
const NEAR_FORM = 'must be "LAT,LNG": latitude first, then longitude, in decimal degrees (e.g. 40.4168,-3.7038)';
const BBOX_FORM =
  'must be "MIN_LNG,MIN_LAT,MAX_LNG,MAX_LAT": longitude first (the GeoJSON order), in decimal degrees (e.g. -3.75,40.39,-3.65,40.45)';

function decimals(text: string, count: number): number[] | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== count || !parts.every((part) => DECIMAL.test(part))) return null;
  return parts.map(Number);
}

const latitudeOk = (value: number): boolean => value >= -90 && value <= 90;
const longitudeOk = (value: number): boolean => value >= -180 && value <= 180;

export function parseNear(text: string): Parsed<GeoPoint> {
  const numbers = decimals(text, 2);
  if (!numbers) return { error: NEAR_FORM };
  const [latitude = 0, longitude = 0] = numbers;
  if (!latitudeOk(latitude)) return { error: 'latitude (the first number: near is latitude first) must be from -90 to 90' };
  if (!longitudeOk(longitude)) return { error: 'longitude (the second number: near is latitude first) must be from -180 to 180' };
  return { value: { latitude, longitude } };
}

export function parseBbox(text: string): Parsed<GeoBounds> {
  const numbers = decimals(text, 4);
  if (!numbers) return { error: BBOX_FORM };
  const [minLng = 0, minLat = 0, maxLng = 0, maxLat = 0] = numbers;
  if (!longitudeOk(minLng) || !longitudeOk(maxLng)) {
    return { error: 'longitudes (the first and third numbers: bbox is longitude first) must be from -180 to 180' };
  }
  if (!latitudeOk(minLat) || !latitudeOk(maxLat)) {
    return { error: 'latitudes (the second and fourth numbers: bbox is longitude first) must be from -90 to 90' };
  }
  if (minLat > maxLat) return { error: 'MIN_LAT (the second number) must not be above MAX_LAT (the fourth)' };
  if (minLng > maxLng) {
    return {
      error: 'MIN_LNG is east of MAX_LNG: boxes crossing the antimeridian (±180°) are not supported; send one box for each side',
    };
  }
  return { value: { minLng, minLat, maxLng, maxLat } };
}

const SELECTABLE = PLACE_FIELDS.filter((field): field is PlaceField => field !== 'id');
const FIELD_NAME = /^[A-Za-z]{1,40}$/;

/** A comma-separated list of Place fields (id always comes): each known, none twice. */
export function parseFields(text: string): Parsed<PlaceField[]> {
  const names = text.split(',').map((name) => name.trim());
  const fields: PlaceField[] = [];
  for (const name of names) {
    const shown = FIELD_NAME.test(name) ? `"${name}"` : 'an entry';
    if (name === 'id') continue; // always there: asking for it is harmless
    if (!(SELECTABLE as readonly string[]).includes(name)) {
      return { error: `${shown} is not a Place field; choose from ${SELECTABLE.join(', ')}` };
    }
    if (fields.includes(name as PlaceField)) return { error: `${shown} is listed twice` };
    fields.push(name as PlaceField);
  }
  return { value: fields };
}
