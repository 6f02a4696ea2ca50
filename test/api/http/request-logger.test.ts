// Access logs: a request id per line; no key from a header, the URL path or the query string ever reaches them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../api/http/request-logger.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';

const lines: string[] = [];
let api: TestApi;
beforeAll(async () => {
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  api = await startTestApi({ exports: {}, logger });
});
afterAll(async () => {
  await api?.close();
});

async function logOf(path: string, headers: Record<string, string>): Promise<{ line: Record<string, any>; text: string; requestId: string }> {
  const res = await fetch(`${api.url}${path}`, { headers });
  await res.text();
  const requestId = res.headers.get('x-request-id')!;
  // pino writes when the response finishes; give the event loop a turn to flush it.
  await new Promise((resolve) => setImmediate(resolve));
  const text = lines.find((l) => l.includes(requestId)) ?? '';
  return { line: text === '' ? {} : JSON.parse(text), text, requestId };
}

describe('access log lines', () => {
  it.each([
    ['X-API-Key', () => ({ 'X-API-Key': api.secret })],
    ['Authorization: Bearer', () => ({ Authorization: `Bearer ${api.secret}` })],
  ])('never contain the key sent in %s', async (_label, headers) => {
    const { line, text, requestId } = await logOf('/api/v1/key', headers());
    expect(line.req).toMatchObject({ id: requestId, method: 'GET', url: '/api/v1/key' });
    expect(line.res).toEqual({ statusCode: 200 });
    expect(line.keyId).toBe(api.keyId);
    expect(text).not.toContain(api.secret);
    expect(text.toLowerCase()).not.toContain('x-api-key');
    expect(text.toLowerCase()).not.toContain('authorization');
  });

  it.each(['api_key', 'key', 'token', 'access_token', 'apikey'])('redact the value of ?%s= and keep the other values', async (name) => {
    const { line, text } = await logOf(`/api/v1/places?country=es&${name}=${api.secret}`, { 'X-API-Key': api.secret });
    expect(text).not.toContain(api.secret);
    expect(line.req.url).toBe(`/api/v1/places?country=es&${name}=[REDACTED]`);
  });

  it('redact anything shaped like a key, wherever it is in the URL', async () => {
    const { text } = await logOf(`/api/v1/places/${api.secret}?q=${api.secret}`, {});
    expect(text).not.toContain(api.secret.slice(9));
  });

  const encodings: [string, (secret: string) => string][] = [
    ['the underscores as %5f', (secret) => secret.replace(/_/g, '%5f')],
    ['the underscores as %5F', (secret) => secret.replace(/_/g, '%5F')],
    ['every character percent-encoded', (secret) => [...secret].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')],
    ['the prefix encoded twice', (secret) => secret.replace('lds_', '%256Cds%255F')],
  ];
  it.each(encodings)('redact a key with %s, in the query and in the path', async (_label, encode) => {
    const random = api.secret.slice(9);
    const { text } = await logOf(`/api/v1/places?country=es&q=${encode(api.secret)}`, { 'X-API-Key': api.secret });
    const { text: pathText } = await logOf(`/${encode(api.secret)}`, {});
    for (const logged of [text, pathText]) {
      expect(logged).not.toBe('');
      expect(logged).not.toContain(random);
      expect(logged).not.toContain(encode(api.secret).slice(-30));
      expect(logged).toContain('[REDACTED]');
    }
  });

  it('log a not-ready answer of /readyz at info level, not as a failed request', async () => {
    const { line } = await logOf('/readyz', {});
    expect(line.res).toEqual({ statusCode: 503 });
    expect(line.level).toBe(30);
    expect(line.msg).toBe('not ready');
  });
});
