// What a normaliser found wrong with a value: normalisers return these instead of throwing.

export type IssueField =
  | 'providerId'
  | 'name'
  | 'legalName'
  | 'address'
  | 'location'
  | 'phone'
  | 'email'
  | 'website'
  | 'sourceMapsUrl'
  | 'categories'
  | 'lodgingType'
  | 'rating'
  | 'reviewCount'
  | 'verified'
  | 'openingHours'
  | 'businessStatus'
  | 'whatsappCheck'
  | 'crawledAt';

export interface Issue {
  field: IssueField;
  /** kebab-case, stable: counted in reports, e.g. "invalid-phone", "private-host". */
  code: string;
  /** The offending input as published (truncated), for the report and `lodging explain`. */
  value?: string;
  /** A sentence for humans. */
  detail?: string;
  /** What the report counts this issue by, besides its code: a host, a suggested lodgingType. */
  group?: string;
}

/** A normaliser's answer: the value it could make (null when none) and what it found. */
export interface Normalised<T> {
  value: T;
  issues: Issue[];
}

export function issue(field: IssueField, code: string, value?: unknown, detail?: string): Issue {
  const out: Issue = { field, code };
  if (value !== undefined && value !== null) out.value = excerpt(value);
  if (detail !== undefined) out.detail = detail;
  return out;
}

function excerpt(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** Codes that record a repair (the value was kept, cleaned) rather than a value dropped. */
export const REPAIR_CODES: ReadonlySet<string> = new Set([
  'tracking-removed',
  'scheme-repaired',
  'extension-dropped',
  'extra-email-text',
  'duplicate-phone',
  'too-many-phones',
  'several-urls',
  'public-body',
  'city-tidied',
  'state-tidied',
  'city-from-full-address',
  'street-from-full-address',
  'postal-code-from-full-address',
]);

export function isRepair(code: string): boolean {
  return REPAIR_CODES.has(code);
}
