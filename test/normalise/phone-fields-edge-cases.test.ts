// Phone field edges the main tests leave open: each issue's detail, wrong types in phone and phones, the additional-phone cap.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../model/countries.ts';
import { normalisePhoneFields } from '../../pipeline/normalise/phone-fields.ts';

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
