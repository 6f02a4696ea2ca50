// Counts, per measured field, how the places a candidate keeps from the served snapshot (same id) fill it before and after, and how its new places fill it.
import type Database from 'better-sqlite3';
import { openSnapshotFile } from './open-snapshot-file.ts';
import { MEASURED_PLACE_FIELDS } from '../../model/place-fields.ts';
import { hasValueSql, type FieldFill } from './field-fill.ts';

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

/** What each snapshot stored at seal (field-fill.ts): with them, only the places that differ are read. */
export interface SealedFills {
  candidate: FieldFill;
  current: FieldFill;
}

/**
 * Each side's place JSON, made once a row in a subquery (place-text-sql.ts: a row holds its stored text); its
 * `LIMIT -1` keeps SQLite from copying the expression into every field's test, a call each.
 */
const P_JSON = 'pj';
const O_JSON = 'oj';
const served = (columns: 'p' | 'o' | 'po', from: string): string => {
  const made = [...columns].map((side) => `served_json(${side}.place_json) AS ${side}j`).join(', ');
  return `(SELECT ${made} FROM ${from} LIMIT -1)`;
};

const sums = (fields: readonly string[], column: string) => fields.map((f) => `coalesce(sum${hasValueSql(f, column)}, 0)`).join(', ');

/** The candidate's places not served now: how many, and how many have each field. */
function newPlacesFill(db: Database.Database, fields: readonly string[]): number[] {
  return db
    .prepare(`SELECT count(*), ${sums(fields, P_JSON)} FROM ${served('p', 'main.places AS p WHERE NOT EXISTS (SELECT 1 FROM cur.places AS o WHERE o.id = p.id)')}`)
    .raw()
    .get() as number[];
}

/** Every kept place's JSON read on both sides: the way for files without place hashes or stored fills. */
function byFullJoin(db: Database.Database, fields: readonly string[]): KeptFieldFill {
  const keptSums = fields.flatMap((f) => {
    const before = hasValueSql(f, O_JSON);
    const after = hasValueSql(f, P_JSON);
    return [`sum${before}`, `sum${after}`, `sum(${before} AND NOT ${after})`];
  });
  const kept = db
    .prepare(`SELECT count(*), ${keptSums.map((s) => `coalesce(${s}, 0)`).join(', ')} FROM ${served('po', 'main.places AS p JOIN cur.places AS o ON o.id = p.id')}`)
    .raw()
    .get() as number[];
  const added = newPlacesFill(db, fields);
  return {
    kept: kept[0]!,
    newPlaces: added[0]!,
    fields: fields.map((field, i) => ({ field, before: kept[1 + 3 * i]!, after: kept[2 + 3 * i]!, lost: kept[3 + 3 * i]!, newFilled: added[1 + i]! })),
  };
}

/**
 * From the sealed fills and the place hashes: a kept place whose served JSON hash is unchanged fills what it filled, so
 * only new, removed and changed places are read (a re-import that changes little reads little). Kept places' fill now
 * is the current fill less the removed places', in the candidate the candidate's fill less the new places'.
 */
function bySealedFills(db: Database.Database, fields: readonly string[], fills: SealedFills): KeptFieldFill {
  const added = newPlacesFill(db, fields);
  const removed = db
    .prepare(`SELECT count(*), ${sums(fields, O_JSON)} FROM ${served('o', 'cur.places AS o WHERE NOT EXISTS (SELECT 1 FROM main.places AS p WHERE p.id = o.id)')}`)
    .raw()
    .get() as number[];
  const lost = db
    .prepare(
      `SELECT ${fields.map((f) => `coalesce(sum(${hasValueSql(f, O_JSON)} AND NOT ${hasValueSql(f, P_JSON)}), 0)`).join(', ')}
       FROM ${served('po', 'main.place_hashes AS ph JOIN cur.place_hashes AS oh ON oh.id = ph.id AND oh.hash <> ph.hash JOIN main.places AS p ON p.id = ph.id JOIN cur.places AS o ON o.id = ph.id')}`,
    )
    .raw()
    .get() as number[];
  return {
    kept: fills.candidate.published - added[0]!,
    newPlaces: added[0]!,
    fields: fields.map((field, i) => ({
      field,
      before: fills.current.filled[field]! - removed[1 + i]!,
      after: fills.candidate.filled[field]! - added[1 + i]!,
      lost: lost[i]!,
      newFilled: added[1 + i]!,
    })),
  };
}

const hasPlaceHashes = (db: Database.Database, schema: 'main' | 'cur') =>
  db.prepare(`SELECT count(*) FROM ${schema}.sqlite_schema WHERE type = 'table' AND name = 'place_hashes'`).pluck().get() === 1;

/**
 * The candidate's places joined by id with the current file's (ATTACHed). With both files' sealed fills (covering
 * every field asked) and place hashes, only the places that differ are read; otherwise every kept place is.
 */
export function measureKeptFieldFill(candidateFile: string, currentFile: string, fills?: SealedFills, fields: readonly string[] = MEASURED_PLACE_FIELDS): KeptFieldFill {
  const db = openSnapshotFile(candidateFile);
  try {
    db.prepare('ATTACH DATABASE ? AS cur').run(currentFile);
    const sealed =
      fills !== undefined &&
      fields.every((f) => fills.candidate.filled[f] !== undefined && fills.current.filled[f] !== undefined) &&
      hasPlaceHashes(db, 'main') &&
      hasPlaceHashes(db, 'cur');
    return sealed ? bySealedFills(db, fields, fills) : byFullJoin(db, fields);
  } finally {
    db.close();
  }
}
