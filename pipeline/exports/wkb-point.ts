// A point as Well-Known Binary (ISO WKB, little-endian, 2D): the geometry encoding GeoParquet names "WKB".

/** 21 bytes: byte order 1 (little-endian), geometry type 1 (Point), x (longitude), y (latitude) as float64. */
export function wkbPoint(longitude: number, latitude: number): Uint8Array {
  const bytes = new Uint8Array(21);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, 1);
  view.setUint32(1, 1, true);
  view.setFloat64(5, longitude, true);
  view.setFloat64(13, latitude, true);
  return bytes;
}

/** The longitude and latitude of a WKB point written by wkbPoint (either byte order), or null for another geometry. */
export function readWkbPoint(bytes: Uint8Array): { longitude: number; latitude: number } | null {
  if (bytes.length !== 21) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = view.getUint8(0) === 1;
  if (view.getUint32(1, little) !== 1) return null;
  return { longitude: view.getFloat64(5, little), latitude: view.getFloat64(13, little) };
}
