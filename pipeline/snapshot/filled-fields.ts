// Which measured Place fields a served place fills, as bits, counted while an import writes (field-fill.ts's counts without a rescan).
import { MEASURED_PLACE_FIELDS } from '../../model/place-fields.ts';
import type { FieldFill } from './field-fill.ts';

const PATHS = MEASURED_PLACE_FIELDS.map((field) => field.split('.'));
if (PATHS.length > 30) throw new Error('filled-fields.ts: more measured fields than bits in a small integer');

/** Present as field-fill.ts's SQL has it: not missing, null, empty text, an empty list or an empty object. */
function hasValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') {
    for (const _key in value) return true;
    return false;
  }
  return true;
}

/** Bit i set when the served place fills MEASURED_PLACE_FIELDS[i]. */
export function filledFieldBits(served: object): number {
  let bits = 0;
  for (let i = 0; i < PATHS.length; i += 1) {
    let value: unknown = served;
    for (const key of PATHS[i]!) value = value === null || typeof value !== 'object' ? undefined : (value as Record<string, unknown>)[key];
    if (hasValue(value)) bits |= 1 << i;
  }
  return bits;
}

/** The fill of the published places, counted one record at a time as the builder stores them. */
export class FieldFillCounter {
  private published = 0;
  private readonly filled = new Array<number>(PATHS.length).fill(0);
  private readonly issues = new Map<string, number>();

  add(bits: number, issueKeys: readonly string[]): void {
    this.published += 1;
    for (let i = 0; i < PATHS.length; i += 1) if ((bits & (1 << i)) !== 0) this.filled[i]! += 1;
    for (const key of issueKeys) this.issues.set(key, (this.issues.get(key) ?? 0) + 1);
  }

  /** The counts in field-fill.ts's shape: fields in MEASURED_PLACE_FIELDS order, issues by key in SQLite's (binary) order. */
  fill(): FieldFill {
    const keys = [...this.issues.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    return {
      published: this.published,
      filled: Object.fromEntries(MEASURED_PLACE_FIELDS.map((field, i) => [field, this.filled[i]!])),
      issues: Object.fromEntries(keys.map((key) => [key, this.issues.get(key)!])),
    };
  }
}
