// pipeline/normalise/phone-fields.ts: its rules input → output, then the edges mutation testing found.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../model/countries.ts';
import { normalisePhoneFields, type RawPhoneFields } from '../../../pipeline/normalise/phone-fields.ts';
import type { CountryCode } from '../../../model/place.ts';

const none = { phone: undefined, phones: undefined, whatsappCheck: undefined };

function codes(raw: Partial<RawPhoneFields>, country: CountryCode = 'es'): string[] {
  return normalisePhoneFields({ ...none, ...raw }, COUNTRIES[country]).issues.map((found) => found.code);
}

describe('normalisePhoneFields', () => {
  const primaries: [CountryCode, Partial<RawPhoneFields>, string | null, string | null, boolean][] = [
    ['es', { phone: '+34 912 345 678' }, '+34912345678', 'landline', false],
    ['es', { phone: '612 345 678' }, '+34612345678', 'mobile', true],
    ['gb', { phone: '020 7946 0018' }, '+442079460018', 'landline', false],
    ['gb', { phone: '07911 123456' }, '+447911123456', 'mobile', true],
    ['fr', { phone: '01 42 68 53 00' }, '+33142685300', 'landline', false],
    ['fr', { phone: '06 12 34 56 78' }, '+33612345678', 'mobile', true],
    ['pt', { phone: '213 456 789' }, '+351213456789', 'landline', false],
    ['pt', { phone: '912 345 678' }, '+351912345678', 'mobile', true],
    ['es', { phone: '922', phones: ['612 345 678'] }, '+34612345678', 'mobile', true],
    ['es', { phones: ['922 31 40 36 / 612 345 678'] }, '+34922314036', 'landline', false],
    ['es', { phone: null, phones: [] }, null, null, false],
    ['es', {}, null, null, false],
    ['es', { phone: '922', phones: ['abc'] }, null, null, false],
  ];
  it.each(primaries)('in %s, %j → primary %s (%s), whatsappEligible %s', (country, raw, phone, phoneType, whatsappEligible) => {
    const { value } = normalisePhoneFields({ ...none, ...raw }, COUNTRIES[country]);
    expect({ phone: value.phone, phoneType: value.phoneType, whatsappEligible: value.whatsappEligible }).toEqual({
      phone,
      phoneType,
      whatsappEligible,
    });
  });

  it('keeps the other valid numbers in provider order as additionalPhones, each with its type and eligibility', () => {
    const { value, issues } = normalisePhoneFields(
      { phone: '922 31 40 36 / 922 63 16 33', phones: ['612 345 678', '+44 20 7946 0018'], whatsappCheck: null },
      COUNTRIES.es,
    );
    expect(value.phone).toBe('+34922314036');
    expect(value.additionalPhones).toEqual([
      { phone: '+34922631633', phoneType: 'landline', whatsappEligible: false },
      { phone: '+34612345678', phoneType: 'mobile', whatsappEligible: true },
      { phone: '+442079460018', phoneType: 'landline', whatsappEligible: false },
    ]);
    expect(value.allPhones).toEqual(['+34922314036', '+34922631633', '+34612345678', '+442079460018']);
    expect(issues).toEqual([]);
  });

  it('drops numbers already listed (compared in E.164), the primary included, with duplicate-phone', () => {
    const { value, issues } = normalisePhoneFields(
      { phone: '(+34) 91 553 50 67 /', phones: ['915535067', '612 345 678', '+34 612 34 56 78'], whatsappCheck: undefined },
      COUNTRIES.es,
    );
    expect(value.phone).toBe('+34915535067');
    expect(value.additionalPhones.map((record) => record.phone)).toEqual(['+34612345678']);
    expect(value.allPhones).toEqual(['+34915535067', '+34612345678']);
    expect(issues.map((found) => found.code)).toEqual(['duplicate-phone', 'duplicate-phone']);
  });

  it('keeps at most 20 additional phones and says how many it dropped', () => {
    const phones = Array.from({ length: 24 }, (_, i) => `612 345 ${String(600 + i)}`);
    const { value, issues } = normalisePhoneFields({ phone: '912 345 678', phones, whatsappCheck: undefined }, COUNTRIES.es);
    expect(value.additionalPhones).toHaveLength(20);
    expect(value.additionalPhones[19]?.phone).toBe('+34612345619');
    expect(value.allPhones).toHaveLength(25);
    expect(issues).toEqual([expect.objectContaining({ field: 'phone', code: 'too-many-phones', value: '4' })]);
  });

  it('applies the whatsappCheck to the number it names, and the mobile rule to the others', () => {
    const { value } = normalisePhoneFields(
      {
        phone: '912 345 678',
        phones: ['612 345 678', '612 345 679'],
        whatsappCheck: { phone: '+34 912 345 678', reachable: true },
      },
      COUNTRIES.es,
    );
    expect(value.whatsappEligible).toBe(true);
    expect(value.additionalPhones.map((record) => record.whatsappEligible)).toEqual([true, true]);

    const unreachable = normalisePhoneFields(
      { phone: '612 345 678', phones: undefined, whatsappCheck: { phone: '612345678', reachable: 'false' } },
      COUNTRIES.es,
    );
    expect(unreachable.value.whatsappEligible).toBe(false);
  });

  const reported: [Partial<RawPhoneFields>, string[]][] = [
    [{ phone: '922' }, ['invalid-phone']],
    [{ phone: '922 922 79 44 30 - 655 26 90 03' }, ['invalid-phone']],
    [{ phone: 915535067 }, ['wrong-type']],
    [{ phone: { number: '915535067' } }, ['wrong-type']],
    [{ phones: { 0: '915535067' } }, ['wrong-type']],
    [{ phones: 915535067 }, ['wrong-type']],
    [{ phones: ['612 345 678', 915535067, true, null] }, ['invalid-phone', 'invalid-phone']],
    [{ phone: '91 553 50 67 ext. 12' }, ['extension-dropped']],
    [{ phone: '612 345 678', whatsappCheck: 'yes' }, ['wrong-type']],
    [{ phone: '', phones: ['', '  '] }, []],
  ];
  it.each(reported)('reports %j as %j', (raw, expected) => {
    expect(codes(raw)).toEqual(expected);
  });

  it('reads a lone string in phones as a list of one', () => {
    const { value, issues } = normalisePhoneFields({ phone: null, phones: '612 345 678', whatsappCheck: null }, COUNTRIES.es);
    expect(value.phone).toBe('+34612345678');
    expect(issues).toEqual([]);
  });
});

