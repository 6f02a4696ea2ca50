// pipeline/normalise/phone-number-type.ts: the same type as libphonenumber-js's getType(), for every plan it meets.
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { phoneNumberType } from '../../../pipeline/normalise/phone-number-type.ts';
// Seeded, so a failure names a number that can be tried again.
import { mulberry32 as random } from '../../../pipeline/generate/prng.ts';

function digits(next: () => number, length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += String(Math.floor(next() * 10));
  return text;
}

/** Every number's own answer beside ours; the numbers that parsed. */
function compare(texts: string[], region?: Parameters<typeof parsePhoneNumberFromString>[1]): PhoneNumber[] {
  const parsed: PhoneNumber[] = [];
  for (const text of texts) {
    const number = parsePhoneNumberFromString(text, region);
    if (number === undefined) continue;
    parsed.push(number);
    expect([text, phoneNumberType(number)]).toEqual([text, number.getType()]);
  }
  return parsed;
}

describe('phoneNumberType', () => {
  it('answers as getType() for national numbers of the four countries, valid or not', () => {
    const next = random(34);
    for (const region of ['ES', 'GB', 'FR', 'PT'] as const) {
      const texts = Array.from({ length: 3000 }, () => digits(next, 6 + Math.floor(next() * 7)));
      const parsed = compare(texts, region);
      // The sample holds both kinds: a test that met only invalid numbers would prove nothing.
      expect(parsed.some((number) => number.getType() !== undefined)).toBe(true);
      expect(parsed.some((number) => number.getType() === undefined)).toBe(true);
    }
  });

  it('answers as getType() for every country and non-geographic calling code', () => {
    const next = random(7);
    const codes = new Set(getCountries().map((country) => getCountryCallingCode(country)));
    for (const code of ['800', '808', '870', '878', '881', '882', '883', '888', '979']) codes.add(code as never);
    const texts: string[] = [];
    for (const code of codes) for (let i = 0; i < 40; i += 1) texts.push(`+${code}${digits(next, 5 + Math.floor(next() * 9))}`);
    expect(compare(texts).length).toBeGreaterThan(texts.length / 2);
  });

  it("answers as getType() for each country's example mobile number, and its fixed-line-or-mobile plans", () => {
    const texts = Object.entries(examples).map(([country, national]) => `+${getCountryCallingCode(country as never)}${national}`);
    const parsed = compare(texts);
    expect(parsed.map((number) => phoneNumberType(number))).toContain('MOBILE');
    // The United States' mobile pattern is the fixed line's: the library answers FIXED_LINE_OR_MOBILE there.
    expect(compare(['+1 201 555 0123']).map((number) => phoneNumberType(number))).toEqual(['FIXED_LINE_OR_MOBILE']);
  });
});
