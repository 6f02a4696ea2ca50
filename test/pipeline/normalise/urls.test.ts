// pipeline/normalise/urls.ts: its rules input → output, then the edges mutation testing found.
import { describe, expect, it } from 'vitest';
import { checkPublicHost, registrableDomain } from '../../../pipeline/normalise/public-host.ts';
import { normaliseMapsUrl, normaliseWebsite } from '../../../pipeline/normalise/urls.ts';

describe('normaliseWebsite', () => {
  const kept: [unknown, string][] = [
    ['https://www.hotel-example.es/', 'https://www.hotel-example.es/'],
    ['http://www.agroturismo-kerizara.net/casa', 'http://www.agroturismo-kerizara.net/casa'],
    ['www.campinglavinuela.es', 'https://www.campinglavinuela.es/'],
    ['campingmascun.com/es/', 'https://campingmascun.com/es/'],
    ['//www.hotel.fr/chambres', 'https://www.hotel.fr/chambres'],
    ['  www.hotel.co.uk \u00A0', 'https://www.hotel.co.uk/'],
    ['HTTPS://WWW.Hotel.PT/Quartos/Suite', 'https://www.hotel.pt/Quartos/Suite'],
    ['http:www.hotel.es', 'http://www.hotel.es/'],
    ['https://www.hotel.es:443/', 'https://www.hotel.es/'],
    ['http://www.hotel.es:80/a', 'http://www.hotel.es/a'],
    ['https://www.hotel.es:80/a', 'https://www.hotel.es:80/a'],
    ['https://hoteis.inatel.pt/pt/Menu/Campismo/Cabedelo.aspx?id=3#mapa', 'https://hoteis.inatel.pt/pt/Menu/Campismo/Cabedelo.aspx?id=3#mapa'],
    ['https://www.xn--clublascigueas-1nb.com/', 'https://www.xn--clublascigueas-1nb.com/'],
    ['https://www.clublascigueñas.com/', 'https://www.xn--clublascigueas-1nb.com/'],
    ['https://myhotel.blogspot.com/', 'https://myhotel.blogspot.com/'],
    ['https://www.hotel.es/?q=a+b&x=%20y', 'https://www.hotel.es/?q=a+b&x=%20y'],
  ];
  it.each(kept)('publishes %j as %s without an issue', (raw, expected) => {
    expect(normaliseWebsite(raw)).toEqual({ value: expected, issues: [] });
  });

  const tracked: [string, string][] = [
    ['https://camping-picheleiros.negocio.site/?utm_source=gmb&utm_medium=referral', 'https://camping-picheleiros.negocio.site/'],
    [
      'https://ohairesorts.com/nazare/?partner=6878&utm_source=google&utm_medium=gmb&utm_campaign=web_link',
      'https://ohairesorts.com/nazare/?partner=6878',
    ],
    ['www.hotel.es/reservas?gclid=abc&room=2', 'https://www.hotel.es/reservas?room=2'],
    ['https://www.hotel.es/?fbclid=IwAR0&msclkid=1&UTM_Term=x&lang=es#top', 'https://www.hotel.es/?lang=es#top'],
    ['https://www.hotel.es/?utm%5Fsource=x&a=1&&b=2', 'https://www.hotel.es/?a=1&b=2'],
  ];
  it.each(tracked)('removes tracking parameters from %s, reporting tracking-removed', (raw, expected) => {
    const result = normaliseWebsite(raw);
    expect(result.value).toBe(expected);
    expect(result.issues).toEqual([expect.objectContaining({ field: 'website', code: 'tracking-removed' })]);
  });

  it('repairs a doubled scheme', () => {
    const result = normaliseWebsite('http://http:/www.aristondo.com');
    expect(result.value).toBe('http://www.aristondo.com/');
    expect(result.issues.map((found) => found.code)).toEqual(['scheme-repaired']);
  });

  const rejected: [unknown, string][] = [
    [42, 'wrong-type'],
    [['www.hotel.es'], 'wrong-type'],
    [{ url: 'www.hotel.es' }, 'wrong-type'],
    [true, 'wrong-type'],
    ['mailto:info@hotel.es', 'bad-scheme'],
    ['ftp://ftp.hotel.es/brochure.pdf', 'bad-scheme'],
    ['javascript:alert(1)', 'bad-scheme'],
    ['tel:+34912345678', 'bad-scheme'],
    ['data:text/html,hi', 'bad-scheme'],
    ['http://', 'unparseable-url'],
    ['https://www.hotel .es/', 'unparseable-url'],
    ['hotel sol.es', 'unparseable-url'],
    ['http://[::1', 'unparseable-url'],
    ['info@bordaaranzazu.com', 'user-info'],
    ['http://santabarbararesort@diamantresorts.com', 'user-info'],
    ['https://admin:secret@www.hotel.es/', 'user-info'],
    ['https://www.hotel.es:8080/', 'bad-port'],
    ['www.hotel.es:8443/admin', 'bad-port'],
    ['http://192.168.1.10/', 'ip-host'],
    ['https://8.8.8.8/', 'ip-host'],
    ['http://[2001:db8::1]/', 'ip-host'],
    ['http://0x7f.1/', 'ip-host'],
    ['http://localhost/', 'private-host'],
    ['localhost:3000', 'private-host'],
    ['http://hotel.local/', 'reserved-host'],
    ['https://intranet.hotel.internal/', 'reserved-host'],
    ['https://www.hotel.test/', 'reserved-host'],
    ['https://hotel.example/', 'reserved-host'],
    ['https://hotel.invalid/', 'reserved-host'],
    ['https://app.localhost/', 'reserved-host'],
    ['https://www.example.com/', 'reserved-host'],
    ['https://hotel.zzzz/', 'unknown-suffix'],
    ['http://intranet/', 'unknown-suffix'],
    ['https://co.uk/', 'unknown-suffix'],
    ['https://blogspot.com/', 'unknown-suffix'],
  ];
  it.each(rejected)('rejects %j with %s', (raw, code) => {
    const result = normaliseWebsite(raw);
    expect(result.value).toBeNull();
    expect(result.issues).toEqual([expect.objectContaining({ field: 'website', code })]);
  });

  it('rejects URLs over 2048 characters with too-long, measured after tracking parameters are removed', () => {
    const path = 'a'.repeat(2048 - 'https://www.hotel.es/'.length);
    expect(normaliseWebsite(`https://www.hotel.es/${path}`).value).toHaveLength(2048);
    expect(normaliseWebsite(`https://www.hotel.es/${path}?utm_source=${'x'.repeat(100)}`).value).toHaveLength(2048);
    expect(normaliseWebsite(`https://www.hotel.es/${path}a`)).toEqual({
      value: null,
      issues: [expect.objectContaining({ field: 'website', code: 'too-long' })],
    });
  });

  it.each([undefined, null, '', '   '])('treats %j as absent, without an issue', (raw) => {
    expect(normaliseWebsite(raw)).toEqual({ value: null, issues: [] });
  });
});

