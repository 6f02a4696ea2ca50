// WhatsApp check edges the main tests leave open: each issue's detail, and empty texts read as "no check".
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../model/countries.ts';
import { parseWhatsappCheck } from '../../pipeline/normalise/whatsapp.ts';

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
