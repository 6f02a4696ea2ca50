// Holds a parsed listing to the bounds of model/limits.ts: too deep or over a reject bound → the line is refused; an over-long optional value is dropped.
import { FIELD_BOUNDS, MAX_NESTING_DEPTH, type FieldBound } from '../../model/limits.ts';
import { issue, type Issue, type IssueField } from '../normalise/issues.ts';

export type BoundedListing =
  | { ok: true; listing: Record<string, unknown>; issues: Issue[] }
  | { ok: false; reason: string; detail: string };

/** The issue field a dropped provider field is counted under (the Place's name for it). */
const ISSUE_FIELD: Record<string, IssueField> = {
  phone: 'phone',
  'phones[]': 'phone',
  website: 'website',
  mapsUrl: 'sourceMapsUrl',
  email: 'email',
  rating: 'rating',
  reviewCount: 'reviewCount',
  businessStatus: 'businessStatus',
  crawledAt: 'crawledAt',
};

/** Depth of the deepest object or array, without recursion (a line may nest thousands of levels). */
export function nestingDepthExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(current as object)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

const tooLong = (bound: FieldBound, value: unknown): boolean =>
  bound.kind === 'chars'
    ? typeof value === 'string' && value.length > bound.max
    : value !== null && typeof value === 'object' && Object.keys(value as object).length > bound.max;

const describe = (bound: FieldBound, value: unknown): string =>
  bound.kind === 'chars'
    ? `${(value as string).length} characters, at most ${bound.max}`
    : `${Object.keys(value as object).length} items, at most ${bound.max}`;

/** The string values (or items) each bound applies to, with the name a reason quotes. */
function* boundedValues(listing: Record<string, unknown>): Generator<{ bound: FieldBound; name: string; value: unknown }> {
  for (const bound of FIELD_BOUNDS) {
    const { field } = bound;
    if (field.endsWith('[]')) {
      const items = listing[field.slice(0, -2)];
      if (Array.isArray(items)) for (const item of items) yield { bound, name: field.slice(0, -2), value: item };
    } else if (field.endsWith('.*')) {
      const parent = field.slice(0, -2);
      const object = listing[parent];
      if (object !== null && typeof object === 'object' && !Array.isArray(object)) {
        for (const [key, item] of Object.entries(object)) yield { bound, name: `${parent}.${key}`, value: item };
      }
    } else {
      yield { bound, name: field, value: listing[field] };
    }
  }
}

/** Applies the bounds; the listing returned is a shallow copy when an optional value had to be dropped. */
export function boundListing(listing: Record<string, unknown>): BoundedListing {
  if (nestingDepthExceeds(listing, MAX_NESTING_DEPTH)) {
    return { ok: false, reason: 'too-deeply-nested', detail: `objects or arrays nested more than ${MAX_NESTING_DEPTH} levels deep` };
  }
  let bounded = listing;
  const issues: Issue[] = [];
  for (const { bound, name, value } of boundedValues(listing)) {
    if (!tooLong(bound, value)) continue;
    if (bound.over === 'reject') return { ok: false, reason: `field-too-long: ${name}`, detail: `${name} is ${describe(bound, value)}` };
    if (bounded === listing) bounded = { ...listing };
    if (bound.field.endsWith('[]')) {
      const key = bound.field.slice(0, -2);
      bounded[key] = (bounded[key] as unknown[]).filter((item) => item !== value);
    } else {
      delete bounded[bound.field];
    }
    issues.push(issue(ISSUE_FIELD[bound.field] ?? 'name', 'too-long', value, `${name} is ${describe(bound, value)}; dropped`));
  }
  return { ok: true, listing: bounded, issues };
}
