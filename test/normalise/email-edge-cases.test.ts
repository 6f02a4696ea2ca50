// Email rule edges the main email tests leave open: every issue's detail, mailto: forms, length bounds, host-name labels.
import { describe, expect, it } from 'vitest';
import { normaliseEmail } from '../../pipeline/normalise/email.ts';

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
