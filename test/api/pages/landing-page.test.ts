// GET /: a small public landing page linking the docs, the OpenAPI document and the health checks, under the strict page CSP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderLandingPage } from '../../../api/pages/landing-page.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ exports: {} });
});
afterAll(async () => {
  await api?.close();
});

describe('GET /', () => {
  it('answers an HTML page without a key, under the pages CSP', async () => {
    const res = await fetch(`${api.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    for (const href of ['/docs', '/openapi.json', '/healthz', '/readyz']) expect(html).toContain(`href="${href}"`);
    expect(html).toContain(`${api.url}/api/v1/places?country=es&amp;limit=3`);
  });

  it('links no page that is not mounted (no console yet), and shows the ones a mounter adds first', () => {
    expect(renderLandingPage('http://x')).not.toContain('/console');
    const html = renderLandingPage('http://x', [{ href: '/console', label: 'Console', description: 'Your API keys.' }]);
    expect(html.indexOf('href="/console"')).toBeLessThan(html.indexOf('href="/docs"'));
  });

  it('escapes a hostile Host header shown in the examples', () => {
    expect(renderLandingPage('http://"><script>x</script>')).not.toContain('<script>x');
  });

  it('answers /favicon.ico with 204, so pages log no 404', async () => {
    expect((await fetch(`${api.url}/favicon.ico`)).status).toBe(204);
  });
});

describe('the OpenAPI servers entry', () => {
  it('is relative, so /docs "Try it out" stays on whatever origin the docs were opened at', async () => {
    const doc = await (await fetch(`${api.url}/openapi.json`)).json();
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });
});
