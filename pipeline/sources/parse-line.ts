// Turns one export line into a listing object within the input bounds, or the reason it is not one.
import type { Issue } from '../normalise/issues.ts';
import { boundListing } from './listing-bounds.ts';

export type ParsedLine =
  /** issues: optional values dropped for being over their bound, to count with the listing's own. */
  | { ok: true; listing: Record<string, unknown>; issues: Issue[] }
  /** reason: invalid-json, not-an-object, too-deeply-nested, line-too-long or `field-too-long: <field>`. */
  | { ok: false; reason: string; detail: string };

export function parseExportLine(text: string): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'invalid-json', detail: (error as Error).message };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return { ok: false, reason: 'not-an-object', detail: `the line is ${kind}, not a listing object` };
  }
  return boundListing(value as Record<string, unknown>);
}

/** A short, single-line excerpt of a bad line for reports. */
export function lineExcerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
}