// Phone field edges the main tests leave open: each issue's detail, wrong types in phone and phones, the additional-phone cap.
describe('edge cases', () => {
  const NONE = { phone: null, phoneType: null, whatsappEligible: false, additionalPhones: [], allPhones: [] };
  /** `count` distinct valid Spanish mobiles. */
  const mobiles = (count: number) => Array.from({ length: count }, (_, i) => `6000001${String(i).padStart(2, '0')}`);

  describe('normalisePhoneFields issue details', () => {
    it.each([
      [{ phone: 'ask at reception', phones: undefined }, [{ field: 'phone', code: 'invalid-phone', value: 'ask at reception', detail: 'no digits' }]],
      [{ phone: '   ', phones: [] }, []], // blank is absent, not invalid
      [{ phone: null, phones: null }, []], // null is absent, not a wrong type
      [{ phone: 42, phones: undefined }, [{ field: 'phone', code: 'wrong-type', value: '42', detail: 'phone must be a string' }]],
      [{ phone: null, phones: [7, null, undefined] }, [{ field: 'phone', code: 'invalid-phone', value: '7', detail: 'phones items must be strings' }]],
      [{ phone: null, phones: { a: 1 } }, [{ field: 'phone', code: 'wrong-type', value: '{"a":1}', detail: 'phones must be a list of strings' }]],
    ])('%j reports %j', (raw, issues) => {
      expect(normalisePhoneFields({ ...raw, whatsappCheck: undefined }, COUNTRIES.es)).toEqual({ value: NONE, issues });
    });

    it('reports a number listed twice once, with the number it repeats', () => {
      const result = normalisePhoneFields({ phone: '612 345 678', phones: ['612 345 678'], whatsappCheck: undefined }, COUNTRIES.es);
      expect(result.value.allPhones).toEqual(['+34612345678']);
      expect(result.issues).toEqual([{ field: 'phone', code: 'duplicate-phone', value: '612 345 678', detail: '+34612345678 is already listed' }]);
    });

    it('reads a lone string in phones as a list of one, split into its numbers', () => {
      const result = normalisePhoneFields({ phone: null, phones: '612 345 678 / 912 345 678', whatsappCheck: undefined }, COUNTRIES.es);
      expect(result).toEqual({
        value: {
          phone: '+34612345678',
          phoneType: 'mobile',
          whatsappEligible: true,
          additionalPhones: [{ phone: '+34912345678', phoneType: 'landline', whatsappEligible: false }],
          allPhones: ['+34612345678', '+34912345678'],
        },
        issues: [],
      });
    });
  });

  describe('normalisePhoneFields additional-phone cap (20)', () => {
    it('keeps a primary and 20 additional phones without an issue', () => {
      const result = normalisePhoneFields({ phone: null, phones: mobiles(21), whatsappCheck: undefined }, COUNTRIES.es);
      expect(result.value.additionalPhones).toHaveLength(20);
      expect(result.issues).toEqual([]);
    });

    it('drops the numbers beyond, says how many, and still lists them all for the suppression check', () => {
      const result = normalisePhoneFields({ phone: null, phones: mobiles(23), whatsappCheck: undefined }, COUNTRIES.es);
      expect(result.value.additionalPhones).toHaveLength(20);
      expect(result.value.allPhones).toHaveLength(23);
      expect(result.issues).toEqual([
        { field: 'phone', code: 'too-many-phones', value: '2', detail: '2 numbers beyond the 20 additional phones dropped' },
      ]);
    });
  });
});