describe('normaliseMapsUrl', () => {
  const maps: [string, string][] = [
    ['https://www.google.com/maps?cid=1234567890', 'https://www.google.com/maps?cid=1234567890'],
    ['https://www.google.com/maps/place/Hotel/@40.4,-3.7,17z', 'https://www.google.com/maps/place/Hotel/@40.4,-3.7,17z'],
    ['https://maps.google.com/?cid=1234567890', 'https://maps.google.com/?cid=1234567890'],
    ['https://goo.gl/maps/MHGdtH6xtbKjP71Z8', 'https://goo.gl/maps/MHGdtH6xtbKjP71Z8'],
    ['https://maps.app.goo.gl/mnaBQseGfMbGxRjk9', 'https://maps.app.goo.gl/mnaBQseGfMbGxRjk9'],
    ['https://www.google.es/maps/place/Hotel', 'https://www.google.es/maps/place/Hotel'],
    ['https://www.google.co.uk/maps?cid=1', 'https://www.google.co.uk/maps?cid=1'],
    ['https://www.google.fr/maps?cid=1', 'https://www.google.fr/maps?cid=1'],
    ['https://maps.google.pt/maps?cid=1', 'https://maps.google.pt/maps?cid=1'],
    ['www.google.com/maps?cid=42', 'https://www.google.com/maps?cid=42'],
  ];
  it.each(maps)('keeps the provider map link %s', (raw, expected) => {
    expect(normaliseMapsUrl(raw)).toEqual({ value: expected, issues: [] });
  });

  it('removes tracking parameters from map links too', () => {
    const result = normaliseMapsUrl('https://www.google.com/maps?cid=42&utm_source=share');
    expect(result.value).toBe('https://www.google.com/maps?cid=42');
    expect(result.issues).toEqual([expect.objectContaining({ field: 'sourceMapsUrl', code: 'tracking-removed' })]);
  });

  const rejected: [unknown, string][] = [
    ['https://sites.google.com/view/douro-camping/', 'not-maps-host'],
    ['https://www.google.com/search?q=hotel', 'not-maps-host'],
    ['https://www.google.com/mapsearch', 'not-maps-host'],
    ['https://goo.gl/abc123', 'not-maps-host'],
    ['https://www.google.de/maps?cid=1', 'not-maps-host'],
    ['https://maps.google.com.evil.es/maps', 'not-maps-host'],
    ['https://www.campinglavinuela.es/', 'not-maps-host'],
    ['ftp://maps.google.com/', 'bad-scheme'],
    ['https://user@maps.google.com/', 'user-info'],
    ['https://maps.google.com:8080/', 'bad-port'],
    [12, 'wrong-type'],
  ];
  it.each(rejected)('rejects %j with %s', (raw, code) => {
    const result = normaliseMapsUrl(raw);
    expect(result.value).toBeNull();
    expect(result.issues).toEqual([expect.objectContaining({ field: 'sourceMapsUrl', code })]);
  });

  it.each([undefined, null, ''])('treats %j as absent, without an issue', (raw) => {
    expect(normaliseMapsUrl(raw)).toEqual({ value: null, issues: [] });
  });
});

