// The GeoParquet is written a row group at a time, and its bytes are those of the whole table written at once.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tableToIPC, type Table } from 'apache-arrow';
import { Compression, Table as ParquetTable, writeParquet, WriterPropertiesBuilder } from 'parquet-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Place } from '../../../model/place.ts';
import { extendBbox, geoParquetMetadata, type Bbox } from '../../../pipeline/exports/geoparquet-metadata.ts';
import { placeArrowTable } from '../../../pipeline/exports/place-arrow-table.ts';
import { writeGeoParquet } from '../../../pipeline/exports/write-geoparquet.ts';

/** A place with every kind of column filled, some left empty by turns. */
function placeAt(i: number): Place {
  return {
    id: `es-${String(i).padStart(6, '0')}`,
    name: `Hostal ${i}`,
    legalName: i % 3 === 0 ? null : `Hostal ${i} SL`,
    address: { street: `Calle ${i % 97}`, city: ['Madrid', 'Sevilla', 'Bilbao'][i % 3]!, state: null, postalCode: String(28000 + (i % 50)), country: 'es' },
    location: i % 41 === 0 ? null : { latitude: 36 + (i % 700) / 100, longitude: -9 + (i % 1200) / 100 },
    phone: i % 2 === 0 ? `+3491${String(i).padStart(7, '0')}` : null,
    phoneType: i % 2 === 0 ? 'fixed' : null,
    additionalPhones: i % 5 === 0 ? [{ phone: `+34600${String(i).padStart(6, '0')}`, phoneType: 'mobile', whatsappEligible: true }] : [],
    email: null,
    website: i % 4 === 0 ? `https://hostal${i}.example.es/` : null,
    sourceMapsUrl: null,
    primaryType: 'hotel',
    lodgingTypes: i % 2 === 0 ? ['hotel', 'hostel'] : ['hotel'],
    lodgingType: 'hotel',
    rating: i % 7 === 0 ? null : 3 + (i % 20) / 10,
    reviewCount: i % 7 === 0 ? null : i % 500,
    whatsappEligible: i % 5 === 0,
    verified: i % 9 === 0,
    openingHours: i % 6 === 0 ? { Monday: [{ open: '08:00', close: '20:00' }], Sunday: [] } : null,
    profileUrl: `https://lodging.example.org/places/es-${i}`,
  } as Place;
}

/** Small row groups keep the test quick; the writer's settings are otherwise the export's. */
const ROW_GROUP_SIZE = 500;
const COUNT = 2 * ROW_GROUP_SIZE + 123;
let dir: string;
let places: Place[];
let box: Bbox | null = null;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'geoparquet-'));
  places = Array.from({ length: COUNT }, (_, i) => placeAt(i));
  for (const place of places) if (place.location) box = extendBbox(box, place.location.longitude, place.location.latitude);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('writeGeoParquet', () => {
  it('asks for each row group only when it has written the one before the last to the file', async () => {
    const file = path.join(dir, 'streamed.parquet');
    const sizeWhenAsked: number[] = [];
    function* groups(): Generator<Table> {
      for (let start = 0; start < COUNT; start += ROW_GROUP_SIZE) {
        sizeWhenAsked.push(fs.existsSync(file) ? fs.statSync(file).size : 0);
        yield placeArrowTable(places.slice(start, start + ROW_GROUP_SIZE));
      }
    }
    const written = await writeGeoParquet(file, groups(), box, ROW_GROUP_SIZE);
    expect(sizeWhenAsked).toHaveLength(3);
    // The third row group is built after the first is on disk (more than the 4-byte header).
    expect(sizeWhenAsked[2]).toBeGreaterThan(4 * ROW_GROUP_SIZE);
    const bytes = fs.readFileSync(file);
    expect(written).toEqual({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  });

  it('writes the same bytes as the whole table handed to the writer at once', async () => {
    const file = path.join(dir, 'pieces.parquet');
    const pieces = [0, ROW_GROUP_SIZE, 2 * ROW_GROUP_SIZE].map((start) => placeArrowTable(places.slice(start, start + ROW_GROUP_SIZE)));
    await writeGeoParquet(file, pieces, box, ROW_GROUP_SIZE);
    const properties = new WriterPropertiesBuilder()
      .setCompression(Compression.SNAPPY)
      .setMaxRowGroupSize(ROW_GROUP_SIZE)
      .setCreatedBy('lodging-directory exports')
      .setKeyValueMetadata(new Map([['geo', geoParquetMetadata(box)]]))
      .build();
    const whole = writeParquet(ParquetTable.fromIPCStream(tableToIPC(placeArrowTable(places), 'stream')), properties);
    expect(Buffer.compare(fs.readFileSync(file), Buffer.from(whole))).toBe(0);
  });

  it('writes an empty file with the export’s columns from one empty table', async () => {
    const file = path.join(dir, 'empty.parquet');
    const written = await writeGeoParquet(file, [placeArrowTable([])], null);
    expect(written.bytes).toBe(fs.statSync(file).size);
    expect(fs.readFileSync(file).subarray(0, 4).toString('latin1')).toBe('PAR1');
  });
});
