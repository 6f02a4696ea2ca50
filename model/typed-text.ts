// Text a person types (account e-mails and names, key names, suppression values and notes): NFC-normalised, bounded, without control, invisible or bidi-override characters.

/** C0 and C1 controls, DEL, and the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/**
 * Characters that show nothing, so two values that look the same can differ: the direction marks (U+200E, U+200F,
 * U+061C), zero-width space, non-joiner and joiner (U+200B–U+200D), the word joiner and invisible operators
 * (U+2060–U+2064), the byte order mark (U+FEFF), the line and paragraph separators (U+2028, U+2029), soft hyphen
 * (U+00AD), combining grapheme joiner (U+034F), Mongolian vowel separator (U+180E), the tag characters
 * (U+E0000–U+E007F) and the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0). Checked before trimming: trim() would
 * quietly drop a leading BOM or a trailing separator.
 */
const INVISIBLE = /[\u00ad\u034f\u061c\u115f\u1160\u180e\u200b-\u200f\u2028\u2029\u2060-\u2064\u3164\ufeff\uffa0\u{e0000}-\u{e007f}]/u;

export type CleanText = { ok: true; value: string } | { ok: false; problem: string };

/** The value trimmed and NFC-normalised, or why it is refused (worded with `what`, e.g. "name"). */
export function cleanText(value: string, what: string, limits: { min?: number; max: number }): CleanText {
  if (value.length > limits.max * 4) return { ok: false, problem: `${what} must be at most ${limits.max} characters` };
  const normalised = value.normalize('NFC');
  if (INVISIBLE.test(normalised)) return { ok: false, problem: `${what} must not contain invisible characters (zero-width, direction marks, fillers)` };
  const clean = normalised.trim();
  if (FORBIDDEN.test(clean)) return { ok: false, problem: `${what} must not contain control or text-direction characters` };
  const length = [...clean].length;
  const min = limits.min ?? 1;
  if (length < min || length > limits.max) return { ok: false, problem: `${what} must be ${min} to ${limits.max} characters` };
  return { ok: true, value: clean };
}
