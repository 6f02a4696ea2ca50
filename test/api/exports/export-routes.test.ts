// The export endpoints over a real server: listing, manifest (built on first request), downloads read back with an independent Parquet reader.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWkbPoint } from '../../../pipeline/exports/wkb-point.ts';
import { startTestApi, type TestApi } from '../support/test-api.ts';

interface Manifest {
  country: string;
  version: string;
  count: number;
  fields: string[];
  schemaVersion: number;
  files: { format: string; url: string; bytes: number; sha256: string }[];
}

let api: TestApi;
let manifest: Manifest;
const bodies = new Map<string, Buffer>();

const pathOf = (url: string): string => new URL(url).pathname;
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

async function download(format: string): Promise<Buffer> {
  const cached = bodies.get(format);
  if (cached) return cached;
  const file = manifest.files.find((f) => f.format === format)!;
  const response = await api.get(pathOf(file.url));
  expect(response.status).toBe(200);
  const body = Buffer.from(await response.arrayBuffer());
  bodies.set(format, body);
  return body;
}

beforeAll(async () => {
  api = await startTestApi({ env: { LODGING_EXPORT_DOWNLOADS_PER_DAY: '6' } });
  const response = await api.get('/api/v1/exports/es');
  expect(response.status).toBe(200);
  manifest = (await response.json()) as Manifest;
}, 120_000);
afterAll(async () => api?.close());

describe('GET /api/v1/exports', () => {
  it('needs an API key', async () => {
    expect((await api.get('/api/v1/exports', { secret: null })).status).toBe(401);
    expect((await api.get('/api/v1/exports/es', { secret: null })).status).toBe(401);
  });

  it('lists each country with its current version and manifest address', async () => {
    const response = await api.get('/api/v1/exports');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { exports: { country: string; version: string; count: number; manifestUrl: string }[] };
    expect(body.exports.map((e) => e.country)).toEqual(['es', 'gb']);
    const es = body.exports[0]!;
    expect(es.version).toBe(manifest.version);
    expect(es.manifestUrl).toBe(`${api.publicUrl}/api/v1/exports/es`);
    expect(es.count).toBe(manifest.count);
  });

  it('names a bad country or file name as a 400, an unknown query parameter too', async () => {
    const problem = async (path: string) => {
      const response = await api.get(path);
      return { status: response.status, errors: ((await response.json()) as { errors?: { parameter: string }[] }).errors?.map((e) => e.parameter) };
    };
    expect(await problem('/api/v1/exports/xx')).toEqual({ status: 400, errors: ['country'] });
    expect(await problem(`/api/v1/exports/es/${manifest.version}.csv`)).toEqual({ status: 400, errors: ['file'] });
    expect(await problem('/api/v1/exports/es?format=csv')).toEqual({ status: 400, errors: ['format'] });
  });

  it('answers 410 for a version that is not kept', async () => {
    const response = await api.get('/api/v1/exports/es/20200101T000000000Z-abcdef.parquet');
    expect(response.status).toBe(410);
    expect(response.headers.get('content-type')).toMatch(/problem\+json/);
  });
});

describe('the manifest', () => {
  it('describes both files of the served version under this server’s address', async () => {
    const served = await api.get('/api/v1/places?country=es&limit=1');
    expect(manifest.version).toBe(served.headers.get('x-snapshot-version'));
    expect(manifest.fields).toContain('profileUrl');
    expect(manifest.schemaVersion).toBe(1);
    expect(manifest.files.map((f) => f.format)).toEqual(['parquet', 'jsonl.gz']);
    for (const file of manifest.files) expect(file.url).toBe(`${api.publicUrl}/api/v1/exports/es/${manifest.version}.${file.format}`);
  });
});

