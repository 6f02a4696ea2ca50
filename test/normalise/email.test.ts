import { describe, expect, it } from 'vitest';
import { normaliseEmail } from '../../pipeline/normalise/email.ts';

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
    ['info@|attur.es; reservas@attur.es', 'reservas@attur.es'],
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
    ['info@|attur.es', 'invalid-email'],
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
