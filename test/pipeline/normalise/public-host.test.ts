// Public-host edges the main tests leave open: brackets and spaces, odd IPv4 spellings, label shapes, the 253 bound, "internal".
import { describe, expect, it } from 'vitest';
import { checkPublicHost, registrableDomain } from '../../../pipeline/normalise/public-host.ts';

/** A public host name of exactly `length` characters (labels of at most 63). */
function hostOf(length: number): string {
  const last = length - (63 * 3 + 3) - 3; // three full labels and ".es"
  return ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(last), 'es'].join('.');
}

describe('checkPublicHost', () => {
  const cases: [string, string | null][] = [
    [' [::1] ', 'ip-host'], // spaces around a bracketed address
    ['0x7f.1', 'ip-host'], // an odd IPv4 spelling the host parser turns into 127.0.0.1
    ['010.0.0.1', 'ip-host'], // octal: 8.0.0.1
    ['1.2.3.256', 'invalid-host'], // a name ending in a number is an IPv4 address to the host parser, here out of range
    ['1.2.3.256.es', null], // …but a name ending in letters is a name
    ['[hotel.es', 'invalid-host'], // a bracket on one side only
    ['hotel.es]', 'invalid-host'],
    ['[hotel.es]', 'invalid-host'], // brackets around a name, not an IPv6 address
    ['[::1', 'invalid-host'], // half-bracketed addresses: the brackets come off only as a pair
    ['x::1]', 'invalid-host'],
    ['[::1x', 'invalid-host'],
    ['-hotel.es', 'invalid-host'],
    ['hotel-.es', 'invalid-host'],
    ['internal', 'reserved-host'],
    ['hotel.internal', 'reserved-host'],
    [hostOf(253), null],
    [hostOf(254), 'invalid-host'],
  ];
  it.each(cases)('%j → %j', (host, rejection) => {
    expect(checkPublicHost(host)).toBe(rejection);
  });

  it('reads a host with spaces and capitals as its lower-case registrable domain', () => {
    expect(registrableDomain(' WWW.Hotel.ES ')).toBe('hotel.es');
    expect(hostOf(253)).toHaveLength(253);
  });

  it('keeps an ß or a final ς as the host parser does (IDNA 2008), not as "ss" or "σ"', () => {
    expect(registrableDomain('www.straße.de')).toBe('xn--strae-oqa.de');
    expect(registrableDomain('ας.gr')).toBe('xn--mxa8a.gr');
  });
});