describe('checkPublicHost and registrableDomain', () => {
  const hosts: [string, string | null, string | null][] = [
    ['www.hotel.es', null, 'hotel.es'],
    ['WWW.Hotel.Co.UK', null, 'hotel.co.uk'],
    ['reservas.hotel.com.pt', null, 'hotel.com.pt'],
    ['www.hotel.fr.', null, 'hotel.fr'],
    ['myhotel.blogspot.com', null, 'myhotel.blogspot.com'],
    ['www.clublascigueñas.com', null, 'xn--clublascigueas-1nb.com'],
    ['192.0.2.1', 'ip-host', null],
    ['[2001:db8::1]', 'ip-host', null],
    ['2001:db8::1', 'ip-host', null],
    ['localhost', 'private-host', null],
    ['printer.local', 'reserved-host', null],
    ['db.internal', 'reserved-host', null],
    ['a.test', 'reserved-host', null],
    ['a.example', 'reserved-host', null],
    ['a.invalid', 'reserved-host', null],
    ['a.localhost', 'reserved-host', null],
    ['hotel.zzzz', 'unknown-suffix', null],
    ['intranet', 'unknown-suffix', null],
    ['es', 'unknown-suffix', null],
    ['co.uk', 'unknown-suffix', null],
    ['', 'invalid-host', null],
    ['a b.es', 'invalid-host', null],
    ['-hotel.es', 'invalid-host', null],
  ];
  it.each(hosts)('%j → %s, registrable domain %s', (host, rejection, domain) => {
    expect(checkPublicHost(host)).toBe(rejection);
    expect(registrableDomain(host)).toBe(domain);
  });
});

