// Parses one published phone text into E.164 and a phone type; splits texts that hold several numbers.
import { parsePhoneNumberWithError, type NumberType, type PhoneNumber } from 'libphonenumber-js/max';
import type { Country } from '../../model/countries.ts';
import type { PhoneType } from '../../model/place.ts';
import { issue, type Normalised } from './issues.ts';
import { alternation, WORDS } from './language-words.ts';
import { phoneNumberType } from './phone-number-type.ts';

export interface ParsedPhone {
  e164: string;
  phoneType: PhoneType;
}

/** A piece with fewer digits than this is not a number of its own but part of its neighbour ("91 - 553 50 67"). */
const MIN_DIGITS_OF_A_NUMBER = 6;

// Between two numbers: slashes, semicolons, commas, pipes, line breaks, a spaced dash ("922 … - 636 …")
// or a spaced "or"/"and" in the four languages. A dash without spaces belongs to the number ("91-553-50-67").
const SEPARATOR = new RegExp(String.raw`(\s*[/;,|\r\n]+\s*|\s+[-‐‑–—]+\s+|\s+(?:${alternation(WORDS.phoneJoiners)})\s+)`, 'iu');

// Byte-order marks and zero-width characters arrive glued to numbers copied from office documents.
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;

// Extension words the library does not know, in the four languages (phoneExtensions): rewritten to "ext." before parsing.
const EXTENSION_WORD = new RegExp(String.raw`\s*[,;(]?\s*(?:${alternation(WORDS.phoneExtensions)})\s*:?\s*(?=\d{1,6}\)?\s*$)`, 'iu');

/**
 * The library's options for a default region, made once per region: given as an object, not as the region's code, the
 * arguments reach the parser as they are, without the library copying them into a new options object for every number.
 */
const PARSE_OPTIONS = new Map<Country['phoneRegion'], { defaultCountry: Country['phoneRegion'] }>();
function parseOptionsFor(region: Country['phoneRegion']): { defaultCountry: Country['phoneRegion'] } {
  let options = PARSE_OPTIONS.get(region);
  if (options === undefined) PARSE_OPTIONS.set(region, (options = { defaultCountry: region }));
  return options;
}

/**
 * Parses a phone as published, the listing's country as default region. libphonenumber-js already reads
 * spaces, dots, dashes, "(+34)", "00" prefixes, "tel:" links, extensions and trailing junk; the extension
 * is dropped (E.164 has none) and reported as `extension-dropped`.
 */
export function parsePhone(raw: string, country: Country): Normalised<ParsedPhone | null> {
  const text = raw.replace(INVISIBLE, '').trim().replace(EXTENSION_WORD, ' ext. ');
  if (text === '') return { value: null, issues: [] };
  let parsed: PhoneNumber;
  try {
    parsed = parsePhoneNumberWithError(text, parseOptionsFor(country.phoneRegion));
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unreadable';
    return invalidPhone(raw, `not a phone number (${reason})`);
  }
  // With `max` metadata a number is valid exactly when it has a type (libphonenumber-js isValid does the same
  // lookup): one type test instead of isValid() + getType() halves the pattern matching on the hot path, and the
  // type's patterns are compiled once per numbering plan, not for every number.
  const type = phoneNumberType(parsed);
  if (type === undefined) return invalidPhone(raw, `${parsed.number} is not a valid number`);
  const issues = parsed.ext === undefined ? [] : [issue('phone', 'extension-dropped', raw, `extension ${parsed.ext} dropped`)];
  return { value: { e164: parsed.number, phoneType: phoneTypeOf(type) }, issues };
}

/** The data rules: MOBILE → mobile, FIXED_LINE → landline, anything else (FIXED_LINE_OR_MOBILE, VOIP, TOLL_FREE…) → other. */
export function phoneTypeOf(type: NumberType): PhoneType {
  if (type === 'MOBILE') return 'mobile';
  if (type === 'FIXED_LINE') return 'landline';
  return 'other';
}

/**
 * Splits one published text holding several numbers ("922 31 40 36 / 922 63 16 33") into one text per
 * number, in order. Pieces without digits are dropped; a piece too short to be a number stays with its
 * neighbour, so a single number written with separators is never cut.
 */
export function splitPhoneText(raw: string): string[] {
  const parts = raw.replace(INVISIBLE, '').split(SEPARATOR);
  const pieces: string[] = [];
  let current = '';
  for (let i = 0; i < parts.length; i += 2) {
    const piece = parts[i] ?? '';
    const separator = i > 0 ? (parts[i - 1] ?? '') : '';
    const digits = countDigits(piece);
    if (digits === 0) continue;
    if (current === '') current = piece;
    else if (digits >= MIN_DIGITS_OF_A_NUMBER && countDigits(current) >= MIN_DIGITS_OF_A_NUMBER) {
      pieces.push(current);
      current = piece;
    } else current += separator + piece;
  }
  if (current !== '') pieces.push(current);
  // Every piece holds a digit, which tidyPiece never removes: no piece comes out empty.
  return pieces.map(tidyPiece);
}

function countDigits(text: string): number {
  let count = 0;
  for (const char of text) if (char >= '0' && char <= '9') count += 1;
  return count;
}

// Trailing punctuation ("922 79 22 64 -", "636 13 65 13.") is not part of the number.
function tidyPiece(piece: string): string {
  return piece.replace(/[\s.\-–—/:;,]+$/u, '').trim();
}

function invalidPhone(raw: string, detail: string): Normalised<null> {
  return { value: null, issues: [issue('phone', 'invalid-phone', raw, detail)] };
}
