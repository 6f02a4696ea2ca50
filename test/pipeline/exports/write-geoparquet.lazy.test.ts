// The GeoParquet writer's WebAssembly module is loaded on the first file written, not when the pipeline is imported.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

let loads = 0;
vi.mock('parquet-wasm', async (importOriginal) => {
  loads += 1;
  return importOriginal();
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'geoparquet-lazy-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the GeoParquet writer', () => {
  it('loads parquet-wasm on its first write only', async () => {
    await import('../../../pipeline/index.ts');
    const { writeGeoParquet } = await import('../../../pipeline/exports/write-geoparquet.ts');
    const { placeArrowTable } = await import('../../../pipeline/exports/place-arrow-table.ts');
    expect(loads).toBe(0);
    const written = await writeGeoParquet(path.join(dir, 'empty.parquet'), [placeArrowTable([])], null);
    expect(written.bytes).toBeGreaterThan(0);
    await writeGeoParquet(path.join(dir, 'again.parquet'), [placeArrowTable([])], null);
    expect(loads).toBe(1);
  });
});