// URL rule edges the main URL tests leave open: every issue's detail, doubled schemes, scheme-like hosts, bare map domains.
describe('edge cases', () => {
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
});

// Boundaries the first mutation run found unpinned (input → output only).
describe('mutation boundaries', () => {
  describe('public URLs', () => {
    it.each(['https://:secret@example.es/', 'https://user@example.es/', 'https://user:pw@example.es/'])('%s has user-info: dropped', (raw) => {
      const result = normaliseWebsite(raw);
      expect(result.value).toBeNull();
      expect(result.issues.map((i) => i.code)).toEqual(['user-info']);
    });
    it('an explicit default port is accepted (and dropped by URL serialisation)', () => {
      expect(normaliseWebsite('https://example.es:443/a').value).toBe('https://example.es/a');
      expect(normaliseWebsite('http://example.es:80/a').value).toBe('http://example.es/a');
      expect(normaliseWebsite('https://example.es:80/a').value).toBe('https://example.es:80/a');
      expect(normaliseWebsite('http://example.es:443/a').value).toBe('http://example.es:443/a');
    });
    it('any other port is refused', () => {
      expect(normaliseWebsite('https://example.es:8443/').issues.map((i) => i.code)).toEqual(['bad-port']);
    });
    it('keeps every other query parameter exactly as written, in order', () => {
      expect(normaliseWebsite('https://example.es/p?b=2&a=1&c=%20x&d&e=').value).toBe('https://example.es/p?b=2&a=1&c=%20x&d&e=');
      expect(normaliseWebsite('https://example.es/p?utm_source=x&b=%2F&UTM_Medium=y&a=1&gclid=9').value).toBe('https://example.es/p?b=%2F&a=1');
      expect(normaliseWebsite('https://example.es/p?fbclid=1&msclkid=2').value).toBe('https://example.es/p');
    });
    it('a map URL keeps its parameters too', () => {
      expect(normaliseMapsUrl('https://maps.google.com/?cid=123&hl=es').value).toBe('https://maps.google.com/?cid=123&hl=es');
    });
  });
});

