// pipeline/normalise/phones.ts: its rules input → output, then the edges mutation testing found.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../model/countries.ts';
import { parsePhone, splitPhoneText } from '../../../pipeline/normalise/phones.ts';
import type { CountryCode, PhoneType } from '../../../model/place.ts';

describe('parsePhone', () => {
  // Types as libphonenumber-js `max` metadata reports them.
  const valid: [CountryCode, string, string, PhoneType][] = [
    ['es', '+34 912 345 678', '+34912345678', 'landline'],
    ['es', '612 345 678', '+34612345678', 'mobile'],
    ['es', '900 123 456', '+34900123456', 'other'], // TOLL_FREE
    ['gb', '020 7946 0018', '+442079460018', 'landline'],
    ['gb', '028 9032 1234', '+442890321234', 'landline'],
    ['gb', '07911 123456', '+447911123456', 'mobile'],
    ['gb', '0800 123 4567', '+448001234567', 'other'], // TOLL_FREE
    ['fr', '01 42 68 53 00', '+33142685300', 'landline'],
    ['fr', '06 12 34 56 78', '+33612345678', 'mobile'],
    ['fr', '09 72 12 34 56', '+33972123456', 'other'], // VOIP
    ['pt', '213 456 789', '+351213456789', 'landline'],
    ['pt', '912 345 678', '+351912345678', 'mobile'],
    ['pt', '808 123 456', '+351808123456', 'other'], // SHARED_COST
  ];
  it.each(valid)('reads a %s number "%s" as %s (%s)', (country, raw, e164, phoneType) => {
    expect(parsePhone(raw, COUNTRIES[country])).toEqual({ value: { e164, phoneType }, issues: [] });
  });

  const formats: [string, string][] = [
    ['91 553 50 67', 'spaces'],
    ['915535067', 'no separators'],
    ['91.553.50.67', 'dots'],
    ['91-553-50-67', 'dashes'],
    ['(+34) 91 553 50 67', '"(+34)" prefix'],
    ['(+ 34) 91 553 50 67', '"(+ 34)" prefix'],
    ['(+34 ) 91 553 50 67', '"(+34 )" prefix'],
    ['(34) 91 5535067', '"(34)" prefix without plus'],
    ['0034 91 553 50 67', '00 international prefix'],
    ['+34 91 553 50 67', '+ country code'],
    ['tel:+34-91-553-50-67', 'tel: link'],
    ['tel:915535067', 'tel: link without country code'],
    ['(+34) 91 553 50 67 /', 'trailing slash'],
    ['  91 553 50 67  ', 'surrounding whitespace'],
    ['(+34) 91 553 50 67\uFEFF', 'byte-order mark'],
    ['Tel: 91 553 50 67', 'a leading label'],
  ];
  it.each(formats)('accepts "%s" (%s)', (raw) => {
    expect(parsePhone(raw, COUNTRIES.es)).toEqual({ value: { e164: '+34915535067', phoneType: 'landline' }, issues: [] });
  });

  it.each([
    '91 553 50 67 ext. 12',
    '91 553 50 67 x12',
    '91 553 50 67 ext 12',
    'tel:+34915535067;ext=12',
    '91 553 50 67 extensión 12',
    '91 553 50 67 (int. 4)',
    '+34 91 553 50 67 poste 12',
    '+34 91 553 50 67 ramal 3',
    '+34 91 553 50 67 extensão 3',
  ])(
    'drops the extension of "%s" and reports it',
    (raw) => {
      const result = parsePhone(raw, COUNTRIES.es);
      expect(result.value).toEqual({ e164: '+34915535067', phoneType: 'landline' });
      expect(result.issues).toEqual([expect.objectContaining({ field: 'phone', code: 'extension-dropped' })]);
    },
  );

  const foreign: [CountryCode, string, string, PhoneType][] = [
    ['es', '+44 20 7946 0018', '+442079460018', 'landline'],
    ['gb', '+34 612 345 678', '+34612345678', 'mobile'],
    ['fr', '00351 912 345 678', '+351912345678', 'mobile'],
    ['pt', '+33 1 42 68 53 00', '+33142685300', 'landline'],
    ['es', '+1 212 555 0100', '+12125550100', 'other'], // FIXED_LINE_OR_MOBILE
  ];
  it.each(foreign)('in %s accepts another country\'s number written with its code: "%s"', (country, raw, e164, phoneType) => {
    expect(parsePhone(raw, COUNTRIES[country]).value).toEqual({ e164, phoneType });
  });

  const invalid: [CountryCode, string][] = [
    ['es', '922'],
    ['es', '922 922 79 44 30'],
    ['es', '2.768212 60'],
    ['es', '40.1817899'],
    ['es', 'abc'],
    ['es', '-'],
    ['es', '9'.repeat(300)],
    ['gb', '07700 900123'], // Ofcom drama range: not a valid number
    ['gb', '91 553 50 67'], // a Spanish number without its code
    ['fr', '07 12 34 56 78'],
    ['pt', '123 456 789'],
  ];
  it.each(invalid)('in %s rejects "%s" as invalid-phone', (country, raw) => {
    const result = parsePhone(raw, COUNTRIES[country]);
    expect(result.value).toBeNull();
    expect(result.issues).toEqual([expect.objectContaining({ field: 'phone', code: 'invalid-phone' })]);
  });

  it.each(['', '   ', '\uFEFF'])('treats %j as absent, without an issue', (raw) => {
    expect(parsePhone(raw, COUNTRIES.es)).toEqual({ value: null, issues: [] });
  });
});

