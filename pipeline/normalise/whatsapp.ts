// Reads the provider's optional WhatsApp reachability check and decides each number's whatsappEligible.
import type { Country } from '../../model/countries.ts';
import { issue, type IssueCode, type Normalised } from './issues.ts';
import { parsePhone, type ParsedPhone } from './phones.ts';

export interface WhatsappCheck {
  e164: string;
  reachable: boolean;
}

/**
 * Reads `{"phone": "...", "reachable": true}`; `reachable` may also be the string "true"/"false".
 * Absent, null, "" or an object with neither field → null without an issue (no check was made).
 */
export function parseWhatsappCheck(raw: unknown, country: Country): Normalised<WhatsappCheck | null> {
  if (raw === undefined || raw === null || raw === '') return { value: null, issues: [] };
  if (typeof raw !== 'object' || Array.isArray(raw)) return fail('wrong-type', raw, 'expected an object {phone, reachable}');
  const { phone, reachable } = raw as Record<string, unknown>;
  if (isAbsent(phone) && isAbsent(reachable)) return { value: null, issues: [] };
  if (typeof phone !== 'string') return fail('invalid-phone', raw, 'the check names no phone');
  const parsed = parsePhone(phone, country).value;
  if (parsed === null) return fail('invalid-phone', raw, `the checked phone "${phone}" is not a valid number`);
  const flag = readBoolean(reachable);
  if (flag === null) return fail('invalid-reachable', raw, 'reachable must be true or false');
  return { value: { e164: parsed.e164, reachable: flag }, issues: [] };
}

/** The data rules: the check's verdict where it is for this very number (E.164), else "is a valid mobile". */
export function isWhatsappEligible(phone: ParsedPhone, check: WhatsappCheck | null): boolean {
  if (check !== null && check.e164 === phone.e164) return check.reachable;
  return phone.phoneType === 'mobile';
}

function readBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  return null;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function fail(code: IssueCode, raw: unknown, detail: string): Normalised<null> {
  return { value: null, issues: [issue('whatsappCheck', code, raw, detail)] };
}