describe('downloads', () => {
  it('send Content-Length, a strong ETag that is the SHA-256 of the bytes, and 304 to a client holding it', async () => {
    const file = manifest.files.find((f) => f.format === 'parquet')!;
    const response = await api.get(pathOf(file.url));
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(file.bytes));
    expect(response.headers.get('etag')).toBe(`"${file.sha256}"`);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(sha256(body)).toBe(file.sha256);
    const again = await api.get(pathOf(file.url), { headers: { 'If-None-Match': `"${file.sha256}"` } });
    expect(again.status).toBe(304);
  });

  it('serve a single Range as 206, and a range past the end as 416', async () => {
    const file = manifest.files.find((f) => f.format === 'jsonl.gz')!;
    const whole = await download('jsonl.gz');
    const part = await api.get(pathOf(file.url), { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${file.bytes}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(100, 200))).toBe(true);
    const past = await api.get(pathOf(file.url), { headers: { Range: `bytes=${file.bytes}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${file.bytes}`);
  });

  it('JSON Lines: each line is {"place": …} exactly as GET /api/v1/places/{id} answers, every place once, in id order', async () => {
    const lines = gunzipSync(await download('jsonl.gz')).toString('utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(manifest.count);
    const ids = lines.map((line) => (JSON.parse(line) as { place: { id: string } }).place.id);
    expect([...ids].sort()).toEqual(ids);
    for (const line of lines.filter((_, i) => i % 7 === 0)) {
      const id = (JSON.parse(line) as { place: { id: string } }).place.id;
      const answer = await api.get(`/api/v1/places/${encodeURIComponent(id)}`);
      expect(line).toBe(await answer.text());
    }
  });

  it('GeoParquet, read back with hyparquet: the count, every column of a sample against the API, the geometry and the geo metadata', async () => {
    const bytes = await download('parquet');
    const buffer = new Uint8Array(bytes).buffer;
    const metadata = parquetMetadata(buffer);
    expect(Number(metadata.num_rows)).toBe(manifest.count);
    const geo = JSON.parse(metadata.key_value_metadata!.find((kv) => kv.key === 'geo')!.value!) as Record<string, any>;
    expect(geo.version).toBe('1.1.0');
    expect(geo.primary_column).toBe('geometry');
    expect(geo.columns.geometry).toMatchObject({ encoding: 'WKB', geometry_types: ['Point'] });
    const rows = (await parquetReadObjects({ file: buffer, utf8: false })) as Record<string, any>[];
    expect(rows).toHaveLength(manifest.count);
    const [minX, minY, maxX, maxY] = geo.columns.geometry.bbox as number[];
    const text = (value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : value);
    for (const row of rows.filter((_, i) => i % 5 === 0)) {
      const id = text(row.id) as string;
      const place = ((await (await api.get(`/api/v1/places/${encodeURIComponent(id)}`)).json()) as { place: Record<string, any> }).place;
      const decoded = JSON.parse(JSON.stringify(row, (key, value) => (key === 'geometry' ? undefined : value instanceof Uint8Array ? text(value) : typeof value === 'bigint' ? Number(value) : value))) as Record<string, any>;
      const hours = decoded.openingHours === null ? null : Object.fromEntries((decoded.openingHours as { day: string; hours: unknown[] }[]).map((d) => [d.day, d.hours]));
      expect({ ...decoded, openingHours: hours }).toEqual(place);
      if (place.location === null) {
        expect(row.geometry).toBeNull();
      } else {
        // hyparquet decodes a GeoParquet WKB column to GeoJSON itself: its own reading of the bytes and the metadata.
        const geometry = row.geometry as Uint8Array | { type: string; coordinates: number[] };
        const point = geometry instanceof Uint8Array ? readWkbPoint(geometry) : geometry.type === 'Point' ? { longitude: geometry.coordinates[0], latitude: geometry.coordinates[1] } : null;
        expect(point).toEqual({ longitude: place.location.longitude, latitude: place.location.latitude });
        expect(place.location.longitude).toBeGreaterThanOrEqual(minX!);
        expect(place.location.longitude).toBeLessThanOrEqual(maxX!);
        expect(place.location.latitude).toBeGreaterThanOrEqual(minY!);
        expect(place.location.latitude).toBeLessThanOrEqual(maxY!);
      }
    }
  });
});

describe('the daily download allowance', () => {
  it('counts a download once however many Range requests resume it, and refuses new ones past the allowance with 429', async () => {
    const { secret } = await api.newKey('allowance-account', 'allowance key');
    const file = manifest.files.find((f) => f.format === 'parquet')!;
    const get = (headers: Record<string, string> = {}) => api.get(pathOf(file.url), { secret, headers });
    const first = await get({ Range: 'bytes=0-99' });
    expect(first.status).toBe(206);
    expect(first.headers.get('download-allowance-remaining')).toBe('5');
    for (let i = 0; i < 3; i += 1) {
      const resumed = await get({ Range: `bytes=${100 + i}-` });
      expect(resumed.status).toBe(206);
      expect(resumed.headers.get('download-allowance-remaining')).toBe('5');
      await resumed.arrayBuffer();
    }
    for (let i = 0; i < 5; i += 1) expect((await get()).status).toBe(200);
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A resumption of a download counted today still goes through; a 304 costs nothing.
    expect((await get({ Range: 'bytes=10-' })).status).toBe(206);
    expect((await get({ 'If-None-Match': `"${file.sha256}"` })).status).toBe(304);
  });
});
