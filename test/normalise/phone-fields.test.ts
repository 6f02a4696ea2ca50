import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../model/countries.ts';
import { normalisePhoneFields, type RawPhoneFields } from '../../pipeline/normalise/phone-fields.ts';
import type { CountryCode } from '../../model/place.ts';

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
