// The GeoParquet 1.1 file metadata ("geo" key) of an export: one WKB point column in OGC:CRS84 (lon/lat), with its bbox.

export const GEOMETRY_COLUMN = 'geometry';

export interface Bbox {
  minLongitude: number;
  minLatitude: number;
  maxLongitude: number;
  maxLatitude: number;
}

/** Grows a bbox to hold a point (null: the first point). */
export function extendBbox(box: Bbox | null, longitude: number, latitude: number): Bbox {
  if (box === null) return { minLongitude: longitude, minLatitude: latitude, maxLongitude: longitude, maxLatitude: latitude };
  return {
    minLongitude: Math.min(box.minLongitude, longitude),
    minLatitude: Math.min(box.minLatitude, latitude),
    maxLongitude: Math.max(box.maxLongitude, longitude),
    maxLatitude: Math.max(box.maxLatitude, latitude),
  };
}

/** The "geo" metadata value as JSON text; crs is left out, which GeoParquet reads as OGC:CRS84. */
export function geoParquetMetadata(box: Bbox | null): string {
  const column: Record<string, unknown> = { encoding: 'WKB', geometry_types: ['Point'] };
  if (box !== null) column.bbox = [box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude];
  return JSON.stringify({ version: '1.1.0', primary_column: GEOMETRY_COLUMN, columns: { [GEOMETRY_COLUMN]: column } });
}
