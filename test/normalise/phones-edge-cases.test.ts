// Phone rule edges the main phone tests leave open: issue details, upper-case words, invisible characters, piece tidying.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../model/countries.ts';
import { parsePhone, splitPhoneText } from '../../pipeline/normalise/phones.ts';

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
