// What a candidate changes against the snapshot serving its country: one SQLite connection, the current file ATTACHed, joined by id.
import Database from 'better-sqlite3';
import type { PublicationStatus } from '../normalise/normalised-listing.ts';

export const DIFF_EXAMPLES = 20;
const TOP_CITIES = 20;

export type DiffKind = 'added' | 'removed' | 'changed' | 'statusChanged';
export const DIFF_KINDS: readonly DiffKind[] = ['added', 'removed', 'changed', 'statusChanged'];

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
  /** The status in the candidate (added, changed) or in the current snapshot (removed). */
  status: PublicationStatus;
  /** statusChanged: the status it had. */
  fromStatus?: PublicationStatus;
  /** statusChanged: the reasons of its new status. */
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
  added: DiffCategory;
  removed: DiffCategory;
  changed: DiffCategory;
  statusChanged: DiffCategory;
}

/** Every record of both files counts (all statuses): a place that stops being published is a status change. */
const fromClauses = (cur: string): Record<DiffKind, string> => ({
  added: `FROM main.listings AS r WHERE NOT EXISTS (SELECT 1 FROM ${cur}.listings AS o WHERE o.id = r.id)`,
  removed: `FROM ${cur}.listings AS r WHERE NOT EXISTS (SELECT 1 FROM main.listings AS o WHERE o.id = r.id)`,
  changed: `FROM main.listings AS r JOIN ${cur}.listings AS o ON o.id = r.id WHERE r.status = o.status AND r.place <> o.place`,
  statusChanged: `FROM main.listings AS r JOIN ${cur}.listings AS o ON o.id = r.id WHERE r.status <> o.status`,
});

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
  const db = new Database(candidateFile, { readonly: true, fileMustExist: true });
  try {
    // A first import compares with an empty table (temp: the candidate is opened read-only).
    if (current) db.prepare('ATTACH DATABASE ? AS cur').run(current.file);
    else db.exec('CREATE TEMP TABLE listings (id TEXT PRIMARY KEY, status TEXT, reasons TEXT, place TEXT, lodging_type TEXT, city_slug TEXT)');
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
      const joined = kind === 'changed' || kind === 'statusChanged';
      const rows = db
        .prepare(
          `SELECT r.id, r.status, r.reasons, r.place, r.lodging_type, r.city_slug, ${joined ? 'o.status' : 'NULL'} AS old_status, ${joined ? 'o.place' : 'NULL'} AS old_place
           ${from} ORDER BY r.id LIMIT ${DIFF_EXAMPLES}`,
        )
        .all() as ExampleRow[];
      return { count, byLodgingType, byCity, examples: rows.map((row) => example(kind, row)) };
    };
    return {
      against: current ? { version: current.version, publishedCount: current.publishedCount } : null,
      added: category('added'),
      removed: category('removed'),
      changed: category('changed'),
      statusChanged: category('statusChanged'),
    };
  } finally {
    db.close();
  }
}

function example(kind: DiffKind, row: ExampleRow): DiffExample {
  const place = JSON.parse(row.place) as Record<string, unknown>;
  const address = place.address as { city?: string | null } | undefined;
  const base: DiffExample = {
    id: row.id,
    name: typeof place.name === 'string' ? place.name : null,
    city: address?.city ?? row.city_slug,
    lodgingType: row.lodging_type,
    status: row.status,
  };
  if (kind === 'statusChanged') {
    base.fromStatus = row.old_status!;
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
