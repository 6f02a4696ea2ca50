// Text a person types (account e-mails and names, key names, suppression values and notes): NFC-normalised, bounded, without control or bidi-override characters.

/** C0 and C1 controls, DEL, and the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

export type CleanText = { ok: true; value: string } | { ok: false; problem: string };

/** The value trimmed and NFC-normalised, or why it is refused (worded with `what`, e.g. "name"). */
export function cleanText(value: string, what: string, limits: { min?: number; max: number }): CleanText {
  if (value.length > limits.max * 4) return { ok: false, problem: `${what} must be at most ${limits.max} characters` };
  const clean = value.normalize('NFC').trim();
  if (FORBIDDEN.test(clean)) return { ok: false, problem: `${what} must not contain control or text-direction characters` };
  const length = [...clean].length;
  const min = limits.min ?? 1;
  if (length < min || length > limits.max) return { ok: false, problem: `${what} must be ${min} to ${limits.max} characters` };
  return { ok: true, value: clean };
}