// Edges of a value holding several URLs: when it counts as several, which part is kept, and what is reported.
describe('edge cases: several URLs in one value', () => {
  const several = (raw: string, parts: number) => ({
    field: 'website',
    code: 'several-urls',
    value: raw,
    detail: `${parts} whitespace-separated parts; the first own site is kept`,
  });
  const unparseable = (raw: string) => ({ value: null, issues: [{ field: 'website', code: 'unparseable-url', value: raw, detail: 'not a URL' }] });

  it.each<[string, string, number]>([
    // A later part that opens like a URL, after a first part that is none.
    ['not-a-url www.b.es', 'https://www.b.es/', 2],
    ['not-a-url http://b.es', 'http://b.es/', 2],
    ['not-a-url HTTPS://b.es/x', 'https://b.es/x', 2],
    // After a valid first part, a later part that is a host name, with or without a path, query or fragment.
    ['www.a.es b.es', 'https://www.a.es/', 2],
    ['www.a.es b-c.es/x', 'https://www.a.es/', 2],
    ['www.a.es b.es?x=1', 'https://www.a.es/', 2],
    ['www.a.es b.es#x', 'https://www.a.es/', 2],
    ['www.a.es ñ.c-d.es', 'https://www.a.es/', 2],
    ['www.a.es 1.es', 'https://www.a.es/', 2],
    ['www.a.es b.es x', 'https://www.a.es/', 3], // one later part a host name is enough
    // Any run of whitespace separates, and is one separator.
    ['www.a.es  \t www.b.es', 'https://www.a.es/', 2],
    ['www.a.es x www.b.es', 'https://www.a.es/', 3],
  ])('%j counts as several URLs and keeps %s', (raw, value, parts) => {
    expect(normaliseWebsite(raw)).toEqual({ value, issues: [several(raw, parts)] });
  });

  it.each([
    'not-a-url xwww.b.es', // "www." only opens a part
    'not-a-url shttp://b.es',
    'not-a-url b.es', // a host name counts only after a valid first part
    'www.a.es .es/', // the rest of a host broken by a space
    'www.a.es -b.es',
    'www.a.es b_c.es',
    'www.a.es b.es.',
    'www.a.es b.es:80',
    'www.a.es b',
    'www.a.es b.',
  ])('%j is one broken URL, not several', (raw) => {
    expect(normaliseWebsite(raw)).toEqual(unparseable(raw));
  });

  it('skips a third-party page, keeps the next own site, and reports the skipped page before the kept one\'s repairs', () => {
    const raw = 'www.booking.com/x www.a.es/?utm_source=y';
    expect(normaliseWebsite(raw)).toEqual({
      value: 'https://www.a.es/',
      issues: [
        several(raw, 2),
        { field: 'website', code: 'third-party', value: 'https://www.booking.com/x', detail: 'booking.com is a third-party page, not the place\'s own site', group: 'booking.com' },
        { field: 'website', code: 'tracking-removed', value: 'www.a.es/?utm_source=y', detail: 'removed utm_source' },
      ],
    });
  });

  it('keeps the first own site when a later one is a third-party page, and reports only its own repairs', () => {
    const raw = 'www.a.es/?gclid=1 www.booking.com/x';
    expect(normaliseWebsite(raw)).toEqual({
      value: 'https://www.a.es/',
      issues: [several(raw, 2), { field: 'website', code: 'tracking-removed', value: 'www.a.es/?gclid=1', detail: 'removed gclid' }],
    });
  });

  it('with nothing usable, reports the third-party pages, then why the first failing part failed', () => {
    const raw = 'ftp://a.es www.booking.com/x javascript:x';
    expect(normaliseWebsite(raw)).toEqual({
      value: null,
      issues: [
        several(raw, 3),
        { field: 'website', code: 'third-party', value: 'https://www.booking.com/x', detail: 'booking.com is a third-party page, not the place\'s own site', group: 'booking.com' },
        { field: 'website', code: 'bad-scheme', value: 'ftp://a.es', detail: 'ftp: is not http or https' },
      ],
    });
  });

  it('reports why the first failing part failed, though a third-party page came before it', () => {
    const raw = 'www.booking.com/x https://localhost/';
    expect(normaliseWebsite(raw).issues.map((found) => found.code)).toEqual(['several-urls', 'third-party', 'private-host']);
  });

  it('a single third-party page is reported alone', () => {
    expect(normaliseWebsite('https://m.booking.com/x')).toEqual({
      value: null,
      issues: [{ field: 'website', code: 'third-party', value: 'https://m.booking.com/x', detail: 'booking.com is a third-party page, not the place\'s own site', group: 'booking.com' }],
    });
  });

  it.each([
    ['http://www.cm-tavira.pt/x', 'www.cm-tavira.pt', 'cm-tavira.pt'],
    ['https://turismo.gob.es/a', 'turismo.gob.es', 'turismo.gob.es'],
    ['https://awww.cm-tavira.pt/', 'awww.cm-tavira.pt', 'awww.cm-tavira.pt'], // "www." is taken off the group only at the start
  ])('keeps the public body\'s page %s, reported under its host without "www."', (raw, host, group) => {
    expect(normaliseWebsite(raw)).toEqual({
      value: raw,
      issues: [{ field: 'website', code: 'public-body', value: raw, detail: `${host} is a public body's site; kept`, group }],
    });
  });

  it('one part, or surrounding whitespace, is never several', () => {
    expect(normaliseWebsite(' \twww.a.es\n ')).toEqual({ value: 'https://www.a.es/', issues: [] });
  });
});
