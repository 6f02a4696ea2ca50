// pipeline/normalise/email.ts: its rules input → output, then the edges mutation testing found.
import { describe, expect, it } from 'vitest';
import { normaliseEmail } from '../../../pipeline/normalise/email.ts';

describe('normaliseEmail', () => {
  const valid: [string, string][] = [
    ['info@hotel.es', 'info@hotel.es'],
    ['reservas@hotel.co.uk', 'reservas@hotel.co.uk'],
    ['contact@hotel.fr', 'contact@hotel.fr'],
    ['geral@parque-campismo.pt', 'geral@parque-campismo.pt'],
    ['  info@hostalplaya.com \u00A0', 'info@hostalplaya.com'],
    ['H3312@ACCOR.COM', 'H3312@accor.com'],
    ['info@HotelTenerifeVing.com', 'info@hoteltenerifeving.com'],
    ['mailto:info@hotel.es', 'info@hotel.es'],
    ['MAILTO:info@hotel.es?subject=Reserva', 'info@hotel.es'],
    ['tryp.menfis+web@melia.com', 'tryp.menfis+web@melia.com'],
    ["o'brien@hotel.co.uk", "o'brien@hotel.co.uk"],
    ['info@hotel.es.', 'info@hotel.es'],
    ['colegiomayor@fundaciónsepi.es', 'colegiomayor@xn--fundacinsepi-6hb.es'],
    ['myhotel@myhotel.blogspot.com', 'myhotel@myhotel.blogspot.com'],
  ];
  it.each(valid)('publishes %j as %s', (raw, expected) => {
    expect(normaliseEmail(raw)).toEqual({ value: expected, issues: [] });
  });

  const several: [string, string][] = [
    ['casaelaljibe@hotmail.es / waque@eresmas.com', 'casaelaljibe@hotmail.es'],
    ['mundosnet@gmail.com -- mundosnet@hotmail.com', 'mundosnet@gmail.com'],
    ['mmachado1@mntsa.es / info@|attur.es', 'mmachado1@mntsa.es'],
    ['etxanonkt@etxano.com ?', 'etxanonkt@etxano.com'],
  ];
  it.each(several)('keeps the first valid address of %j and reports the rest as extra-email-text', (raw, expected) => {
    const result = normaliseEmail(raw);
    expect(result.value).toBe(expected);
    expect(result.issues).toEqual([expect.objectContaining({ field: 'email', code: 'extra-email-text' })]);
  });

  const rejected: [unknown, string][] = [
    [42, 'wrong-type'],
    [['info@hotel.es'], 'wrong-type'],
    [{ email: 'info@hotel.es' }, 'wrong-type'],
    ['Formulario en página web.', 'invalid-email'],
    ['http://pensionperezmadrid.com/', 'invalid-email'],
    ['info.hotel.es', 'invalid-email'],
    ['info@', 'invalid-email'],
    ['@hotel.es', 'invalid-email'],
    ['a@b@hotel.es', 'invalid-email'],
    ['.info@hotel.es', 'invalid-email'],
    ['info..reservas@hotel.es', 'invalid-email'],
    ['"info"@hotel.es', 'invalid-email'],
    ['recepción@hotellasaguilas.com', 'invalid-email'], // non-ASCII local part: rejected
    ['fañabe@sunwing.net', 'invalid-email'],
    ['info@hotel_es.com', 'invalid-email'],
    ['info@-hotel.es', 'invalid-email'],
    [`${'a'.repeat(65)}@hotel.es`, 'invalid-email'],
    [`${'x'.repeat(64)}@${['a', 'b', 'c', 'd'].map((letter) => letter.repeat(60)).join('.')}.es`, 'invalid-email'], // 311 characters
    ['hotel@apartahotel-florasol', 'unknown-suffix'],
    ['hcreservations@eliteclubresor', 'unknown-suffix'],
    ['info@hotel.zzzz', 'unknown-suffix'],
    ['info@co.uk', 'unknown-suffix'],
    ['root@localhost', 'private-host'],
    ['info@hotel.local', 'reserved-host'],
    ['info@hotel.internal', 'reserved-host'],
    ['info@hotel.test', 'reserved-host'],
    ['info@example.com', 'reserved-host'],
    ['info@192.168.1.10', 'ip-host'],
    ['info@[192.0.2.1]', 'ip-host'],
    ['info@[IPv6:2001:db8::1]', 'invalid-email'],
  ];
  it.each(rejected)('rejects %j with %s', (raw, code) => {
    const result = normaliseEmail(raw);
    expect(result.value).toBeNull();
    expect(result.issues).toEqual([expect.objectContaining({ field: 'email', code })]);
  });

  it.each([undefined, null, '', '   ', 'mailto:'])('treats %j as absent, without an issue', (raw) => {
    expect(normaliseEmail(raw)).toEqual({ value: null, issues: [] });
  });
});

