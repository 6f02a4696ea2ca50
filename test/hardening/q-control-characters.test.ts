// Defect 1: a q holding control characters (NUL…) is a 400 naming q on REST and an error result on MCP, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../api/support/test-api.ts';
import type { TestApi } from '../api/support/test-api.ts';
import { expectInvalidParameters, readJson } from '../api/support/shapes.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ exports: { es: [{ providerId: 'mad-1', name: 'Hotel Abcd', address: { city: 'Madrid', countryCode: 'ES' }, categories: ['Hotel'] }] } });
});
afterAll(async () => {
  await api?.close();
});

describe('q with control characters', () => {
  it.each(['ab%00cd', '%00%00%00', 'abc%07', 'ab%0Acd', 'ab%1Fcd', 'ab%7Fcd', 'ab%C2%85cd', '%00'])('q=%s → 400 naming q', async (q) => {
    const json = await readJson(api.get(`/api/v1/places?country=es&q=${q}`));
    expectInvalidParameters(json, ['q']);
    expect(json.body.errors[0].message).toBe('must not contain control characters');
  });

  it.each(['ab cd', 'hôtel', '😀😀😀', '"abc"', 'a*b', 'NEAR(a b)', '\u200b\u200bab'])('q=%s (printable) → 200', async (q) => {
    expect((await api.get(`/api/v1/places?country=es&q=${encodeURIComponent(q)}`)).status).toBe(200);
  });
});

describe('the shared rule (MCP uses the same shape)', () => {
  it('validateSearchParams refuses a NUL in q, naming q', async () => {
    const { validateSearchParams } = await import('../../api/query/search-params.ts');
    expect(() => validateSearchParams({ country: 'es', q: 'ab\u0000cd' })).toThrow(/q: must not contain control characters/);
  });
});

describe('the snapshot reader (defence in depth)', () => {
  it('a q holding NUL that reaches the reader matches as if it were a space, never throws', async () => {
    const { openSnapshotReader } = await import('../../pipeline/snapshot/snapshot-reader.ts');
    const reader = openSnapshotReader(api.dataDir);
    try {
      for (const q of ['ab\u0000cd', 'hotel\u0000abcd', '\u0000\u0000\u0000', 'a\u0000']) {
        expect(() => reader.searchRows({ country: 'es', q, limit: 5 })).not.toThrow();
      }
      expect(reader.searchRows({ country: 'es', q: 'hotel\u0000abcd', limit: 5 }).rows.map((r) => r.id)).toEqual(['es-mad-1']);
    } finally {
      reader.close();
    }
  });
});
