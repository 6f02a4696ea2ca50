// Counts, once at seal, how many published places have each measured Place field and which issues their values had.
import type Database from 'better-sqlite3';
import { openSnapshotRecords } from './records-file.ts';
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

/**
 * How the stored fill was counted. Fills stored without it counted issues by their position in each record's list,
 * not by field/code: those are counted again when read, so a comparison never mixes the two.
 */
export const FIELD_FILL_COUNTING = 2;

interface StoredFieldFill extends FieldFill {
  counting?: number;
}

/** The meta value a snapshot stores at seal: the fill with its counting marker. */
export function storedFieldFill(fill: FieldFill): string {
  return JSON.stringify({ ...fill, counting: FIELD_FILL_COUNTING } satisfies StoredFieldFill);
}

/** 1 when the place JSON in `column` has a value at `field`: `->` gives it as JSON (SQL NULL when the key is missing), so null, '', [] and {} count as absent. */
export function hasValueSql(field: string, column = 'place_json'): string {
  if (!/^[A-Za-z]+(\.[A-Za-z]+)*$/.test(field)) throw new Error(`not a field path: ${field}`);
  return `(coalesce(${column} -> '$.${field}', 'null') NOT IN ('null', '""', '[]', '{}'))`;
}

const filledSql = (field: string) => `sum${hasValueSql(field)}`;

/**
 * Where measureFieldFill reads each served place's JSON as `place_json`: `rows` expands each row's stored text once
 * (place-text-sql.ts); `records` reads the records' copy of it (the builder, whose records are attached, without a
 * JavaScript call a row).
 */
export type PlaceJsonFrom = 'rows' | 'records';
const PLACE_JSON_FROM: Record<PlaceJsonFrom, string> = {
  rows: '(SELECT served_json(place_json) AS place_json FROM places LIMIT -1)',
  records: '(SELECT l.place AS place_json FROM places AS p JOIN listings AS l ON l.id = p.id)',
};

/**
 * One pass over the served places, one over the published records' issues; reads the `places` and `listings` tables
 * (the builder's connection has the records file attached; readFieldFill opens it beside the snapshot).
 * Issues are grouped by the named "field/code" (the `json_each` row's own `key` is the issue's position in the list).
 */
export function measureFieldFill(db: Database.Database, fields: readonly string[] = MEASURED_PLACE_FIELDS, from: PlaceJsonFrom = 'rows'): FieldFill {
  const row = db
    .prepare(`SELECT count(*)${fields.map((f) => `, coalesce(${filledSql(f)}, 0)`).join('')} FROM ${PLACE_JSON_FROM[from]}`)
    .raw()
    .get() as number[];
  const issues = db
    .prepare(
      `SELECT issue_key, count(*) FROM (
         SELECT json_extract(j.value, '$.field') || '/' || json_extract(j.value, '$.code') AS issue_key
         FROM listings AS l, json_each(l.issues) AS j WHERE l.status = 'published'
       ) GROUP BY issue_key ORDER BY issue_key`,
    )
    .raw()
    .all() as [string, number][];
  return {
    published: row[0]!,
    filled: Object.fromEntries(fields.map((f, i) => [f, row[i + 1]!])),
    issues: Object.fromEntries(issues),
  };
}

/** The fill a snapshot file stored at seal; a file sealed before fills were stored, or counted the old way, is measured again, read-only. */
export function readFieldFill(file: string): FieldFill {
  const { db } = openSnapshotRecords(file);
  try {
    const text = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(FIELD_FILL_KEY) as string | undefined;
    const stored = text === undefined ? undefined : (JSON.parse(text) as StoredFieldFill);
    if (stored?.counting !== FIELD_FILL_COUNTING) return measureFieldFill(db);
    const { counting: _counting, ...fill } = stored;
    return fill;
  } finally {
    db.close();
  }
}
