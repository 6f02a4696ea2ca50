// The fields of a cursor's signed text: plain characters only, so a cursor needs neither base64 nor JSON to read back.

/** 'r' and the text itself when it holds only base64url characters (ids do), else 'b' and its UTF-8 in base64url. */
const PLAIN_TEXT = /^[A-Za-z0-9_-]*$/;

export const textField = (text: string): string =>
  PLAIN_TEXT.test(text) ? `r${text}` : `b${Buffer.from(text, 'utf8').toString('base64url')}`;

/** The text of a textField(); null for a field of another shape. */
export function textOf(field: string | undefined): string | null {
  if (field?.[0] === 'r') return field.slice(1);
  return field?.[0] === 'b' ? Buffer.from(field.slice(1), 'base64url').toString('utf8') : null;
}

/** A number as the 16 hex digits of its 64 bits: exact, whatever the double. */
const bits = new DataView(new ArrayBuffer(8));
const HEX_64 = /^[0-9a-f]{16}$/;
const hex32 = (value: number): string => value.toString(16).padStart(8, '0');

export function numberField(value: number): string {
  bits.setFloat64(0, value);
  return hex32(bits.getUint32(0)) + hex32(bits.getUint32(4));
}

/** The number of a numberField(); NaN for a field of another shape. */
export function numberOf(field: string | undefined): number {
  if (field === undefined || !HEX_64.test(field)) return Number.NaN;
  bits.setUint32(0, Number.parseInt(field.slice(0, 8), 16));
  bits.setUint32(4, Number.parseInt(field.slice(8), 16));
  return bits.getFloat64(0);
}
