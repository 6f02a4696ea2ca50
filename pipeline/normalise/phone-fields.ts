// Turns a listing's phone, phones and whatsappCheck into the Place's phone fields (docs/data-rules.md, phones).
import type { Country } from '../../model/countries.ts';
import { MAX_ADDITIONAL_PHONES } from '../../model/limits.ts';
import type { PhoneRecord, PhoneType } from '../../model/place.ts';
import { issue, type Issue, type Normalised } from './issues.ts';
import { parsePhone, splitPhoneText, type ParsedPhone } from './phones.ts';
import { isWhatsappEligible, parseWhatsappCheck } from './whatsapp.ts';

export interface PhoneFields {
  phone: string | null;
  phoneType: PhoneType | null;
  whatsappEligible: boolean;
  additionalPhones: PhoneRecord[];
  /** Every valid distinct E.164, primary first, including any beyond the cap: the suppression list checks them all. */
  allPhones: string[];
}

export interface RawPhoneFields {
  phone: unknown;
  phones: unknown;
  whatsappCheck: unknown;
}

/**
 * The primary phone is the first valid number in provider order (`phone`, then `phones` items; each text
 * may hold several numbers); the other valid distinct numbers (by E.164) follow as additionalPhones.
 */
export function normalisePhoneFields(raw: RawPhoneFields, country: Country): Normalised<PhoneFields> {
  const issues: Issue[] = [];
  const check = parseWhatsappCheck(raw.whatsappCheck, country);
  issues.push(...check.issues);

  const valid: ParsedPhone[] = [];
  const seen = new Set<string>();
  for (const text of collectPhoneTexts(raw, issues)) {
    const pieces = splitPhoneText(text);
    // Text with no digits at all ("ask at reception") is still a phone that could not be published.
    if (pieces.length === 0 && text.trim() !== '') issues.push(issue('phone', 'invalid-phone', text, 'no digits'));
    for (const piece of pieces) {
      const parsed = parsePhone(piece, country);
      issues.push(...parsed.issues);
      if (parsed.value === null) continue;
      if (seen.has(parsed.value.e164)) {
        issues.push(issue('phone', 'duplicate-phone', piece, `${parsed.value.e164} is already listed`));
        continue;
      }
      seen.add(parsed.value.e164);
      valid.push(parsed.value);
    }
  }

  const primary = valid[0];
  const others = valid.slice(1);
  const kept = others.slice(0, MAX_ADDITIONAL_PHONES);
  const dropped = others.length - kept.length;
  if (dropped > 0) {
    issues.push(issue('phone', 'too-many-phones', String(dropped), `${dropped} numbers beyond the ${MAX_ADDITIONAL_PHONES} additional phones dropped`));
  }
  const toRecord = (phone: ParsedPhone): PhoneRecord => ({
    phone: phone.e164,
    phoneType: phone.phoneType,
    whatsappEligible: isWhatsappEligible(phone, check.value),
  });
  const value: PhoneFields = {
    phone: primary?.e164 ?? null,
    phoneType: primary?.phoneType ?? null,
    whatsappEligible: primary === undefined ? false : isWhatsappEligible(primary, check.value),
    additionalPhones: kept.map(toRecord),
    allPhones: valid.map((phone) => phone.e164),
  };
  return { value, issues };
}

// Provider order: `phone`, then `phones`. A lone string in `phones` is read as a list of one.
function collectPhoneTexts(raw: RawPhoneFields, issues: Issue[]): string[] {
  const texts: string[] = [];
  if (typeof raw.phone === 'string') texts.push(raw.phone);
  else if (raw.phone !== undefined && raw.phone !== null) {
    issues.push(issue('phone', 'wrong-type', raw.phone, 'phone must be a string'));
  }
  const items = typeof raw.phones === 'string' ? [raw.phones] : raw.phones;
  if (Array.isArray(items)) {
    for (const item of items) {
      if (typeof item === 'string') texts.push(item);
      else if (item !== null && item !== undefined) issues.push(issue('phone', 'invalid-phone', item, 'phones items must be strings'));
    }
  } else if (items !== undefined && items !== null) {
    issues.push(issue('phone', 'wrong-type', items, 'phones must be a list of strings'));
  }
  return texts;
}