describe('splitPhoneText', () => {
  const cases: [string, string[]][] = [
    ['922 31 40 36 / 922 63 16 33', ['922 31 40 36', '922 63 16 33']],
    ['922 84 08 95 / 661 93 26 51 - 636 13 65 13.', ['922 84 08 95', '661 93 26 51', '636 13 65 13']],
    ['+34 922105858 / 922322351', ['+34 922105858', '922322351']],
    ['922 56 07 90 / 639 87 46 56 / 646 43 14 87 ', ['922 56 07 90', '639 87 46 56', '646 43 14 87']],
    ['91 553 50 67; 91 553 50 68', ['91 553 50 67', '91 553 50 68']],
    ['91 553 50 67, 91 553 50 68', ['91 553 50 67', '91 553 50 68']],
    ['91 553 50 67 – 91 553 50 68', ['91 553 50 67', '91 553 50 68']],
    ['+351 213 456 789 e 912 345 678', ['+351 213 456 789', '912 345 678']],
    ['01 42 68 53 00 ou 06 12 34 56 78', ['01 42 68 53 00', '06 12 34 56 78']],
    ['020 7946 0018 or 07911 123456', ['020 7946 0018', '07911 123456']],
    ['922 922 79 44 30 - 655 26 90 03', ['922 922 79 44 30', '655 26 90 03']],
  ];
  it.each(cases)('splits "%s" between complete numbers', (raw, expected) => {
    expect(splitPhoneText(raw)).toEqual(expected);
  });

  const single: [string, string][] = [
    ['91-553-50-67', '91-553-50-67'],
    ['91 - 553 50 67', '91 - 553 50 67'],
    ['91/553 50 67', '91/553 50 67'],
    ['(+34) 91 553 50 67 /', '(+34) 91 553 50 67'],
    ['922 79 22 64 - ', '922 79 22 64'],
    ['91 553 50 67 - ext 12', '91 553 50 67 - ext 12'],
    ['922', '922'],
  ];
  it.each(single)('keeps "%s" as one number', (raw, expected) => {
    expect(splitPhoneText(raw)).toEqual([expected]);
  });

  it.each(['', '   ', ' / ', ' - '])('finds no number in %j', (raw) => {
    expect(splitPhoneText(raw)).toEqual([]);
  });
});

