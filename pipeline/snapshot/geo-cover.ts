// Great-circle distance and the flat-earth figures (with their safety margin) that bound a ring around a point (pure geometry).

/** The mean Earth radius (IUGG), in metres: the sphere every distance of the API is measured on. */
export const EARTH_RADIUS_M = 6_371_008.8;
/** Metres per degree of latitude on that sphere (exact along a meridian). */
const M_PER_DEG = (EARTH_RADIUS_M * Math.PI) / 180;
const rad = (deg: number): number => (deg * Math.PI) / 180;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** A box in degrees, edges included. */
export interface GeoBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** Haversine distance in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  return distanceFrom(a.latitude, a.longitude, Math.cos(rad(a.latitude)), b.latitude, b.longitude);
}

/** The same distance from a point whose latitude's cosine is known (one call per candidate, no objects). */
export function distanceFrom(lat0: number, lng0: number, cosLat0: number, lat: number, lng: number): number {
  const dLat = rad(lat - lat0);
  const dLng = rad(lng - lng0);
  const h = Math.sin(dLat / 2) ** 2 + cosLat0 * Math.cos(rad(lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Margin of the local flat-earth figures: they err by about (distance / R)·tan(latitude), and cos varies across the box. */
export function flatEarthMargin(latitude: number, outer: number): number {
  const phi = Math.min(Math.abs(latitude), 85);
  const span = outer / M_PER_DEG;
  const cosDrift = 1 - Math.cos(rad(Math.min(89.9, phi + span))) / Math.cos(rad(phi));
  return 1 + 4 * (outer / EARTH_RADIUS_M) * (1 + Math.tan(rad(phi))) + 2 * cosDrift + 1e-6;
}

/** The local frame at a point: metres north (y) and east (x) per degree; x per degree taken at the point's latitude. */
export function metresPerDegree(latitude: number): { y: number; x: number } {
  return { y: M_PER_DEG, x: M_PER_DEG * Math.cos(rad(latitude)) };
}

/** Whether the disc of `outer` metres comes near a pole or crosses ±180° longitude (flat-earth figures fail there). */
export function wrapsAround(center: LatLng, outer: number): boolean {
  const high = outer * flatEarthMargin(center.latitude, outer) + 1;
  const latSpan = high / M_PER_DEG;
  if (Math.abs(center.latitude) + latSpan >= 89.5) return true;
  const lngSpan = high / (M_PER_DEG * Math.cos(rad(Math.abs(center.latitude) + latSpan)));
  return center.longitude - lngSpan < -180 || center.longitude + lngSpan > 180;
}
