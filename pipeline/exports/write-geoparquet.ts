// Writes the GeoParquet export: places in Hilbert order of their point (placeless ones last), typed columns, WKB geometry.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { tableToIPC } from 'apache-arrow';
import { Compression, Table as ParquetTable, writeParquet, WriterPropertiesBuilder } from 'parquet-wasm';
import type { Place } from '../../model/place.ts';
import { extendBbox, geoParquetMetadata, type Bbox } from './geoparquet-metadata.ts';
import { hilbertIndex } from './hilbert-index.ts';
import { placeArrowTable } from './place-arrow-table.ts';

/** Rows per row group: a few thousand neighbouring places, so a reader can skip the groups a bbox misses. */
export const ROW_GROUP_SIZE = 10_000;

/** The places sorted by the Hilbert index of their point, ties (and placeless ones, last) by id. */
export function spatialOrder(places: readonly Place[]): Place[] {
  const keyed = places.map((place) => ({ place, key: place.location ? hilbertIndex(place.location.longitude, place.location.latitude) : Number.POSITIVE_INFINITY }));
  keyed.sort((a, b) => a.key - b.key || (a.place.id < b.place.id ? -1 : a.place.id > b.place.id ? 1 : 0));
  return keyed.map((entry) => entry.place);
}

/** The GeoParquet bytes of these places. */
export function geoParquetBytes(places: readonly Place[]): Uint8Array {
  const ordered = spatialOrder(places);
  let box: Bbox | null = null;
  for (const place of ordered) if (place.location) box = extendBbox(box, place.location.longitude, place.location.latitude);
  const ipc = tableToIPC(placeArrowTable(ordered), 'stream');
  const properties = new WriterPropertiesBuilder()
    .setCompression(Compression.SNAPPY)
    .setMaxRowGroupSize(ROW_GROUP_SIZE)
    .setCreatedBy('lodging-directory exports')
    .setKeyValueMetadata(new Map([['geo', geoParquetMetadata(box)]]))
    .build();
  return writeParquet(ParquetTable.fromIPCStream(ipc), properties);
}

/** Writes the GeoParquet file; returns its size and SHA-256 (hex). */
export function writeGeoParquet(file: string, places: readonly Place[]): { bytes: number; sha256: string } {
  const bytes = geoParquetBytes(places);
  fs.writeFileSync(file, bytes);
  return { bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}
