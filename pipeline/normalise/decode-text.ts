// Provider text that was HTML: character references decoded and markup dropped, before every other text rule.
import { decodeHTML, DecodingMode } from 'entities/decode';

/** Tags that end a line or a block: where they stood, the parts of the text are separate (`, `). */
const BREAK_TAG = /<\s*\/?\s*(?:br|p|div|li|hr|tr)\b[^<>]*>/gi;
/** Inline tags, dropped without a trace. Only real HTML tag names: "Hotel <3" or "<Sol>" are left alone. */
const INLINE_TAG = /<\s*\/?\s*(?:a|b|i|u|s|em|strong|span|font|small|big|sup|sub|ul|ol|td|th|table|tbody|center|nobr|wbr)\b[^<>]*>/gi;
const QUICK_CHECK = /[&<]/;

/**
 * Named and numeric references that end in `;` are decoded ("V&iacute;a" → "Vía", "&#233;" → "é", an encoded ampersand → "&");
 * a bare "&" or "&B" stays as written. Then markup goes: a line break or block becomes ", " ("Carquizano 5,
 * &lt;br/&gt;20001" → "Carquizano 5, 20001"), inline tags vanish; separators left doubled or at an end by that are
 * tidied. Whitespace is the caller's to collapse (cleanText).
 */
export function decodeText(text: string): string {
  if (!QUICK_CHECK.test(text)) return text;
  const decoded = decodeHTML(text, DecodingMode.Strict);
  if (!decoded.includes('<')) return decoded;
  const withoutMarkup = decoded.replace(BREAK_TAG, ', ').replace(INLINE_TAG, '');
  if (withoutMarkup === decoded) return decoded;
  return withoutMarkup
    .replace(/\s*,(?:\s*,)+/g, ',') // "5, , 20001" → "5, 20001"
    .replace(/\s+,/g, ',')
    .replace(/^[\s,]+|[\s,]+$/g, '');
}
