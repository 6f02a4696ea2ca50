// /places/{id}: the profileUrl is a server-rendered page with LodgingBusiness JSON-LD, escaped; 404 page otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS } from '../support/provider-listings.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';
import { readJson } from '../support/shapes.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

async function page(id: string): Promise<{ status: number; html: string; headers: Headers }> {
  const res = await fetch(`${api.url}/places/${encodeURIComponent(id)}`);
  return { status: res.status, html: await res.text(), headers: res.headers };
}

function jsonLdOf(html: string): Record<string, any> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!);
}

describe('contact details a person can use', () => {
  it('links every phone with tel: (E.164) and shows it in the national format', async () => {
    const { html } = await page(IDS.mint);
    expect(html).toContain('<a href="tel:+34914902650">914 90 26 50</a>');
    expect(html).toContain('<a href="tel:+34612345678">612 34 56 78</a>');
    expect(html).toContain('<a href="tel:+34914902651">914 90 26 51</a>');
  });

  it('links the e-mail with mailto:', async () => {
    expect((await page(IDS.mint)).html).toContain('<a href="mailto:reservas@vinccithemint.es">reservas@vinccithemint.es</a>');
  });

  it('links an OpenStreetMap page at the coordinates', async () => {
    expect((await page(IDS.mint)).html).toContain(
      'href="https://www.openstreetmap.org/?mlat=40.4195785&amp;mlon=-3.6985626#map=17/40.4195785/-3.6985626"',
    );
  });

  it('says where the rating comes from only when there is a rating', async () => {
    expect((await page(IDS.mint)).html).toContain('The rating comes from a third-party listing provider');
    const { html } = await page(IDS.hostal);
    expect(html).not.toMatch(/rating/i);
    expect(html).not.toContain('openstreetmap');
  });
});

describe('the words a visitor reads', () => {
  it("the subtitle is the lodging type's own words, not the provider's label", async () => {
    expect((await page(IDS.hostal)).html).toContain('<p><small>Guest house</small></p>');
    expect((await page(IDS.aparthotel)).html).toContain('<p><small>Apartment</small></p>');
    expect((await page(IDS.unknownLabels)).html).toContain('<p><small>Place to stay</small></p>');
    expect((await page(IDS.hostal)).html).not.toContain('<small>Hostal</small>');
  });

  it('an address names a city once when its region has the same name', async () => {
    expect((await page(IDS.mint)).html).toContain('<dt>Address</dt><dd>Gran Vía, 10, 28013, Madrid, ES</dd>');
    expect((await page(IDS.coruna)).html).toContain('<dt>Address</dt><dd>Rúa Real 5, A Coruña, ES</dd>');
  });
});

describe('a published place', () => {
  it('is reachable at its profileUrl, without a key', async () => {
    const { body } = await readJson(api.get(`/api/v1/places/${IDS.mint}`));
    const res = await fetch(body.place.profileUrl.replace(api.publicUrl, api.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('carries schema.org LodgingBusiness JSON-LD built from the public fields', async () => {
    const { html } = await page(IDS.mint);
    const ld = jsonLdOf(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LodgingBusiness',
      name: 'Vincci The Mint',
      url: `${api.publicUrl}/places/${IDS.mint}`,
      telephone: '+34914902650',
      email: 'reservas@vinccithemint.es',
      address: { '@type': 'PostalAddress', addressLocality: 'Madrid', addressCountry: 'ES', postalCode: '28013' },
      geo: { '@type': 'GeoCoordinates' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 1234 },
    });
    expect(html).toContain('<h1>Vincci The Mint</h1>');
    expect(html).toContain('Gran Vía, 10');
  });

  it('renders a name with markup as text, in the HTML and in the JSON-LD', async () => {
    const { status, html, headers } = await page(IDS.script);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    const ldText = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(ldText).not.toContain('<');
    expect(ldText).toContain('\\u003cscript');
    expect(jsonLdOf(html).name).toBe('<script>alert("x")</script> & Co');
    expect(headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('round-trips an id with reserved characters', async () => {
    const { status, html } = await page(IDS.reserved);
    expect(status).toBe(200);
    expect(jsonLdOf(html).identifier).toBe(IDS.reserved);
  });
});

describe('anything else is an HTML 404 page', () => {
  it.each([
    ['an unknown id', 'es-nobody'],
    ['a closed listing', IDS.closed],
    ['a suppressed listing', IDS.suppressed],
    ['an over-long id', `es-${'x'.repeat(400)}`],
  ])('%s', async (_label, id) => {
    const { status, html, headers } = await page(id);
    expect(status).toBe(404);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('Place not found');
    expect(html).not.toContain('application/ld+json');
  });
});
