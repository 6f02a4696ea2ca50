// One place, published once: a duplicate's id answers 404 with a canonical Link to the id kept (REST, MCP, profile page); the kept id stays; operators' distinct pairs hold.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../support/test-api.ts';
import { startMcpApi } from '../mcp/support/mcp-api.ts';
import { connectMcp, errorText, structuredOf } from '../mcp/support/mcp-client.ts';
import { FIRST, REPEAT, TWIN } from '../../support/same-place-listings.ts';

const kept = 'es-fageda-b';
const duplicate = 'es-fageda-a';

let api: TestApi;
beforeAll(async () => {
  // The place is served under its larger id first; the next import repeats it under a smaller id.
  api = await startMcpApi({ exports: { es: [FIRST] } });
  await api.publish('es', [REPEAT, FIRST, TWIN]);
});
afterAll(async () => {
  await api?.close();
});

describe('a listing that is the same place as another', () => {
  it('keeps the id already served, not the smaller one', async () => {
    expect((await api.get(`/api/v1/places/${kept}`)).status).toBe(200);
  });

  it('answers 404 problem+json with a canonical Link to the kept id', async () => {
    const res = await api.get(`/api/v1/places/${duplicate}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.headers.get('link')).toBe(`<${api.publicUrl}/api/v1/places/${kept}>; rel="canonical"`);
    expect(((await res.json()) as { detail: string }).detail).toContain(kept);
  });

  it('an id that never existed has no Link', async () => {
    const res = await api.get('/api/v1/places/es-nowhere');
    expect(res.status).toBe(404);
    expect(res.headers.get('link')).toBeNull();
  });

  it('is not in search results; the look-alike twin "II" is', async () => {
    const res = await api.get('/api/v1/places?country=es&limit=10');
    const ids = ((await res.json()) as { places: { id: string }[] }).places.map((p) => p.id);
    expect(ids.sort()).toEqual([kept, 'es-fageda-b-2']);
  });

  it('MCP get_place answers an error naming the kept id', async () => {
    const session = await connectMcp(api.url, api.secret);
    try {
      const text = errorText(await session.call('get_place', { placeId: duplicate }));
      expect(text).toContain(`same place as ${kept}`);
      expect(structuredOf(await session.call('get_place', { placeId: kept })).place.id).toBe(kept);
    } finally {
      await session.close();
    }
  });

  it('the profile page answers 404 with a canonical Link to the kept place page', async () => {
    const res = await api.get(`/places/${duplicate}`, { secret: null });
    expect(res.status).toBe(404);
    expect(res.headers.get('link')).toBe(`<${api.publicUrl}/places/${kept}>; rel="canonical"`);
    expect(await res.text()).toContain(`${api.publicUrl}/places/${kept}`);
  });
});

describe('two listings an operator marked as different places', () => {
  it('are both published, in this import and the next', async () => {
    await writeFile(path.join(api.dataDir, 'distinct-places.txt'), `# reviewed\n${duplicate} ${kept}  # two camp sites, one family\n`);
    for (let run = 0; run < 2; run++) {
      await api.publish('es', [REPEAT, FIRST, TWIN]);
      expect((await api.get(`/api/v1/places/${duplicate}`)).status).toBe(200);
      expect((await api.get(`/api/v1/places/${kept}`)).status).toBe(200);
    }
  });
});