// Email rule edges the main email tests leave open: every issue's detail, mailto: forms, length bounds, host-name labels.
describe('edge cases', () => {
  const LOCAL_64 = 'l'.repeat(64);
  /** A public domain name of exactly `length` characters, in labels of at most 63. */
  function domainOf(length: number): string {
    const labels: string[] = [];
    let left = length - 2; // ".es" is added at the end
    while (left > 0) {
      const size = Math.min(63, left - 1);
      labels.push('d'.repeat(size));
      left -= size + 1;
    }
    return `${labels.join('.')}.es`;
  }
  const EMAIL_254 = `${LOCAL_64}@${domainOf(254 - 65)}`;
  const EMAIL_255 = `${LOCAL_64}@${domainOf(255 - 65)}`;

  describe('normaliseEmail accepts', () => {
    const accepted: [string, string][] = [
      ['mailto:info@hotel.es?subject=Hola', 'info@hotel.es'], // mailto: headers dropped
      ['MAILTO:info@hotel.es?subject=Hola&body=x', 'info@hotel.es'],
      ['mailto:info@hotel.es?cc=otra@hotel.es', 'info@hotel.es'], // an address in the headers is not a second address
      ['mailto:info@hotel.es?subject=Hola amigo', 'info@hotel.es'], // nor is a spaced subject more text
      ['info@hotel.es;', 'info@hotel.es'], // a trailing separator is not more text
      [',info@hotel.es', 'info@hotel.es'],
      [`${LOCAL_64}@hotel.es`, `${LOCAL_64}@hotel.es`], // the longest mailbox name
      ['info@a.es', 'info@a.es'], // a one-letter label
      [EMAIL_254, EMAIL_254], // the longest address
    ];
    it.each(accepted)('%j as %j without an issue', (raw, value) => {
      expect(normaliseEmail(raw)).toEqual({ value, issues: [] });
    });

    it.each(['mailto: ', 'mailto: ?subject=x'])('treats the mailto: link %j, with no address, as absent', (raw) => {
      expect(normaliseEmail(raw)).toEqual({ value: null, issues: [] });
    });

    it.each(['info@hotel.es mailto:', 'info@hotel.es / otra@hotel.es'])('keeps the first address of %j and says so', (raw) => {
      expect(normaliseEmail(raw)).toEqual({
        value: 'info@hotel.es',
        issues: [{ field: 'email', code: 'extra-email-text', value: raw, detail: 'kept info@hotel.es, dropped the rest' }],
      });
    });
  });

  describe('normaliseEmail rejects', () => {
    const rejected: [unknown, string, string][] = [
      [42, 'wrong-type', 'expected a string'],
      ['see website', 'invalid-email', 'no email address in the text'],
      ['a@b@hotel.es', 'invalid-email', 'more than one @'],
      ['info()@hotel.es', 'invalid-email', 'the part before @ is not a plain ASCII mailbox name'],
      [`l${LOCAL_64}@hotel.es`, 'invalid-email', 'the part before @ is not a plain ASCII mailbox name'],
      ['info@hotel..es', 'invalid-email', 'the domain is not a host name'],
      ['info@ho_tel.es', 'invalid-email', 'the domain is not a host name'], // an underscore is no host-name letter
      ['info@ho_tel.es1', 'invalid-email', 'the domain is not a host name'],
      ['info@1ho_tel.es', 'invalid-email', 'the domain is not a host name'],
      ['info@ho_tel', 'invalid-email', 'the domain is not a host name'],
      ['info@[]', 'invalid-email', 'the domain is not a host name'],
      ['info@[hotel.es]', 'invalid-email', 'the domain is not a host name'], // brackets hold an address literal only
      ['info@xn--a', 'invalid-email', 'the domain is not a host name'], // no valid A-label
      ['info@localhost', 'private-host', 'localhost is not a public domain'],
      ['info@192.0.2.1', 'ip-host', '192.0.2.1 is not a public domain'],
    ];
    it.each(rejected)('%j as %s: "%s"', (raw, code, detail) => {
      expect(normaliseEmail(raw)).toEqual({ value: null, issues: [{ field: 'email', code, value: String(raw), detail }] });
    });

    it('an address over 254 characters', () => {
      expect(EMAIL_255).toHaveLength(255);
      expect(normaliseEmail(EMAIL_255)).toEqual({
        value: null,
        issues: [expect.objectContaining({ field: 'email', code: 'invalid-email', detail: 'longer than 254 characters' })],
      });
    });
  });
});

describe('stray characters between the @ and the domain', () => {
  it('are dropped and the repair recorded: "info@|hostalsol.es" → "info@hostalsol.es"', () => {
    expect(normaliseEmail('info@|hostalsol.es ')).toEqual({
      value: 'info@hostalsol.es',
      issues: [{ field: 'email', code: 'stray-character-dropped', value: 'info@|hostalsol.es ', detail: 'read as info@hostalsol.es' }],
    });
    expect(normaliseEmail('reservas@:hostalsol.es').value).toBe('reservas@hostalsol.es');
    expect(normaliseEmail('reservas@|:hostalsol.es').value).toBe('reservas@hostalsol.es');
  });

  it('make the first address of several the one kept, both repairs recorded', () => {
    expect(normaliseEmail('info@|attur.es; reservas@attur.es')).toMatchObject({
      value: 'info@attur.es',
      issues: [{ code: 'stray-character-dropped' }, { code: 'extra-email-text' }],
    });
  });

  it('are not a hyphen or a dot, which may be a typo inside the name: "info@-hotel.es" stays invalid', () => {
    expect(normaliseEmail('info@-hotel.es')).toMatchObject({ value: null, issues: [{ code: 'invalid-email' }] });
    expect(normaliseEmail('info@.hotel.es')).toMatchObject({ value: null, issues: [{ code: 'invalid-email' }] });
  });

  it('never make an address of a text that has no domain after them', () => {
    expect(normaliseEmail('info@|').value).toBeNull();
    expect(normaliseEmail('info@|.es').value).toBeNull();
  });

  it('leave a doubled top-level domain dropped, with the issue', () => {
    expect(normaliseEmail('reservas@hotelsol.comcom')).toMatchObject({ value: null, issues: [{ field: 'email', code: 'unknown-suffix' }] });
  });
});
