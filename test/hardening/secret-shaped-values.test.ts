// Defect 5: a key-shaped value is never echoed (X-Request-Id or any field) nor written to any log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/http/request-logger.ts';
import { maskSecrets } from '../../api/keys/key-secret.ts';
import { startTestApi } from '../api/support/test-api.ts';
import type { TestApi } from '../api/support/test-api.ts';

const lines: string[] = [];
let api: TestApi;
beforeAll(async () => {
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  api = await startTestApi({ exports: {}, logger });
});
afterAll(async () => {
  await api?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('X-Request-Id', () => {
  it.each([
    ['a key secret', () => api.secret],
    ['a key-shaped token of allowed characters', () => 'lds.live.abc:lds-xyz'.replace(/\./g, '_').slice(0, 20)],
    ['65 characters', () => 'a'.repeat(65)],
    ['a space', () => 'abc def'],
    ['a slash', () => 'abc/def'],
    ['non-ASCII', () => 'ábc'],
  ])('%s is replaced by a generated id, echoed nowhere', async (_label, value) => {
    const sent = value();
    const res = await fetch(`${api.url}/api/v1/places?country=xx`, { headers: { 'X-API-Key': api.secret, 'X-Request-Id': sent } });
    const body = await res.text();
    await flush();
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expect(body).not.toContain(sent);
    expect(lines.join('\n')).not.toContain(sent);
  });

  it.each(['abc-123', 'req.1:2_3', 'a'.repeat(64)])('a plain token (%s) is kept', async (sent) => {
    const res = await fetch(`${api.url}/healthz`, { headers: { 'X-Request-Id': sent } });
    await res.text();
    expect(res.headers.get('x-request-id')).toBe(sent);
  });
});

describe('every log line', () => {
  it('masks key-shaped values in messages, fields, nested objects and errors', async () => {
    const out: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void out.push(line) });
    const secret = api.secret;
    logger.info({ header: secret, nested: { deep: [`x ${secret} y`] } }, `message with ${secret}`);
    logger.error({ err: new Error(`failed for ${secret}`) }, 'oops');
    logger.child({ who: secret }).warn('child');
    await flush();
    expect(out).toHaveLength(3);
    for (const line of out) {
      expect(line).not.toContain(secret.slice(9));
      expect(line).toContain('[REDACTED]');
      JSON.parse(line);
    }
  });

  it('maskSecrets masks every key-shaped run, URL-encoded too', () => {
    expect(maskSecrets(`a ${api.secret} b lds_live_abc%2Fdef c`)).toBe('a [REDACTED] b [REDACTED] c');
  });

  it('maskSecrets decodes percent escapes before it judges a run, and leaves other encoded text alone', () => {
    expect(maskSecrets('"url":"/x?q=lds%5flive%5fabc&city=a%20b"')).toBe('"url":"/x?q=[REDACTED]&city=a%20b"');
    expect(maskSecrets('"url":"/lds%5Flive%5Fabc"')).toBe('"url":"/[REDACTED]"');
    expect(maskSecrets('"msg":"%6C%64%73%5F%6C%69%76%65 and %256Cds%255Fx"')).toBe('"msg":"[REDACTED] and [REDACTED]"');
    expect(maskSecrets('q=caf%C3%A9%20lds')).toBe('q=caf%C3%A9%20lds');
    // One letter encoded is enough to be judged; escapes no prefix needs (a bbox's commas) leave the text as it is.
    expect(maskSecrets('"url":"/x?q=LD%53_live_abc&bbox=-3.8%2C40.3"')).toBe('"url":"/x?q=[REDACTED]&bbox=-3.8%2C40.3"');
    expect(maskSecrets('"url":"/x?bbox=-3.8%2C40.3%2C-3.6%2C40.5&q=ld"')).toBe('"url":"/x?bbox=-3.8%2C40.3%2C-3.6%2C40.5&q=ld"');
  });
});
