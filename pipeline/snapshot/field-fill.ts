// Counts, once at seal, how many published places have each measured Place field and which issues their values had.
import Database from 'better-sqlite3';
import { MEASURED_PLACE_FIELDS } from '../../model/place-fields.ts';

/** What a snapshot keeps in meta (key FIELD_FILL_KEY) so that a later import compares with it without a rescan. */
export interface FieldFill {
  /** Published places counted. */
  published: number;
  /** Per measured field (model/place-fields.ts): places whose value is present (not null, empty text, list or object). */
  filled: Record<string, number>;
  /** Issues of the published places' records, by "field/code" (a value dropped or changed, and why). */
  issues: Record<string, number>;
}

export const FIELD_FILL_KEY = 'field_fill';

/** 1 when the place JSON in `column` has a value at `field`: `->` gives it as JSON (SQL NULL when the key is missing), so null, '', [] and {} count as absent. */
export function hasValueSql(field: string, column = 'place_json'): string {
  if (!/^[A-Za-z]+(\.[A-Za-z]+)*$/.test(field)) throw new Error(`not a field path: ${field}`);
  return `(coalesce(${column} -> '$.${field}', 'null') NOT IN ('null', '""', '[]', '{}'))`;
}

const filledSql = (field: string) => `sum${hasValueSql(field)}`;

/** One pass over the served places, one over the published records' issues; reads the `places` and `listings` tables. */
export function measureFieldFill(db: Database.Database, fields: readonly string[] = MEASURED_PLACE_FIELDS): FieldFill {
  const row = db
    .prepare(`SELECT count(*)${fields.map((f) => `, coalesce(${filledSql(f)}, 0)`).join('')} FROM places`)
    .raw()
    .get() as number[];
  const issues = db
    .prepare(
      `SELECT json_extract(j.value, '$.field') || '/' || json_extract(j.value, '$.code') AS key, count(*) AS n
       FROM listings AS l, json_each(l.issues) AS j WHERE l.status = 'published' GROUP BY key ORDER BY key`,
    )
    .raw()
    .all() as [string, number][];
  return {
    published: row[0]!,
    filled: Object.fromEntries(fields.map((f, i) => [f, row[i + 1]!])),
    issues: Object.fromEntries(issues),
  };
}

/** The fill a snapshot file stored at seal; a file sealed before fills were stored is measured once, read-only. */
export function readFieldFill(file: string): FieldFill {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const stored = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(FIELD_FILL_KEY) as string | undefined;
    return stored === undefined ? measureFieldFill(db) : (JSON.parse(stored) as FieldFill);
  } finally {
    db.close();
  }
}
