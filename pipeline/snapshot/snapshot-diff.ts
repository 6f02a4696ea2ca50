// What a candidate changes in the places served against the snapshot serving its country: one SQLite connection, the current file ATTACHed, joined by id.
import { openSnapshotFile } from './open-snapshot-file.ts';
import type { PublicationStatus } from '../normalise/normalised-listing.ts';

export const DIFF_EXAMPLES = 20;
const TOP_CITIES = 20;

export type DiffKind = 'added' | 'removed' | 'changed' | 'statusChanged';
export const DIFF_KINDS: readonly DiffKind[] = ['added', 'removed', 'changed', 'statusChanged'];

/** Said beside the counts of a diff recorded before they counted places served alone. */
export const EVERY_RECORD_NOTE = 'recorded before diffs counted places served alone: these counts include records not served';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface DiffExample {
  id: string;
  name: string | null;
  city: string | null;
  lodgingType: string;
  /** The status in the candidate; for a removed record the candidate no longer has, its status in the current snapshot. */
  status: PublicationStatus;
  /** The status it had in the current snapshot, when that differs (a place served again, no longer served, or statusChanged). */
  fromStatus?: PublicationStatus;
  /** With fromStatus: the reasons of its new status. */
  reasons?: string[];
  /** changed and statusChanged: the place fields whose value differs. */
  fields?: FieldChange[];
}

export interface DiffCategory {
  count: number;
  byLodgingType: Record<string, number>;
  /** The 20 cities (slugs) with most, then "(other cities)"; "(no city)" for records without one. */
  byCity: Record<string, number>;
  examples: DiffExample[];
}

export interface SnapshotDiff {
  /** The snapshot compared with; null on a country's first import (everything is added). */
  against: { version: string; publishedCount: number } | null;
  /** Added, removed and changed count places served only; absent in reports recorded before, which counted every record. */
  servedOnly?: true;
  added: DiffCategory;
  removed: DiffCategory;
  changed: DiffCategory;
  statusChanged: DiffCategory;
}

/**
 * Added, removed and changed count served places only, so added − removed is the change in places served: added is
 * served by the candidate and not now (new, or served again), removed is served now and not by the candidate (gone, or
 * no longer served), changed is served by both with fields that differ. Served is status published and not a
 * same-place duplicate of another listing (table same_place_duplicates, copied to temp.cand_dups and temp.cur_dups).
 * statusChanged is the rest: records served by neither whose status changes (rejected → closed). `r` is the record
 * the row stands for (the current one for removed), `o` its counterpart, if any.
 */
const served = (alias: string, dups: string): string =>
  `(${alias}.status IS 'published' AND NOT EXISTS (SELECT 1 FROM temp.${dups} AS d WHERE d.id = ${alias}.id))`;
const fromClauses = (cur: string): Record<DiffKind, string> => ({
  added: `FROM main.listings AS r LEFT JOIN ${cur}.listings AS o ON o.id = r.id WHERE ${served('r', 'cand_dups')} AND NOT ${served('o', 'cur_dups')}`,
  removed: `FROM ${cur}.listings AS r LEFT JOIN main.listings AS o ON o.id = r.id WHERE ${served('r', 'cur_dups')} AND NOT ${served('o', 'cand_dups')}`,
  changed: `FROM main.listings AS r JOIN ${cur}.listings AS o ON o.id = r.id WHERE ${served('r', 'cand_dups')} AND ${served('o', 'cur_dups')} AND r.place <> o.place`,
  statusChanged: `FROM main.listings AS r JOIN ${cur}.listings AS o ON o.id = r.id WHERE r.status <> o.status AND r.status <> 'published' AND o.status <> 'published'`,
});

/** The ids of a side's same-place duplicates in a temp table (empty for a snapshot built before they were recorded). */
function copyDuplicates(db: ReturnType<typeof openSnapshotFile>, schema: string | null, table: string): void {
  db.exec(`CREATE TEMP TABLE ${table} (id TEXT PRIMARY KEY)`);
  if (schema === null) return;
  const has = db.prepare(`SELECT 1 FROM ${schema}.sqlite_master WHERE name = 'same_place_duplicates'`).pluck().get() !== undefined;
  if (has) db.exec(`INSERT INTO temp.${table} SELECT id FROM ${schema}.same_place_duplicates`);
}

