// What a candidate changes in the places served against the snapshot serving its country: one SQLite connection, the current file ATTACHed, joined by id.
import type Database from 'better-sqlite3';
import { openSnapshotFile } from './open-snapshot-file.ts';
import { attachRecords } from './records-file.ts';
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
  /**
   * The current snapshot's records were not on this machine (its records file not fetched): statusChanged is empty
   * and added places do not say their earlier status. Added, removed and changed are whole (they read places alone).
   */
  withoutCurrentRecords?: true;
  added: DiffCategory;
  removed: DiffCategory;
  changed: DiffCategory;
  statusChanged: DiffCategory;
}

/**
 * Added, removed and changed count served places only, so added − removed is the change in places served: added is
 * served by the candidate and not now (new, or served again), removed is served now and not by the candidate (gone, or
 * no longer served), changed is served by both with fields that differ. Served is a row of `places` (published and
 * not a same-place duplicate of another listing), so these three read the two served files alone. statusChanged is
 * the rest: records served by neither whose status changes (rejected → closed), from the two versions' records. `r`
 * is the row the result stands for (the current one for removed), `o` its counterpart, if any; `rr` and `oo` their
 * records, for the examples' statuses and reasons.
 */
interface DiffQuery {
  /** The table of r, the row each result stands for. */
  table: string;
  /** The rest of the FROM clause after r: its counterpart o, joined by id. */
  join: string;
  where: string;
  /** Counted first, and grouped only when some: an anti-join's count reads the two id indexes alone. */
  countFirst?: true;
  /** The example rows' extra joins and columns: the candidate's status and reasons first, the other side's status as old_status. */
  joins: string;
  columns: string;
}

interface DiffSides {
  curPlaces: string;
  candRecords: string;
  curRecords: string;
}

const diffQueries = ({ curPlaces, candRecords, curRecords }: DiffSides): Record<DiffKind, DiffQuery> => ({
  added: {
    table: 'main.places',
    join: `LEFT JOIN ${curPlaces} AS o ON o.id = r.id`,
    where: 'o.id IS NULL',
    countFirst: true,
    joins: `LEFT JOIN ${candRecords} AS rr ON rr.id = r.id LEFT JOIN ${curRecords} AS oo ON oo.id = r.id`,
    columns: "r.id, 'published' AS status, coalesce(rr.reasons, '[]') AS reasons, served_json(r.place_json) AS place, r.lodging_type, r.city_slug, oo.status AS old_status, NULL AS old_place",
  },
  removed: {
    table: curPlaces,
    join: 'LEFT JOIN main.places AS o ON o.id = r.id',
    where: 'o.id IS NULL',
    countFirst: true,
    joins: `LEFT JOIN ${candRecords} AS oo ON oo.id = r.id LEFT JOIN ${curRecords} AS rr ON rr.id = r.id`,
    columns: `r.id, coalesce(oo.status, 'published') AS status, coalesce(oo.reasons, rr.reasons, '[]') AS reasons, served_json(r.place_json) AS place, r.lodging_type,
      r.city_slug, CASE WHEN oo.id IS NULL THEN NULL ELSE 'published' END AS old_status, NULL AS old_place`,
  },
  changed: {
    table: 'main.places',
    join: `JOIN ${curPlaces} AS o ON o.id = r.id`,
    // Rows of one version's files compare as stored; a file built before stored texts (JSON rows) is compared as served.
    where: 'r.place_json <> o.place_json AND served_json(r.place_json) <> served_json(o.place_json)',
    joins: `LEFT JOIN ${candRecords} AS rr ON rr.id = r.id`,
    columns: "r.id, 'published' AS status, coalesce(rr.reasons, '[]') AS reasons, served_json(r.place_json) AS place, r.lodging_type, r.city_slug, 'published' AS old_status, served_json(o.place_json) AS old_place",
  },
  statusChanged: {
    table: candRecords,
    join: `JOIN ${curRecords} AS o ON o.id = r.id`,
    where: "r.status <> o.status AND r.status <> 'published' AND o.status <> 'published'",
    joins: '',
    columns: 'r.id, r.status, r.reasons, r.place, r.lodging_type, r.city_slug, o.status AS old_status, o.place AS old_place',
  },
});

