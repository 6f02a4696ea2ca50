// A served place as a snapshot stores it: its values' JSON in field order, a control character apart; the keys are put back when it is read.
import { ADDRESS_FIELDS, PLACE_FIELDS, type StoredPlace } from './place.ts';

/**
 * Between two values. JSON text never holds a raw control character (JSON.stringify writes U+0001 as `\u0001`), so
 * no value's JSON contains it. The keys are nearly half of a place's JSON: leaving them out of every row keeps
 * them once, here.
 */
const SEPARATOR = '\u0001';

/** Each value's place in a served place: the Place fields but profileUrl (appended when served), the address by part. */
interface Slot {
  field: string;
  part?: string;
}
const SLOTS: readonly Slot[] = PLACE_FIELDS.filter((field) => field !== 'profileUrl').flatMap((field): Slot[] =>
  field === 'address' ? ADDRESS_FIELDS.map((part) => ({ field, part })) : [{ field }],
);

/** The JSON text before each value: `{"id":`, `,"name":`, …, `,"address":{"street":`, `,"city":`, …, `},"location":`. */
const KEY_TEXTS: readonly string[] = SLOTS.map(({ field, part }, i) => {
  const previous = SLOTS[i - 1];
  const opening = i === 0 ? '{' : previous!.part !== undefined && part === undefined ? '},' : ',';
  if (part === undefined) return `${opening}"${field}":`;
  return part === ADDRESS_FIELDS[0] ? `${opening}"${field}":{"${part}":` : `${opening}"${part}":`;
});

/** The text of a served place (model/served-place.ts toServedPlace: every field present, in order) as a snapshot stores it. */
export function storedPlaceText(place: StoredPlace): string {
  const values: string[] = [];
  const record = place as unknown as Record<string, unknown>;
  for (const { field, part } of SLOTS) {
    const value = part === undefined ? record[field] : (record[field] as Record<string, unknown> | null | undefined)?.[part];
    values.push(JSON.stringify(value ?? null));
  }
  return values.join(SEPARATOR);
}

/**
 * storedPlaceText(JSON.parse(json)) for a served place's JSON as JSON.stringify wrote it, without parsing it: each key's
 * text is checked where it must stand and each value is cut at its end. JSON.stringify's text is its own
 * JSON.stringify(JSON.parse(…)), so the values are the same bytes; any other shape (a key missing or out of order, an
 * address that is null, spaces) is parsed as before.
 */
export function storedTextOfJson(json: string): string {
  let text = '';
  let at = 0;
  for (let i = 0; i < KEY_TEXTS.length; i++) {
    const key = KEY_TEXTS[i]!;
    if (!json.startsWith(key, at)) return storedPlaceText(JSON.parse(json) as StoredPlace);
    at += key.length;
    const end = valueEnd(json, at);
    if (end < 0) return storedPlaceText(JSON.parse(json) as StoredPlace);
    text += i === 0 ? json.slice(at, end) : SEPARATOR + json.slice(at, end);
    at = end;
  }
  return at === json.length - 1 && json.charCodeAt(at) === 125 ? text : storedPlaceText(JSON.parse(json) as StoredPlace);
}

/** Where the JSON value starting at `from` ends (exclusive) in JSON.stringify's text (no spaces), or -1. */
function valueEnd(json: string, from: number): number {
  let depth = 0;
  for (let i = from; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 34) {
      // A string: a backslash escapes the next character, so only an unescaped quote ends it.
      i += 1;
      while (i < json.length && json.charCodeAt(i) !== 34) i += json.charCodeAt(i) === 92 ? 2 : 1;
      if (i >= json.length) return -1;
      if (depth === 0) return i + 1;
    } else if (c === 123 || c === 91) depth += 1;
    else if (c === 125 || c === 93) {
      if (depth === 0) return i === from ? -1 : i;
      depth -= 1;
      if (depth === 0) return i + 1;
    } else if (c === 44 && depth === 0) return i === from ? -1 : i;
  }
  return -1;
}

/**
 * The served place's JSON, exactly as JSON.stringify writes it, from its stored text. A row of a file built before
 * rows were stored this way is that JSON already (it opens with `{`; a stored text opens with the id's quote).
 */
export function servedPlaceJson(stored: string): string {
  if (stored.charCodeAt(0) === 123) return stored;
  let json = '';
  let from = 0;
  const last = KEY_TEXTS.length - 1;
  for (let i = 0; i < last; i++) {
    const end = stored.indexOf(SEPARATOR, from);
    if (end < 0) return `${json}${KEY_TEXTS[i]}${stored.slice(from)}}`;
    json += KEY_TEXTS[i] + stored.slice(from, end);
    from = end + 1;
  }
  return `${json}${KEY_TEXTS[last]}${stored.slice(from)}}`;
}
