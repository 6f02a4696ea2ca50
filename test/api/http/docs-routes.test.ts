// The interactive API docs: the page under a strict CSP, its script, and only the Swagger UI assets it names.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocsRoutes } from '../../../api/http/docs-routes.ts';

let base: string;
let server: ReturnType<ReturnType<typeof express>['listen']>;
beforeAll(async () => {
  const app = express();
  app.use(createDocsRoutes());
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createDocsRoutes', () => {
  it('serves the page at /docs and /docs/ with a CSP that allows only its own scripts', async () => {
    for (const path of ['/docs', '/docs/']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('serves its script and the named Swagger UI assets, nothing else of the package', async () => {
    expect((await fetch(`${base}/docs/init.js`)).headers.get('content-type')).toMatch(/^application\/javascript/);
    expect((await fetch(`${base}/docs/assets/swagger-ui.css`)).status).toBe(200);
    expect((await fetch(`${base}/docs/assets/package.json`)).status).toBe(404);
  });
});
