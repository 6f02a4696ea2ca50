// Great-circle distance and the latitude/longitude boxes that cover a disc or a ring around a point (pure geometry).

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
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Strips a ring is cut into: more strips hug the ring closer but cost more R*Tree lookups. */
const STRIPS = 8;

/**
 * Boxes whose union holds every point at a distance from `inner` to `outer` metres of `center` (and some more).
 * The local flat-earth figures are widened by a margin that grows with distance and latitude, so the union stays a
 * superset; the caller measures each candidate exactly. A ring near a pole or across ±180° gets one plain box.
 */
export function ringCover(center: LatLng, inner: number, outer: number): GeoBox[] {
  const lat0 = center.latitude;
  const lng0 = center.longitude;
  const margin = 1.03 + 2 * (outer / EARTH_RADIUS_M) * (1 + Math.tan(rad(Math.min(Math.abs(lat0), 85))));
  const high = outer * margin + 1;
  const low = inner / margin - 1;
  const latSpan = high / M_PER_DEG;
  if (Math.abs(lat0) + latSpan >= 89.5) {
    return [{ minLat: Math.max(-90, lat0 - latSpan), maxLat: Math.min(90, lat0 + latSpan), minLng: -180, maxLng: 180 }];
  }
  const cosAt = (latA: number, latB: number, widest: boolean): number => {
    if (!widest && latA <= 0 && latB >= 0) return 1;
    const edges = [Math.abs(latA), Math.abs(latB)];
    return Math.cos(rad(widest ? Math.max(...edges) : Math.min(...edges)));
  };
  const lngSpan = high / (M_PER_DEG * cosAt(lat0 - latSpan, lat0 + latSpan, true));
  if (lng0 - lngSpan < -180 || lng0 + lngSpan > 180) {
    return [{ minLat: lat0 - latSpan, maxLat: lat0 + latSpan, minLng: -180, maxLng: 180 }];
  }
  if (low <= high / 4) return [{ minLat: lat0 - latSpan, maxLat: lat0 + latSpan, minLng: lng0 - lngSpan, maxLng: lng0 + lngSpan }];
  const boxes: GeoBox[] = [];
  const step = (2 * high) / STRIPS;
  for (let k = 0; k < STRIPS; k += 1) {
    const y0 = -high + k * step;
    const y1 = y0 + step;
    const nearest = y0 <= 0 && y1 >= 0 ? 0 : Math.min(Math.abs(y0), Math.abs(y1));
    const farthest = Math.max(Math.abs(y0), Math.abs(y1));
    const minLat = lat0 + y0 / M_PER_DEG;
    const maxLat = lat0 + y1 / M_PER_DEG;
    const outerLng = Math.sqrt(Math.max(0, high * high - nearest * nearest)) / (M_PER_DEG * cosAt(minLat, maxLat, true));
    const innerLng = farthest < low ? Math.sqrt(low * low - farthest * farthest) / (M_PER_DEG * cosAt(minLat, maxLat, false)) : 0;
    if (innerLng > 0) {
      boxes.push({ minLat, maxLat, minLng: lng0 - outerLng, maxLng: lng0 - innerLng });
      boxes.push({ minLat, maxLat, minLng: lng0 + innerLng, maxLng: lng0 + outerLng });
    } else {
      boxes.push({ minLat, maxLat, minLng: lng0 - outerLng, maxLng: lng0 + outerLng });
    }
  }
  return boxes;
}
