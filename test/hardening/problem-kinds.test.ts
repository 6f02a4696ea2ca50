// Defect 7 (problem-response): one table of error kinds; a 400 from URL decoding or a body parser says what was actually wrong.
import express from 'express';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { API_ERROR_KINDS, ApiError } from '../../api/errors.ts';
import { createErrorHandler } from '../../api/http/problem-response.ts';
import { startTestApi } from '../api/support/test-api.ts';
import type { TestApi } from '../api/support/test-api.ts';

let api: TestApi;
let bodyServer: Server;
let bodyUrl: string;
beforeAll(async () => {
  api = await startTestApi({ exports: {} });
  // A route with body parsers, as the console's forms will have, behind the same error handler.
  const app = express();
  app.post('/form', express.json({ limit: 100 }), express.urlencoded({ extended: false, limit: 100 }), (_req, res) => void res.send('ok'));
  app.use(createErrorHandler('http://x.test', pino({ level: 'silent' })));
  await new Promise<void>((resolve) => {
    bodyServer = app.listen(0, '127.0.0.1', () => resolve());
  });
  bodyUrl = `http://127.0.0.1:${(bodyServer.address() as { port: number }).port}`;
});
afterAll(async () => {
  await api?.close();
  await new Promise((resolve) => bodyServer?.close(resolve));
});

describe('the error-kind table', () => {
  it('every kind has a status, a title and a description, and a page at its type URI', async () => {
    for (const [kind, info] of Object.entries(API_ERROR_KINDS)) {
      expect(info.status).toBeGreaterThanOrEqual(400);
      expect(info.title).not.toBe('');
      const page = await fetch(`${api.url}/problems/${kind}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(info.title);
    }
  });

  it('an ApiError takes its status and title from the table', () => {
    const error = new ApiError('rate-limited', 'wait');
    expect([error.status, error.title]).toEqual([429, 'Too Many Requests']);
  });
});

describe('400s from URL decoding and body parsers say what was wrong', () => {
  it('a badly encoded placeId names placeId', async () => {
    const res = await api.get('/api/v1/places/es-%E0%A4%A');
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.errors).toEqual([{ parameter: 'placeId', message: 'is not validly URL-encoded' }]);
  });

  it('a badly encoded problem code is not called placeId', async () => {
    const res = await fetch(`${api.url}/problems/%E0%A4%A`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors[0].parameter).toBe('path');
  });

  it.each([
    ['malformed JSON', { 'Content-Type': 'application/json' }, '{"a":', 400, 'body'],
    ['malformed form', { 'Content-Type': 'application/json' }, 'not json', 400, 'body'],
    ['a body over the limit', { 'Content-Type': 'application/json' }, JSON.stringify({ a: 'x'.repeat(500) }), 413, null],
    ['an unknown charset', { 'Content-Type': 'application/json; charset=klingon' }, '{}', 415, null],
    ['an unknown encoding', { 'Content-Type': 'application/json', 'Content-Encoding': 'zstd-ish' }, '{}', 415, null],
  ])('%s → %i', async (_label, headers, body, status, parameter) => {
    const res = await fetch(`${bodyUrl}/form`, { method: 'POST', headers, body });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = await res.json();
    if (parameter) expect(problem.errors[0].parameter).toBe(parameter);
    expect(problem.detail).not.toMatch(/placeId/);
  });
});
