// Errors as RFC 9457 problems: a known error with its kind, status and parameters (secrets masked), a 404, and a 500 that quotes only a request id.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidParameter } from '../../../api/errors.ts';
import { createErrorHandler, createNotFoundHandler, PROBLEM_CONTENT_TYPE } from '../../../api/http/problem-response.ts';

const PUBLIC = 'https://lodging.example';
let base: string;
let server: ReturnType<ReturnType<typeof express>['listen']>;
beforeAll(async () => {
  const app = express();
  app.get('/bad', () => {
    throw invalidParameter('lds_live_pasted', 'must not be there');
  });
  app.get('/boom', () => {
    throw new Error('database password is hunter2');
  });
  app.use(createNotFoundHandler());
  app.use(createErrorHandler(PUBLIC, pino({ level: 'silent' })));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('problem responses', () => {
  it('answers a known error with its kind and parameters, a secret-shaped name masked', async () => {
    const response = await fetch(`${base}/bad`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE);
    const problem = (await response.json()) as { type: string; errors: { parameter: string }[]; detail: string };
    expect(problem.type).toBe(`${PUBLIC}/problems/invalid-parameter`);
    expect(problem.errors).toEqual([{ parameter: '[REDACTED]', message: 'must not be there' }]);
    expect(problem.detail).not.toContain('lds_live');
  });

  it('answers 404 for nothing published at an address', async () => {
    const response = await fetch(`${base}/nowhere`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { type: string }).type).toBe(`${PUBLIC}/problems/not-found`);
  });

  it('answers an unknown error with 500 and nothing of its message', async () => {
    const response = await fetch(`${base}/boom`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text)).toMatchObject({ type: `${PUBLIC}/problems/internal-error`, status: 500 });
  });
});
