// A point's position along a Hilbert curve over the whole globe: sorting by it keeps nearby places in the same row groups.

/** Cells per side of the grid the curve walks (2^16: about 600 m by 300 m at the equator). */
const ORDER = 16;
const SIDE = 2 ** ORDER;

/** The cell of a coordinate on one axis, clamped into the grid. */
function cellOf(value: number, min: number, max: number): number {
  const scaled = Math.floor(((value - min) / (max - min)) * SIDE);
  return Math.min(SIDE - 1, Math.max(0, scaled));
}

/** The Hilbert distance of a longitude/latitude (degrees): 0 to 2^32 - 1, as a plain number. */
export function hilbertIndex(longitude: number, latitude: number): number {
  let x = cellOf(longitude, -180, 180);
  let y = cellOf(latitude, -90, 90);
  let distance = 0;
  for (let s = SIDE / 2; s >= 1; s /= 2) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    distance += s * s * ((3 * rx) ^ ry);
    // Rotate the quadrant so the curve stays continuous.
    if (ry === 0) {
      if (rx === 1) {
        x = s - 1 - x;
        y = s - 1 - y;
      }
      const t = x;
      x = y;
      y = t;
    }
  }
  return distance;
}
