// Numbers as providers write them in each language ("4,5", "1.234", "1 910", "1,234"), and the rating and review count built on them.
import { MAX_RATING, MIN_RATING } from '../../model/limits.ts';
import type { Language } from '../../model/countries.ts';
import { alternation, WORDS } from './language-words.ts';
import { issue, type Normalised } from './issues.ts';
import { describeType, isMissing } from './scalars.ts';

/**
 * How to read one separator followed by exactly three digits ("1.234", "1,234"), the only ambiguous shape:
 * - `language`: the language's thousands separator makes it thousands, the other one a decimal;
 * - `decimal`: always a decimal (a rating is never in the thousands);
 * - `count`: always thousands (a count is never fractional).
 */
export type NumberReading = 'language' | 'decimal' | 'count';

const THOUSANDS_SEPARATOR: Record<Language, '.' | ','> = { es: '.', pt: '.', fr: '.', en: ',' };

/** Spaces of every width (NBSP, narrow NBSP, thin space) group thousands in French and elsewhere. */
const GROUPING_SPACE = /[\s\u00A0\u202F\u2009\u2007']/;

export function parseLocaleNumber(raw: unknown, language: Language, reading: NumberReading = 'language'): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim().replace(/^\+/, '').replace(/^[\u2212\u2013]/, '-');
  const sign = text.startsWith('-') ? -1 : 1;
  const body = text.replace(/^-/, '');
  if (!/^\d[\d\s\u00A0\u202F\u2009\u2007'.,]*$|^[.,]\d+$/.test(body)) return null;
  const plain = GROUPING_SPACE.test(body) ? fromSpaceGrouped(body) : toPlainDecimal(body, language, reading);
  if (plain === null) return null;
  const value = sign * Number(plain);
  return Number.isFinite(value) ? value : null;
}

/** Ratings run 0–5; any single separator before the last digits is the decimal one, whatever the language. */
export function parseRating(raw: unknown, language: Language): Normalised<number | null> {
  if (isMissing(raw)) return { value: null, issues: [] };
  if (typeof raw !== 'number' && typeof raw !== 'string') {
    return { value: null, issues: [issue('rating', 'wrong-type', raw, `expected a number, got ${describeType(raw)}`)] };
  }
  const text = typeof raw === 'string' ? raw.trim().replace(/\s*(?:\/\s*5|★|⭐)$/u, '') : raw;
  const value = parseLocaleNumber(text, language, 'decimal');
  if (value === null) return { value: null, issues: [issue('rating', 'unreadable-number', raw)] };
  if (value < MIN_RATING || value > MAX_RATING) {
    return { value: null, issues: [issue('rating', 'out-of-range', raw, `a rating runs from ${MIN_RATING} to ${MAX_RATING}`)] };
  }
  return { value, issues: [] };
}

// reviewWords and thousandWords come from data/labels/words/<lang>.json.
const REVIEW_WORDS = new RegExp(String.raw`\s*(?:${alternation(WORDS.reviewWords)})$`, 'iu');
const THOUSAND_SUFFIX = new RegExp(String.raw`\s*(?:${alternation(WORDS.thousandWords)})$`, 'iu');

function unbracket(text: string): string {
  return text.replace(/^\((.*)\)$/u, '$1').trim();
}

/** Abbreviated counts ("1,2k", "12 k", "3 mil") are read at face value: the provider shows no more precision. */
export function parseReviewCount(raw: unknown, language: Language): Normalised<number | null> {
  if (isMissing(raw)) return { value: null, issues: [] };
  if (typeof raw !== 'number' && typeof raw !== 'string') {
    return { value: null, issues: [issue('reviewCount', 'wrong-type', raw, `expected a number, got ${describeType(raw)}`)] };
  }
  let value: number | null;
  if (typeof raw === 'number') {
    value = Number.isFinite(raw) ? raw : null;
  } else {
    // Brackets around the whole, then the review word, then brackets around what is left: "(35 reseñas)" and
    // "(35) reseñas" both read 35.
    const text = unbracket(unbracket(raw.trim()).replace(REVIEW_WORDS, ''));
    const thousands = THOUSAND_SUFFIX.test(text);
    const number = parseLocaleNumber(text.replace(THOUSAND_SUFFIX, ''), language, thousands ? 'decimal' : 'count');
    value = number === null ? null : thousands ? Math.round(number * 1000) : number;
  }
  if (value === null) return { value: null, issues: [issue('reviewCount', 'unreadable-number', raw)] };
  if (!Number.isInteger(value)) return { value: null, issues: [issue('reviewCount', 'not-an-integer', raw, 'a review count is a whole number')] };
  if (value < 0 || !Number.isSafeInteger(value)) {
    return { value: null, issues: [issue('reviewCount', 'out-of-range', raw, 'a review count is a non-negative integer')] };
  }
  return { value, issues: [] };
}

/** "1.234,5" / "1,234.5" / "1234" → "1234.5"-style text for Number(), or null when the grouping is inconsistent. */
function toPlainDecimal(text: string, language: Language, reading: NumberReading): string | null {
  const separators = text.replace(/\d/g, '');
  if (separators === '') return text;
  const last = text.search(/[.,][^.,]*$/);
  const lastSeparator = text[last] as '.' | ',';
  const head = text.slice(0, last);
  const tail = text.slice(last + 1);
  const kinds = new Set(separators);
  if (kinds.size === 2) {
    // Both kinds: the last one is the decimal separator, the other groups thousands.
    if (head.includes(lastSeparator) || !hasThousandsGroups(head.split(/[.,]/))) return null;
    return `${head.replace(/[.,]/g, '')}.${tail}`;
  }
  if (separators.length > 1) {
    // The same separator several times can only group thousands.
    return hasThousandsGroups(text.split(lastSeparator)) ? text.replace(/[.,]/g, '') : null;
  }
  if (head === '') return `0.${tail}`;
  if (tail === '') return null;
  const thousands =
    tail.length === 3 &&
    head.length <= 3 &&
    !head.startsWith('0') &&
    (reading === 'count' || (reading === 'language' && THOUSANDS_SEPARATOR[language] === lastSeparator));
  return thousands ? `${head}${tail}` : `${head}.${tail}`;
}

/** Space-grouped thousands ("1 910", "12 345,5"): whichever separator follows the last group is the decimal one. */
function fromSpaceGrouped(text: string): string | null {
  const groups = text.split(/[\s\u00A0\u202F\u2009\u2007']+/);
  const last = /^(\d{3})(?:[.,](\d+))?$/.exec(groups.pop() ?? '');
  if (last === null || !hasThousandsGroups(groups)) return null;
  const fraction = last[2] === undefined ? '' : `.${last[2]}`;
  return `${groups.join('')}${last[1]}${fraction}`;
}

/** "1", "234", "567": a first group of one to three digits, then groups of exactly three. */
function hasThousandsGroups(groups: string[]): boolean {
  return groups.every((group, index) => (index === 0 ? /^\d{1,3}$/.test(group) : /^\d{3}$/.test(group)));
}