/** The example columns per kind: the candidate's status and reasons first, the other side's status as old_status. */
const EXAMPLE_COLUMNS: Record<DiffKind, string> = {
  added: 'r.id, r.status, r.reasons, r.place, r.lodging_type, r.city_slug, o.status AS old_status, NULL AS old_place',
  removed:
    'r.id, coalesce(o.status, r.status) AS status, coalesce(o.reasons, r.reasons) AS reasons, r.place, r.lodging_type, r.city_slug, CASE WHEN o.id IS NULL THEN NULL ELSE r.status END AS old_status, NULL AS old_place',
  changed: 'r.id, r.status, r.reasons, r.place, r.lodging_type, r.city_slug, o.status AS old_status, o.place AS old_place',
  statusChanged: 'r.id, r.status, r.reasons, r.place, r.lodging_type, r.city_slug, o.status AS old_status, o.place AS old_place',
};

interface ExampleRow {
  id: string;
  status: PublicationStatus;
  reasons: string;
  place: string;
  lodging_type: string;
  city_slug: string | null;
  old_status: PublicationStatus | null;
  old_place: string | null;
}

/**
 * Compares the candidate file with the current one (null: a first import). Only the id-indexed join runs over
 * every record; grouping and examples read the differing rows alone.
 */
export function diffSnapshots(candidateFile: string, current: { file: string; version: string; publishedCount: number } | null): SnapshotDiff {
  const db = openSnapshotFile(candidateFile);
  try {
    // A first import compares with an empty table (temp: the candidate is opened read-only).
    if (current) db.prepare('ATTACH DATABASE ? AS cur').run(current.file);
    else db.exec('CREATE TEMP TABLE listings (id TEXT PRIMARY KEY, status TEXT, reasons TEXT, place TEXT, lodging_type TEXT, city_slug TEXT)');
    copyDuplicates(db, 'main', 'cand_dups');
    copyDuplicates(db, current ? 'cur' : null, 'cur_dups');
    const FROM = fromClauses(current ? 'cur' : 'temp');
    const category = (kind: DiffKind): DiffCategory => {
      const from = FROM[kind];
      const count = db.prepare(`SELECT count(*) ${from}`).pluck().get() as number;
      if (count === 0) return { count, byLodgingType: {}, byCity: {}, examples: [] };
      const byLodgingType = Object.fromEntries(
        db.prepare(`SELECT r.lodging_type, count(*) AS n ${from} GROUP BY r.lodging_type ORDER BY n DESC, r.lodging_type`).raw().all() as [string, number][],
      );
      const cities = db.prepare(`SELECT coalesce(r.city_slug, '(no city)'), count(*) AS n ${from} GROUP BY r.city_slug ORDER BY n DESC, 1`).raw().all() as [string, number][];
      const byCity = Object.fromEntries(cities.slice(0, TOP_CITIES));
      const others = cities.slice(TOP_CITIES).reduce((n, [, c]) => n + c, 0);
      if (others > 0) byCity['(other cities)'] = others;
      const rows = db.prepare(`SELECT ${EXAMPLE_COLUMNS[kind]} ${from} ORDER BY r.id LIMIT ${DIFF_EXAMPLES}`).all() as ExampleRow[];
      return { count, byLodgingType, byCity, examples: rows.map(example) };
    };
    return {
      against: current ? { version: current.version, publishedCount: current.publishedCount } : null,
      servedOnly: true,
      added: category('added'),
      removed: category('removed'),
      changed: category('changed'),
      statusChanged: category('statusChanged'),
    };
  } finally {
    db.close();
  }
}

function example(row: ExampleRow): DiffExample {
  const place = JSON.parse(row.place) as Record<string, unknown>;
  const address = place.address as { city?: string | null } | undefined;
  const base: DiffExample = {
    id: row.id,
    name: typeof place.name === 'string' ? place.name : null,
    city: address?.city ?? row.city_slug,
    lodgingType: row.lodging_type,
    status: row.status,
  };
  if (row.old_status !== null && row.old_status !== row.status) {
    base.fromStatus = row.old_status;
    base.reasons = JSON.parse(row.reasons) as string[];
  }
  if (row.old_place !== null) base.fields = changedFields(JSON.parse(row.old_place) as Record<string, unknown>, place);
  return base;
}

export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}
