// Counts, per measured field, how the places a candidate keeps from the served snapshot (same id) fill it before and after, and how its new places fill it.
import Database from 'better-sqlite3';
import { MEASURED_PLACE_FIELDS } from '../../model/place-fields.ts';
import { hasValueSql } from './field-fill.ts';

export interface KeptFieldCounts {
  field: string;
  /** Kept places that have it in the served snapshot. */
  before: number;
  /** Kept places that have it in the candidate. */
  after: number;
  /** Kept places that had it and lost it. */
  lost: number;
  /** New places that have it. */
  newFilled: number;
}

export interface KeptFieldFill {
  /** Places served both now and by the candidate (same id). */
  kept: number;
  /** Places the candidate serves that are not served now. */
  newPlaces: number;
  fields: KeptFieldCounts[];
}

/** Two passes over the candidate's `places`: joined by id with the current file's (ATTACHed), then those without a match. */
export function measureKeptFieldFill(candidateFile: string, currentFile: string, fields: readonly string[] = MEASURED_PLACE_FIELDS): KeptFieldFill {
  const db = new Database(candidateFile, { readonly: true, fileMustExist: true });
  try {
    db.prepare('ATTACH DATABASE ? AS cur').run(currentFile);
    const keptSums = fields.flatMap((f) => {
      const before = hasValueSql(f, 'o.place_json');
      const after = hasValueSql(f, 'p.place_json');
      return [`sum${before}`, `sum${after}`, `sum(${before} AND NOT ${after})`];
    });
    const kept = db
      .prepare(`SELECT count(*), ${keptSums.map((s) => `coalesce(${s}, 0)`).join(', ')} FROM main.places AS p JOIN cur.places AS o ON o.id = p.id`)
      .raw()
      .get() as number[];
    const added = db
      .prepare(
        `SELECT count(*), ${fields.map((f) => `coalesce(sum${hasValueSql(f, 'p.place_json')}, 0)`).join(', ')}
         FROM main.places AS p WHERE NOT EXISTS (SELECT 1 FROM cur.places AS o WHERE o.id = p.id)`,
      )
      .raw()
      .get() as number[];
    return {
      kept: kept[0]!,
      newPlaces: added[0]!,
      fields: fields.map((field, i) => ({ field, before: kept[1 + 3 * i]!, after: kept[2 + 3 * i]!, lost: kept[3 + 3 * i]!, newFilled: added[1 + i]! })),
    };
  } finally {
    db.close();
  }
}
