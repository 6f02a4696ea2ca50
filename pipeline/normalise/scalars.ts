// Small listing fields read leniently from provider JSON: free text, provider id, verified flag, crawl time, business status.
import { issue, type IssueField, type Normalised } from './issues.ts';
import { decodeText } from './decode-text.ts';
import { WORDS } from './language-words.ts';

export type BusinessStatus = 'OPERATIONAL' | 'CLOSED_TEMPORARILY' | 'CLOSED_PERMANENTLY';

const BUSINESS_STATUSES: readonly BusinessStatus[] = ['OPERATIONAL', 'CLOSED_TEMPORARILY', 'CLOSED_PERMANENTLY'];

/** Zero-width characters and BOMs hide inside copied text and would make equal names compare unequal. */
const INVISIBLE = /[\u200B\u200C\u200D\u2060\uFEFF\u00AD]/g;
// Control characters other than the whitespace ones, which become spaces instead.
const CONTROL = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/g;

/**
 * What cleanText would change: a control or invisible character, whitespace other than a space, two spaces in a row, or
 * a space at either end. Text without any is returned as it is.
 */
const UNCLEAN = /[\u0000-\u001F\u007F-\u009F\u00AD\u200B-\u200D\u2060\uFEFF]|[^\S ]|  |^ | $/;

// yes / no in every language (data/labels/words/<lang>.json).
const TRUE_WORDS: ReadonlySet<string> = new Set(WORDS.yes);
const FALSE_WORDS: ReadonlySet<string> = new Set(WORDS.no);

export function isMissing(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

/** Trims, removes control and invisible characters, and collapses every run of whitespace (NBSP included) to one space. */
export function cleanText(text: string): string {
  if (!UNCLEAN.test(text)) return text;
  return text.replace(CONTROL, '').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** Free text (names, address parts): HTML references decoded and markup dropped first, then cleaned. */
export function normaliseText(raw: unknown, field: IssueField): Normalised<string | null> {
  if (isMissing(raw)) return { value: null, issues: [] };
  if (typeof raw === 'number' && Number.isFinite(raw)) return { value: String(raw), issues: [] };
  if (typeof raw !== 'string') return { value: null, issues: [issue(field, 'wrong-type', raw, `expected text, got ${describeType(raw)}`)] };
  const text = cleanText(decodeText(raw));
  return { value: text === '' ? null : text, issues: [] };
}

/** Whether the id is absent is for the publication status to decide: this only reports an unusable type. */
export function normaliseProviderId(raw: unknown): Normalised<string | null> {
  if (isMissing(raw)) return { value: null, issues: [] };
  if (typeof raw === 'number' && Number.isFinite(raw)) return { value: String(raw), issues: [] };
  if (typeof raw !== 'string') {
    return { value: null, issues: [issue('providerId', 'wrong-type', raw, `expected text, got ${describeType(raw)}`)] };
  }
  return { value: raw.trim(), issues: [] };
}

export function parseVerified(raw: unknown): Normalised<boolean> {
  if (isMissing(raw)) return { value: false, issues: [] };
  if (typeof raw === 'boolean') return { value: raw, issues: [] };
  if (typeof raw === 'number' || typeof raw === 'string') {
    const word = String(raw).trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return { value: true, issues: [] };
    if (FALSE_WORDS.has(word)) return { value: false, issues: [] };
    return { value: false, issues: [issue('verified', 'unreadable-boolean', raw, 'not a yes/no value; read as false')] };
  }
  return { value: false, issues: [issue('verified', 'wrong-type', raw, `expected a boolean, got ${describeType(raw)}`)] };
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** A date-time without an offset is read as UTC, so the result never depends on the importing machine's zone. */
export function parseCrawledAt(raw: unknown): Normalised<string | null> {
  if (isMissing(raw)) return { value: null, issues: [] };
  if (typeof raw !== 'string') {
    return { value: null, issues: [issue('crawledAt', 'wrong-type', raw, `expected an ISO 8601 string, got ${describeType(raw)}`)] };
  }
  const invalid = () => ({ value: null, issues: [issue('crawledAt', 'invalid-date', raw, 'not an ISO 8601 date or date-time')] });
  const match = ISO_DATE_TIME.exec(raw.trim());
  if (match === null) return invalid();
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone = 'Z'] = match;
  if (!isCalendarDate(Number(year), Number(month), Number(day)) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) {
    return invalid();
  }
  const millis = fraction.padEnd(3, '0').slice(0, 3);
  // In UTC the normalised text can be written directly: no Date round trip on the import's hot path (the regex
  // guarantees four-digit years, which toISOString would write the same way).
  if (zone.toUpperCase() === 'Z') return { value: `${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}Z`, issues: [] };
  const offset = formatOffset(zone);
  const time = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}${offset}`);
  if (Number.isNaN(time)) return invalid();
  return { value: new Date(time).toISOString(), issues: [] };
}

export function parseBusinessStatus(raw: unknown): Normalised<BusinessStatus | null> {
  if (isMissing(raw)) return { value: null, issues: [] };
  if (typeof raw !== 'string') {
    return { value: null, issues: [issue('businessStatus', 'wrong-type', raw, `expected text, got ${describeType(raw)}`)] };
  }
  const key = cleanText(raw).toUpperCase().replace(/[\s-]+/g, '_');
  const status = BUSINESS_STATUSES.find((known) => known === key);
  if (status === undefined) return { value: null, issues: [issue('businessStatus', 'unknown-business-status', raw)] };
  return { value: status, issues: [] };
}

export function describeType(raw: unknown): string {
  if (raw === null) return 'null';
  if (Array.isArray(raw)) return 'an array';
  return typeof raw === 'object' ? 'an object' : `a ${typeof raw}`;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

function formatOffset(zone: string): string {
  const digits = zone.replace(':', '');
  return `${digits.slice(0, 3)}:${digits.slice(3, 5) || '00'}`;
}
