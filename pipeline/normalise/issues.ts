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

/**
 * Every issue code, once, with what it records: `repair` (the value was kept, cleaned) or `drop` (the value was
 * dropped, or only flagged). Kebab-case and stable: reports count issues by these codes.
 */
export const ISSUE_CODES = {
  'wrong-type': 'drop',
  'too-long': 'drop',
  'out-of-range': 'drop',
  'not-an-integer': 'drop',
  'unreadable-number': 'drop',
  'unreadable-boolean': 'drop',
  'unreadable-hours': 'drop',
  'invalid-date': 'drop',
  'invalid-phone': 'drop',
  'invalid-reachable': 'drop',
  'invalid-email': 'drop',
  'invalid-city': 'drop',
  'unparseable-url': 'drop',
  'bad-scheme': 'drop',
  'bad-port': 'drop',
  'user-info': 'drop',
  'ip-host': 'drop',
  'private-host': 'drop',
  'reserved-host': 'drop',
  'unknown-suffix': 'drop',
  'invalid-host': 'drop',
  'third-party': 'drop',
  'shared-portal-host': 'drop',
  'not-maps-host': 'drop',
  'zero-location': 'drop',
  'incomplete-location': 'drop',
  'outside-country': 'drop',
  'foreign-country': 'drop',
  'unknown-country': 'drop',
  'unknown-business-status': 'drop',
  'too-many-labels': 'drop',
  'name-suggests': 'drop',
  'city-far-from-location': 'drop',
  'postal-code-contradicts-city': 'drop',
  'tracking-removed': 'repair',
  'scheme-repaired': 'repair',
  'extension-dropped': 'repair',
  'extra-email-text': 'repair',
  'stray-character-dropped': 'repair',
  'duplicate-phone': 'repair',
  'too-many-phones': 'repair',
  'several-urls': 'repair',
  'public-body': 'repair',
  'article-moved': 'repair',
  'city-tidied': 'repair',
  'state-tidied': 'repair',
  'city-from-full-address': 'repair',
  'city-from-gazetteer': 'repair',
  'city-official-name': 'repair',
  'state-from-postal-code': 'repair',
  'street-from-full-address': 'repair',
  'postal-code-from-full-address': 'repair',
  'postal-code-repaired': 'repair',
  'street-prose-dropped': 'repair',
  'street-is-town-and-postal-code': 'repair',
  'street-word-alone': 'drop',
  'street-label-dropped': 'repair',
  'street-postal-town-dropped': 'repair',
  'street-name-dropped': 'repair',
} as const satisfies Record<string, 'repair' | 'drop'>;

export type IssueCode = keyof typeof ISSUE_CODES;

export interface Issue {
  field: IssueField;
  /** One of ISSUE_CODES, e.g. "invalid-phone", "private-host". */
  code: IssueCode;
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

export function issue(field: IssueField, code: IssueCode, value?: unknown, detail?: string): Issue {
  const out: Issue = { field, code };
  if (value !== undefined && value !== null) out.value = excerpt(value);
  if (detail !== undefined) out.detail = detail;
  return out;
}

function excerpt(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** The codes that record a repair, read from ISSUE_CODES. */
export const REPAIR_CODES: ReadonlySet<string> = new Set(Object.entries(ISSUE_CODES).flatMap(([code, kind]) => (kind === 'repair' ? [code] : [])));

export function isRepair(code: string): boolean {
  return REPAIR_CODES.has(code);
}