// Phone rule edges the main phone tests leave open: issue details, upper-case words, invisible characters, piece tidying.
describe('edge cases', () => {
  describe('parsePhone issue details', () => {
    const cases: [string, string, string][] = [
      ['abc', 'invalid-phone', 'not a phone number (NOT_A_NUMBER)'],
      ['922', 'invalid-phone', '+34922 is not a valid number'],
      ['91 553 50 67 ext. 12', 'extension-dropped', 'extension 12 dropped'],
    ];
    it.each(cases)('reports "%s" as %s with the detail "%s"', (raw, code, detail) => {
      expect(parsePhone(raw, COUNTRIES.es).issues).toEqual([{ field: 'phone', code, value: raw, detail }]);
    });
  });

  describe('parsePhone extension words in capitals', () => {
    it.each([
      ['91 553 50 67 RAMAL 3', '3'],
      ['91 553 50 67 POSTE 12', '12'],
      ['91 553 50 67 INTERNO 4', '4'],
    ])('reads "%s" as the number with extension %s dropped', (raw, extension) => {
      expect(parsePhone(raw, COUNTRIES.es)).toEqual({
        value: { e164: '+34915535067', phoneType: 'landline' },
        issues: [{ field: 'phone', code: 'extension-dropped', value: raw, detail: `extension ${extension} dropped` }],
      });
    });
  });

  describe('splitPhoneText edges', () => {
    const cases: [string, string[]][] = [
      ['\uFEFF922 31 40 36 / 922 63 16 33', ['922 31 40 36', '922 63 16 33']], // byte-order mark dropped, not kept as text
      ['922 31 40 36 / \u200B922 63 16 33', ['922 31 40 36', '922 63 16 33']],
      ['  91 553 50 67', ['91 553 50 67']], // leading spaces trimmed
      ['636 13 65 13..', ['636 13 65 13']], // every trailing punctuation mark, not only the last
      ['922 79 22 64 -;', ['922 79 22 64']],
      ['020 7946 0018 OR 07911 123456', ['020 7946 0018', '07911 123456']], // joiners in any case
      ['922 31 40 36 Y 922 63 16 33', ['922 31 40 36', '922 63 16 33']],
      ['01 42 68 53 00 OU 06 12 34 56 78', ['01 42 68 53 00', '06 12 34 56 78']],
    ];
    it.each(cases)('splits %j into %j', (raw, expected) => {
      expect(splitPhoneText(raw)).toEqual(expected);
    });
  });
});

// Boundaries the first mutation run found unpinned (input → output only).
describe('mutation boundaries', () => {
  describe('splitting a phone text', () => {
    it('counts 0 as a digit: "910 000 000 / 600 000 000" is two numbers', () => {
      expect(splitPhoneText('910 000 000 / 600 000 000')).toEqual(['910 000 000', '600 000 000']);
    });
    it('counts 9 as a digit: "999 999 999 / 999 999 998" is two numbers', () => {
      expect(splitPhoneText('999 999 999 / 999 999 998')).toEqual(['999 999 999', '999 999 998']);
    });
    it('splits two pieces of exactly 6 digits each', () => {
      expect(splitPhoneText('123456 / 654321')).toEqual(['123456', '654321']);
    });
    it('keeps a 5-digit piece with its neighbour, on either side', () => {
      expect(splitPhoneText('12345 / 654321')).toEqual(['12345 / 654321']);
      expect(splitPhoneText('654321 / 12345')).toEqual(['654321 / 12345']);
    });
    it('drops pieces without digits', () => {
      expect(splitPhoneText('ask at reception / 910 000 000')).toEqual(['910 000 000']);
      expect(splitPhoneText('910 000 000 / reception / 600 000 000')).toEqual(['910 000 000', '600 000 000']);
      expect(splitPhoneText('no phone')).toEqual([]);
    });
    it('keeps a dash without spaces inside a number and drops trailing punctuation', () => {
      expect(splitPhoneText('91-553-50-67')).toEqual(['91-553-50-67']);
      expect(splitPhoneText('922 79 22 64 - 636 13 65 13.')).toEqual(['922 79 22 64', '636 13 65 13']);
    });
  });
});
