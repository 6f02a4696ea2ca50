// Keys at the HTTP level: X-API-Key (canonical) and Bearer, every 401 case, revocation on the next request, public routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeySecret } from '../../../api/keys/key-secret.ts';
import { IDS } from '../support/provider-listings.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';
import { KEY_KEYS, keysOf, readJson } from '../support/shapes.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const keyRequest = (headers: Record<string, string>) => readJson(api.get('/api/v1/key', { secret: null, headers }));

describe('GET /api/v1/key', () => {
  it('returns the key metadata, never the secret', async () => {
    const json = await keyRequest({ 'X-API-Key': api.secret });
    expect(json.status).toBe(200);
    expect(keysOf(json.body)).toEqual(['key']);
    expect(keysOf(json.body.key)).toEqual(KEY_KEYS);
    expect(json.body.key).toMatchObject({ id: api.keyId, name: 'test key', prefix: api.secret.slice(0, 12) });
    expect(new Date(json.body.key.creationTime).toISOString()).toBe(json.body.key.creationTime);
    expect(json.text).not.toContain(api.secret);
    expect(api.secret).toMatch(/^lds_live_[0-9A-Za-z]{46}$/);
  });

  it.each([
    ['X-API-Key', (s: string) => ({ 'X-API-Key': s })],
    ['x-api-key in lower case', (s: string) => ({ 'x-api-key': s })],
    ['Authorization: Bearer', (s: string) => ({ Authorization: `Bearer ${s}` })],
    ['Authorization: bearer (scheme is case-insensitive)', (s: string) => ({ Authorization: `bearer ${s}` })],
  ])('accepts the key in %s', async (_label, headers) => {
    expect((await keyRequest(headers(api.secret))).status).toBe(200);
  });

  it('prefers X-API-Key when both headers are sent (Authorization may belong to a gateway)', async () => {
    expect((await keyRequest({ 'X-API-Key': api.secret, Authorization: 'Bearer gateway-token' })).status).toBe(200);
    expect((await keyRequest({ 'X-API-Key': 'wrong', Authorization: `Bearer ${api.secret}` })).status).toBe(401);
  });
});

describe('401', () => {
  const unknown = generateKeySecret();
  it.each([
    ['no key at all', {}],
    ['an empty X-API-Key', { 'X-API-Key': '' }],
    ['a key without the public prefix', { 'X-API-Key': 'sk_live_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' }],
    ['a truncated key', { 'X-API-Key': unknown.slice(0, 30) }],
    ['a well-formed but unknown key', { 'X-API-Key': unknown }],
    ['Basic authentication', { Authorization: `Basic ${Buffer.from(`user:${unknown}`).toString('base64')}` }],
    ['Bearer without a token', { Authorization: 'Bearer ' }],
    ['Bearer with two tokens', { Authorization: `Bearer ${unknown} extra` }],
  ])('%s', async (_label, headers) => {
    const json = await keyRequest(headers);
    expect(json.status).toBe(401);
    expect(json.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(json.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(json.headers.get('ratelimit-policy')).toBeNull();
    expect(json.body).toMatchObject({ status: 401, title: 'Unauthorized' });
    expect(json.text).not.toContain(unknown);
  });

  it.each(['/api/v1/places?country=es', `/api/v1/places/${IDS.mint}`, '/api/v1/anything'])('%s needs a key', async (path) => {
    expect((await readJson(api.get(path, { secret: null }))).status).toBe(401);
  });

  it('a revoked key is refused from the very next request', async () => {
    const { id, secret } = await api.newKey('revocation', 'short-lived');
    expect((await keyRequest({ 'X-API-Key': secret })).status).toBe(200);
    await api.server.keyStore.revoke(id);
    expect((await keyRequest({ 'X-API-Key': secret })).status).toBe(401);
    expect((await keyRequest({ Authorization: `Bearer ${secret}` })).status).toBe(401);
  });
});

describe('public routes need no key', () => {
  it.each(['/openapi.json', '/docs', '/healthz', '/readyz', `/places/${IDS.mint}`])('%s', async (path) => {
    const res = await fetch(`${api.url}${path}`);
    expect(res.status).toBe(200);
  });
});

describe('failed authentication is limited per client address', () => {
  it('answers 429 with Retry-After once an address fails too often; valid keys are unaffected', async () => {
    const limited = await startTestApi({ exports: {}, start: { authFailureLimit: { limit: 3, windowS: 60 } } });
    try {
      const bad = { 'X-API-Key': generateKeySecret() };
      for (let i = 0; i < 3; i += 1) expect((await readJson(limited.get('/api/v1/key', { secret: null, headers: bad }))).status).toBe(401);
      const blocked = await readJson(limited.get('/api/v1/key', { secret: null, headers: bad }));
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(blocked.body).toMatchObject({ status: 429 });
      expect((await readJson(limited.get('/api/v1/key'))).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
