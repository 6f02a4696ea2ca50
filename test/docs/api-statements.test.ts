// What docs/api.md (and docs/console.md) state about status codes and headers, against a running server: each statement
// is quoted from the page (so rewording it without the behaviour, or the behaviour without the page, fails here) and then sent.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS } from '../api/support/provider-listings.ts';
import { startMcpApi } from '../api/mcp/support/mcp-api.ts';
import type { TestApi } from '../api/support/test-api.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** docs/api.md with its line breaks and indents as single spaces, so a statement is found whatever its wrapping. */
const API_PAGE = readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8').replace(/\s+/g, ' ');
const CONSOLE_PAGE = readFileSync(path.join(ROOT, 'docs/console.md'), 'utf8').replace(/\s+/g, ' ');
const PLACE = `/api/v1/places/${encodeURIComponent(IDS.mint)}`;
const SEARCH = '/api/v1/places?country=es&limit=2';
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

let api: TestApi;
beforeAll(async () => {
  // The server npm start runs: REST, MCP and the profile pages.
  api = await startMcpApi();
}, 60_000);
afterAll(async () => {
  await api?.close();
});

/** The page says this, word for word (whitespace aside). */
function states(statement: string): void {
  expect(API_PAGE.includes(statement.replace(/\s+/g, ' ')), `docs/api.md no longer says: ${statement}`).toBe(true);
}

const send = (pathAndQuery: string, init: RequestInit = {}) => fetch(`${api.url}${pathAndQuery}`, init);
const withKey = (headers: Record<string, string> = {}) => ({ 'X-API-Key': api.secret, ...headers });