/** Where a side's records are read: its records file attached, its own tables (older files), or an empty temp table. */
function recordsTable(db: Database.Database, file: string | null, schema: string, alias: string): { table: string; found: boolean } {
  const found = file === null ? null : attachRecords(db, file, schema, alias);
  if (found !== null) return { table: `${found}.listings`, found: true };
  db.exec(`CREATE TEMP TABLE ${alias} (id TEXT PRIMARY KEY, status TEXT, reasons TEXT, place TEXT, lodging_type TEXT, city_slug TEXT)`);
  return { table: `temp.${alias}`, found: false };
}

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
 * every place; grouping and examples read the differing rows alone.
 */
export function diffSnapshots(candidateFile: string, current: { file: string; version: string; publishedCount: number } | null): SnapshotDiff {
  const db = openSnapshotFile(candidateFile);
  try {
    // A first import compares with an empty table (temp: the candidate is opened read-only).
    if (current) db.prepare('ATTACH DATABASE ? AS cur').run(current.file);
    else db.exec('CREATE TEMP TABLE cur_places (id TEXT PRIMARY KEY, place_json TEXT, lodging_type TEXT, city_slug TEXT)');
    const candRecords = recordsTable(db, candidateFile, 'main', 'cand_records');
    const curRecords = recordsTable(db, current?.file ?? null, 'cur', 'cur_records');
    const QUERIES = diffQueries({ curPlaces: current ? 'cur.places' : 'temp.cur_places', candRecords: candRecords.table, curRecords: curRecords.table });
    const category = (kind: DiffKind): DiffCategory => {
      const { table, join, where, joins, columns, countFirst } = QUERIES[kind];
      if (countFirst && db.prepare(`SELECT count(*) FROM ${table} AS r ${join} WHERE ${where}`).pluck().get() === 0) return emptyCategory();
      // One pass over r's table in its own order counts all three ways: grouping by an index instead reads each row
      // from the table in that index's order, a random read per row (a tenth of the CPU, measured at 200k places).
      const groups = db.prepare(`SELECT r.lodging_type, r.city_slug, count(*) FROM ${table} AS r NOT INDEXED ${join} WHERE ${where} GROUP BY r.lodging_type, r.city_slug`).raw().all() as [string, string | null, number][];
      if (groups.length === 0) return emptyCategory();
      const { count, byLodgingType, cities } = tally(groups);
      const byCity = Object.fromEntries(cities.slice(0, TOP_CITIES));
      const others = cities.slice(TOP_CITIES).reduce((n, [, c]) => n + c, 0);
      if (others > 0) byCity['(other cities)'] = others;
      const rows = db.prepare(`SELECT ${columns} FROM ${table} AS r ${join} ${joins} WHERE ${where} ORDER BY r.id LIMIT ${DIFF_EXAMPLES}`).all() as ExampleRow[];
      return { count, byLodgingType, byCity, examples: rows.map(example) };
    };
    return {
      against: current ? { version: current.version, publishedCount: current.publishedCount } : null,
      servedOnly: true,
      ...(current && !curRecords.found ? { withoutCurrentRecords: true as const } : {}),
      added: category('added'),
      // A first import has nothing to remove or change.
      removed: current ? category('removed') : emptyCategory(),
      changed: current ? category('changed') : emptyCategory(),
      statusChanged: current ? category('statusChanged') : emptyCategory(),
    };
  } finally {
    db.close();
  }
}

const emptyCategory = (): DiffCategory => ({ count: 0, byLodgingType: {}, byCity: {}, examples: [] });

/** SQLite's order of text (BINARY: UTF-8 bytes), which JavaScript's `<` on UTF-16 units does not always give. */
const binaryOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Most first, ties by name: the order the counts by lodging type and by city were always listed in. */
function byCountThenName(counts: Map<string, number>): [string, number][] {
  return [...counts].sort(([a, n], [b, m]) => m - n || binaryOrder(a, b));
}

/** The grouped rows' total, by lodging type, and by city ("(no city)" for none), each most first. */
function tally(groups: readonly [string, string | null, number][]): { count: number; byLodgingType: Record<string, number>; cities: [string, number][] } {
  const types = new Map<string, number>();
  const cities = new Map<string, number>();
  let count = 0;
  for (const [type, city, n] of groups) {
    count += n;
    types.set(type, (types.get(type) ?? 0) + n);
    const key = city ?? '(no city)';
    cities.set(key, (cities.get(key) ?? 0) + n);
  }
  return { count, byLodgingType: Object.fromEntries(byCountThenName(types)), cities: byCountThenName(cities) };
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
