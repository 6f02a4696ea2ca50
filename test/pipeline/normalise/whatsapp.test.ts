// pipeline/normalise/whatsapp.ts: its rules input → output, then the edges mutation testing found.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../model/countries.ts';
import type { ParsedPhone } from '../../../pipeline/normalise/phones.ts';
import { isWhatsappEligible, parseWhatsappCheck, type WhatsappCheck } from '../../../pipeline/normalise/whatsapp.ts';
import type { CountryCode } from '../../../model/place.ts';

describe('parseWhatsappCheck', () => {
  const valid: [CountryCode, unknown, WhatsappCheck][] = [
    ['es', { phone: '612 345 678', reachable: true }, { e164: '+34612345678', reachable: true }],
    ['es', { phone: '+34 912 345 678', reachable: false }, { e164: '+34912345678', reachable: false }],
    ['gb', { phone: '07911 123456', reachable: 'true' }, { e164: '+447911123456', reachable: true }],
    ['fr', { phone: '06 12 34 56 78', reachable: ' FALSE ' }, { e164: '+33612345678', reachable: false }],
    ['pt', { phone: '(+351) 912 345 678', reachable: 'True' }, { e164: '+351912345678', reachable: true }],
  ];
  it.each(valid)('in %s reads %j', (country, raw, expected) => {
    expect(parseWhatsappCheck(raw, COUNTRIES[country])).toEqual({ value: expected, issues: [] });
  });

  it.each([undefined, null, '', {}, { phone: null, reachable: null }])('treats %j as no check, without an issue', (raw) => {
    expect(parseWhatsappCheck(raw, COUNTRIES.es)).toEqual({ value: null, issues: [] });
  });

  const bad: [unknown, string][] = [
    ['612 345 678', 'wrong-type'],
    [42, 'wrong-type'],
    [true, 'wrong-type'],
    [[{ phone: '612 345 678', reachable: true }], 'wrong-type'],
    [{ reachable: true }, 'invalid-phone'],
    [{ phone: 612345678, reachable: true }, 'invalid-phone'],
    [{ phone: '922', reachable: true }, 'invalid-phone'],
    [{ phone: '612 345 678' }, 'invalid-reachable'],
    [{ phone: '612 345 678', reachable: 'yes' }, 'invalid-reachable'],
    [{ phone: '612 345 678', reachable: 1 }, 'invalid-reachable'],
  ];
  it.each(bad)('rejects %j with %s', (raw, code) => {
    const result = parseWhatsappCheck(raw, COUNTRIES.es);
    expect(result.value).toBeNull();
    expect(result.issues).toEqual([expect.objectContaining({ field: 'whatsappCheck', code })]);
  });
});

describe('isWhatsappEligible', () => {
  const mobile: ParsedPhone = { e164: '+34612345678', phoneType: 'mobile' };
  const landline: ParsedPhone = { e164: '+34912345678', phoneType: 'landline' };
  const other: ParsedPhone = { e164: '+34900123456', phoneType: 'other' };
  const cases: [string, ParsedPhone, WhatsappCheck | null, boolean][] = [
    ['a mobile without a check', mobile, null, true],
    ['a landline without a check', landline, null, false],
    ['an "other" number without a check', other, null, false],
    ['a mobile the check finds unreachable', mobile, { e164: '+34612345678', reachable: false }, false],
    ['a landline the check finds reachable', landline, { e164: '+34912345678', reachable: true }, true],
    ['a mobile whose check is for another number', mobile, { e164: '+34912345678', reachable: false }, true],
    ['a landline whose check is for another number', landline, { e164: '+34612345678', reachable: true }, false],
  ];
  it.each(cases)('%s', (_name, phone, check, expected) => {
    expect(isWhatsappEligible(phone, check)).toBe(expected);
  });
});

// WhatsApp check edges the main tests leave open: each issue's detail, and empty texts read as "no check".
describe('edge cases', () => {
  describe('parseWhatsappCheck', () => {
    const rejected: [unknown, string, string][] = [
      ['612 345 678', 'wrong-type', 'expected an object {phone, reachable}'],
      [{ reachable: true }, 'invalid-phone', 'the check names no phone'],
      [{ phone: '922', reachable: true }, 'invalid-phone', 'the checked phone "922" is not a valid number'],
      [{ phone: '612 345 678', reachable: 'yes' }, 'invalid-reachable', 'reachable must be true or false'],
    ];
    it.each(rejected)('rejects %j as %s: "%s"', (raw, code, detail) => {
      expect(parseWhatsappCheck(raw, COUNTRIES.es)).toEqual({
        value: null,
        issues: [{ field: 'whatsappCheck', code, value: typeof raw === 'string' ? raw : JSON.stringify(raw), detail }],
      });
    });

    it.each([[{ phone: '', reachable: '' }], [{ phone: '', reachable: null }]])('reads %j as no check, without an issue', (raw) => {
      expect(parseWhatsappCheck(raw, COUNTRIES.es)).toEqual({ value: null, issues: [] });
    });
  });
});