describe('caching, as docs/api.md states it', () => {
  it('a place and a search page: a strong ETag and Cache-Control: private, no-cache; If-None-Match answers 304 with the RateLimit headers', async () => {
    states('A place and a search page also carry a strong `ETag` (a hash of the snapshot version and the request\'s canonical form) and `Cache-Control: private, no-cache`');
    states('Sending the tag back in `If-None-Match` answers `304 Not Modified` without a body while the answer is the same; the request still counts against the key\'s rate limit and carries the RateLimit headers.');
    for (const url of [PLACE, SEARCH]) {
      const first = await api.get(url);
      expect(first.status, url).toBe(200);
      expect(first.headers.get('cache-control'), url).toBe('private, no-cache');
      const etag = first.headers.get('etag')!;
      expect(etag, url).toMatch(/^"[^"]+"$/);
      const again = await api.get(url, { headers: { 'If-None-Match': etag } });
      expect(again.status, url).toBe(304);
      expect(await again.text(), url).toBe('');
      expect(again.headers.get('ratelimit-limit'), url).not.toBeNull();
    }
  });

  it('every other API answer is no-store; profile pages are public, max-age=300', async () => {
    states('every other API answer (the key, the change feed, errors, MCP) is `Cache-Control: no-store`; profile pages are `public, max-age=300`');
    const others = [
      await api.get('/api/v1/key'),
      await api.get('/api/v1/changes?country=es'),
      await api.get('/api/v1/places?country=es&limit=0'),
      await send('/mcp', { method: 'POST', headers: withKey(MCP_HEADERS), body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) }),
    ];
    expect(others.map((r) => r.status)).toEqual([200, 200, 400, 200]);
    for (const response of others) {
      expect(response.headers.get('cache-control'), response.url).toBe('no-store');
      expect(response.headers.get('etag'), response.url).toBeNull();
    }
    const profile = await send(`/places/${encodeURIComponent(IDS.mint)}`);
    expect(profile.status).toBe(200);
    expect(profile.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('no sentence says ETags are off', () => {
    expect(/ETags are off/i.test(API_PAGE), 'docs/api.md says ETags are off').toBe(false);
  });
});

describe('status codes, as docs/api.md states them', () => {
  it('401 for a missing or unknown key on REST, problem+json', async () => {
    states('401 (missing, malformed, unknown or revoked key: do not retry)');
    // Another last character: a secret that already ends in x would otherwise stay the real one (1 in 64 runs).
    const unknown = `${api.secret.slice(0, -1)}${api.secret.endsWith('x') ? 'y' : 'x'}`;
    for (const secret of [null, unknown]) {
      const response = await api.get(SEARCH, { secret });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });

  it('404 for an unknown place and an unknown route; 405 for write methods', async () => {
    states('404 (no published place with that id, including closed, suppressed and no-longer-published ones; also unknown routes), 405 (write methods)');
    expect((await api.get(`/api/v1/places/${encodeURIComponent(IDS.closed)}`)).status).toBe(404);
    expect((await api.get('/api/v1/nowhere')).status).toBe(404);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect((await send(SEARCH, { method, headers: withKey() })).status, method).toBe(405);
  });

  it('unknown, repeated and empty parameters, and a key in the query, are 400s naming them', async () => {
    states('Unknown, repeated (`country=es&country=gb`) and empty (`q=`, `city`) parameters are 400s naming them');
    states('any `api_key`, `key`, `token`, `access_token`… query parameter is a 400 (an unknown parameter)');
    for (const [query, parameter] of [
      ['country=es&order=name', 'order'],
      ['country=es&country=gb', 'country'],
      ['country=es&q=', 'q'],
      ['country=es&city', 'city'],
      ['country=es&api_key=abc', 'api_key'],
      ['country=es&limit=101', 'limit'],
    ]) {
      const response = await api.get(`/api/v1/places?${query}`);
      expect(response.status, query).toBe(400);
      const body = await response.json();
      expect(body.errors.map((e: { parameter: string }) => e.parameter), query).toContain(parameter);
    }
  });

  it('the RateLimit headers on every authenticated answer, with the default policy', async () => {
    states('`RateLimit-Policy: 600;w=60` (IETF draft 6)');
    for (const response of [await api.get(SEARCH), await api.get('/api/v1/places?country=es&nope=1')]) {
      expect(response.headers.get('ratelimit-policy')).toBe('600;w=60');
      for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(response.headers.get(name), name).not.toBeNull();
    }
  });

  it('the change feed: 410 for a version no longer kept, 400 naming since for a malformed one', async () => {
    states('A well-formed version the service never served for that country (a held or dry-run candidate included) or no longer keeps (pruned, or older than the feed) is a `410 Gone`');
    states('a malformed one is a 400 naming `since`');
    const gone = await api.get('/api/v1/changes?country=es&since=20200101T000000000Z-abcdef');
    expect(gone.status).toBe(410);
    const bad = await api.get('/api/v1/changes?country=es&since=yesterday');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].parameter).toBe('since');
  });

  it('MCP: a refused key is a 403 without WWW-Authenticate; GET and DELETE are 405', async () => {
    states('A missing, malformed, unknown or revoked key gets `403` with a JSON-RPC error whose message says why');
    states('`GET` and `DELETE /mcp` answer `405`');
    const refused = await send('/mcp', { method: 'POST', headers: { ...MCP_HEADERS, Authorization: 'Bearer not-a-key' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toBeNull();
    expect((await refused.json()).error.message).toMatch(/^API key refused: /);
    for (const method of ['GET', 'DELETE']) expect((await send('/mcp', { method, headers: withKey() })).status, method).toBe(405);
  });
});

describe('console pages, as docs/console.md states them', () => {
  it('carry the documented CSP and Cache-Control: no-store', async () => {
    const csp = /CSP `([^`]+)`/.exec(CONSOLE_PAGE)?.[1];
    expect(csp, 'docs/console.md names the console CSP').toBeDefined();
    expect(CONSOLE_PAGE.includes('so no inline script or style runs; the only script (`/console/static/console.js`) shows the Copy button; every flow works without it; `Cache-Control: no-store`')).toBe(true);
    const page = await send('/console/sign-in');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(csp);
    expect(page.headers.get('cache-control')).toContain('no-store');
  });
});
