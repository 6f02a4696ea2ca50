// URL rule edges the main URL tests leave open: every issue's detail, doubled schemes, scheme-like hosts, bare map domains.
import { describe, expect, it } from 'vitest';
import { normaliseMapsUrl, normaliseWebsite } from '../../pipeline/normalise/urls.ts';

describe('normaliseWebsite issue details', () => {
  const rejected: [unknown, string, string][] = [
    [42, 'wrong-type', 'expected a string'],
    ['https://www.ho tel.es', 'unparseable-url', 'not a URL'],
    ['ftp://www.hotel.es', 'bad-scheme', 'ftp: is not http or https'],
    ['https://user@www.hotel.es', 'user-info', 'URLs with a user name or password are not published'],
    ['https://localhost/', 'private-host', 'localhost is not a public registrable domain'],
    ['https://192.168.0.1/', 'ip-host', '192.168.0.1 is not a public registrable domain'],
    ['https://www.hotel.es:8080/', 'bad-port', 'port 8080 is not 80 or 443'],
  ];
  it.each(rejected)('rejects %j as %s: "%s"', (raw, code, detail) => {
    expect(normaliseWebsite(raw)).toEqual({ value: null, issues: [{ field: 'website', code, value: String(raw), detail }] });
  });

  it('says how long an over-long URL is', () => {
    const raw = `https://www.hotel.es/${'a'.repeat(3000)}`;
    expect(normaliseWebsite(raw)).toEqual({
      value: null,
      issues: [expect.objectContaining({ field: 'website', code: 'too-long', detail: '3021 characters, at most 2048' })],
    });
  });

  const repaired: [string, string, string, string][] = [
    ['http://http://www.hotel.es', 'http://www.hotel.es/', 'scheme-repaired', 'doubled scheme removed'],
    ['http://http://https://www.hotel.es/a', 'https://www.hotel.es/a', 'scheme-repaired', 'doubled scheme removed'], // every extra scheme
    ['https://www.hotel.es/?utm_a+b=1&gclid=2&a=3', 'https://www.hotel.es/?a=3', 'tracking-removed', 'removed utm_a b, gclid'],
    ['https://www.hotel.es/?%zz=1&utm_source=x', 'https://www.hotel.es/?%zz=1', 'tracking-removed', 'removed utm_source'], // undecodable name kept
  ];
  it.each(repaired)('publishes %j as %s, reporting %s: "%s"', (raw, value, code, detail) => {
    expect(normaliseWebsite(raw)).toEqual({ value, issues: [{ field: 'website', code, value: raw, detail }] });
  });
});

describe('normaliseWebsite keeps what it does not need to touch', () => {
  const kept: [string, string][] = [
    ['https://www.hotel.es/redirect/http://http://x.es', 'https://www.hotel.es/redirect/http://http://x.es'], // a doubled scheme inside the path
    ['www.hotel.es/a:b', 'https://www.hotel.es/a:b'], // a colon after the host is not a scheme
    ['https://www.hotel.es/?a=1&&b=2', 'https://www.hotel.es/?a=1&&b=2'], // empty pairs kept when nothing is removed
  ];
  it.each(kept)('publishes %j as %s without an issue', (raw, value) => {
    expect(normaliseWebsite(raw)).toEqual({ value, issues: [] });
  });

  it('reads "my.app://open" as an app scheme, not as a host', () => {
    expect(normaliseWebsite('my.app://open')).toEqual({
      value: null,
      issues: [{ field: 'website', code: 'bad-scheme', value: 'my.app://open', detail: 'my.app: is not http or https' }],
    });
  });
});

describe('normaliseMapsUrl on the bare provider domains', () => {
  it.each(['https://google.com/maps/place/x', 'https://google.es/maps', 'https://google.pt/maps/@38.7,-9.1,15z'])(
    'accepts the map page %s',
    (raw) => {
      expect(normaliseMapsUrl(raw)).toEqual({ value: raw, issues: [] });
    },
  );

  it.each([
    ['https://google.es/search?q=x', 'google.es'],
    ['https://google.com/mapsearch', 'google.com'],
  ])('rejects %s, which is not a map page', (raw, host) => {
    expect(normaliseMapsUrl(raw)).toEqual({
      value: null,
      issues: [{ field: 'sourceMapsUrl', code: 'not-maps-host', value: raw, detail: `${host} is not the provider's map` }],
    });
  });
});
