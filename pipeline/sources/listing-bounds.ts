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

/**
 * Whether an object or array lies deeper than `max` levels. A line may nest thousands of levels, but the walk never
 * goes deeper than max + 1: the stack holds at most that many frames, and no pair is allocated per value.
 */
export function nestingDepthExceeds(value: unknown, max: number): boolean {
  return value !== null && typeof value === 'object' && deeperThan(value, 1, max);
}

/** `value` (an object or array) is at `depth`; whether it or anything inside it is deeper than max. */
function deeperThan(value: object, depth: number, max: number): boolean {
  if (depth > max) return true;
  if (Array.isArray(value)) {
    for (const child of value) if (child !== null && typeof child === 'object' && deeperThan(child, depth + 1, max)) return true;
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const child = (value as Record<string, unknown>)[key];
    if (child !== null && typeof child === 'object' && deeperThan(child, depth + 1, max)) return true;
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

/** Each bound with its provider key and what it applies to: the value, each item of an array, each value of an object. */
interface BoundPlan {
  bound: FieldBound;
  key: string;
  each: 'value' | 'item' | 'entry';
}

/**
 * Worked out once, not per listing: a generator yielding an object per value, with the field's suffix parsed again
 * for every listing, was 5–6 % of a worker thread's CPU in a `lodging import` profile.
 */
const PLANS: readonly BoundPlan[] = FIELD_BOUNDS.map((bound): BoundPlan => {
  if (bound.field.endsWith('[]')) return { bound, key: bound.field.slice(0, -2), each: 'item' };
  if (bound.field.endsWith('.*')) return { bound, key: bound.field.slice(0, -2), each: 'entry' };
  return { bound, key: bound.field, each: 'value' };
});

/** The plans by provider key, for a walk over the keys a listing has (most of the bounded fields are absent). */
const PLANS_BY_KEY: ReadonlyMap<string, readonly BoundPlan[]> = new Map(PLANS.map(({ key }) => [key, PLANS.filter((plan) => plan.key === key)]));

/** Whether any value is over its bound: the walk of boundListing without its refusals, drops and issues. */
function anyValueOver(listing: Record<string, unknown>): boolean {
  // Every key the full walk would read a value for: own or inherited (for...in), as `listing[key]` reads them.
  for (const key in listing) {
    const plans = PLANS_BY_KEY.get(key);
    if (plans === undefined) continue;
    const target = listing[key];
    for (const { bound, each } of plans) {
      if (each === 'value') {
        if (tooLong(bound, target)) return true;
      } else if (each === 'item') {
        if (!Array.isArray(target)) continue;
        for (const item of target) if (tooLong(bound, item)) return true;
      } else if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
        for (const entry in target) if (Object.hasOwn(target, entry) && tooLong(bound, (target as Record<string, unknown>)[entry])) return true;
      }
    }
  }
  return false;
}

/** Applies the bounds; the listing returned is a shallow copy when an optional value had to be dropped. */
export function boundListing(listing: Record<string, unknown>): BoundedListing {
  if (nestingDepthExceeds(listing, MAX_NESTING_DEPTH)) {
    return { ok: false, reason: 'too-deeply-nested', detail: `objects or arrays nested more than ${MAX_NESTING_DEPTH} levels deep` };
  }
  // Most listings hold no value over a bound: one cheap pass says so, and only the others take the full walk below.
  if (!anyValueOver(listing)) return { ok: true, listing, issues: [] };
  let bounded = listing;
  const issues: Issue[] = [];
  /** One value over its bound, named as a reason quotes it: the refusal, or null once the value is dropped. */
  const over = (bound: FieldBound, name: string, value: unknown): BoundedListing | null => {
    if (bound.over === 'reject') return { ok: false, reason: `field-too-long: ${name}`, detail: `${name} is ${describe(bound, value)}` };
    if (bounded === listing) bounded = { ...listing };
    if (bound.field.endsWith('[]')) {
      const key = bound.field.slice(0, -2);
      bounded[key] = (bounded[key] as unknown[]).filter((item) => item !== value);
    } else {
      delete bounded[bound.field];
    }
    issues.push(issue(ISSUE_FIELD[bound.field] ?? 'name', 'too-long', value, `${name} is ${describe(bound, value)}; dropped`));
    return null;
  };
  for (const { bound, key, each } of PLANS) {
    const target = listing[key];
    if (each === 'value') {
      const refused = tooLong(bound, target) ? over(bound, key, target) : null;
      if (refused) return refused;
    } else if (each === 'item') {
      if (!Array.isArray(target)) continue;
      for (const item of target) {
        const refused = tooLong(bound, item) ? over(bound, key, item) : null;
        if (refused) return refused;
      }
    } else if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
      for (const [entry, item] of Object.entries(target)) {
        const refused = tooLong(bound, item) ? over(bound, `${key}.${entry}`, item) : null;
        if (refused) return refused;
      }
    }
  }
  return { ok: true, listing: bounded, issues };
}
