// Whether a snapshot file from elsewhere may be served: its schema exactly the one this code builds, every served row a valid public Place.
import Database from 'better-sqlite3';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CountryCode } from '../../model/place.ts';
import { storedPlaceSchema } from '../../model/place-schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { openSnapshotFile } from './open-snapshot-file.ts';
import {
  GEO_RTREE_SCHEMA_VERSION,
  INT32_ROWIDS_SCHEMA_VERSION,
  ONE_COLUMN_FTS_SCHEMA_VERSION,
  PLACE_JSON_SCHEMA_VERSION,
  RECORDS_INSIDE_SCHEMA_VERSION,
  SCHEMA_VERSION,
  schemaSection,
  type SchemaSection,
} from './statements.ts';
import { servedPlaceJson } from '../../model/served-place-text.ts';

/** The file is not a snapshot this code would have built: never served. */
export class SnapshotFileRefusedError extends AppError {
  constructor(readonly version: string, reason: string) {
    super(`snapshot ${version}: ${reason}; not served`, { code: 'snapshot-refused', status: 502 });
    this.name = 'SnapshotFileRefusedError';
  }
}

/** The schema versions this code reads and serves: its own and the earlier ones it still reads (statements.ts). */
const SERVED_SCHEMA_VERSIONS: readonly string[] = [
  SCHEMA_VERSION,
  ONE_COLUMN_FTS_SCHEMA_VERSION,
  GEO_RTREE_SCHEMA_VERSION,
  INT32_ROWIDS_SCHEMA_VERSION,
  PLACE_JSON_SCHEMA_VERSION,
  RECORDS_INSIDE_SCHEMA_VERSION,
];

/** Rows checked per turn of the event loop: a few milliseconds each, so a replica keeps answering while it checks. */
const ROWS_PER_TURN = 500;

const SECTIONS: readonly SchemaSection[] = ['build', 'places', 'places-indexes', 'search-trigrams', 'city-aliases', 'search-words'];
/** Files of schema version 8: the trigram index in one column. */
const ONE_COLUMN_FTS_SECTIONS: readonly SchemaSection[] = ['build', 'places', 'places-indexes', 'search-trigrams-one-column', 'city-aliases', 'search-words'];
/** Files of schema versions 5 to 7: the same, with the R*Tree of the located places' points. */
const GEO_RTREE_SECTIONS: readonly SchemaSection[] = [...ONE_COLUMN_FTS_SECTIONS, 'geo-rtree'];
/** Files of the schema version before records had their own file: the R*Tree too, and the records section's tables inside. */
const RECORDS_INSIDE_SECTIONS: readonly SchemaSection[] = [...GEO_RTREE_SECTIONS, 'records'];

/** The schema sections a file of this schema version was built with (a file that names none: this version's). */
function sectionsOf(schemaVersion: string | undefined): readonly SchemaSection[] {
  if (schemaVersion === undefined || schemaVersion === SCHEMA_VERSION || !SERVED_SCHEMA_VERSIONS.includes(schemaVersion)) return SECTIONS;
  if (schemaVersion === ONE_COLUMN_FTS_SCHEMA_VERSION) return ONE_COLUMN_FTS_SECTIONS;
  if (schemaVersion === RECORDS_INSIDE_SCHEMA_VERSION) return RECORDS_INSIDE_SECTIONS;
  return GEO_RTREE_SECTIONS;
}

type SchemaObjects = Map<string, string>;

const expectedObjects = new Map<string, SchemaObjects>();

/** Each schema object's type and SQL by name, as SQLite records them (its own `sqlite_` tables left out: ANALYZE's statistics). */
function schemaObjects(db: Database.Database): SchemaObjects {
  const rows = db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_stat%' ESCAPE '\\'").all() as { type: string; name: string; sql: string | null }[];
  return new Map(rows.map((row) => [row.name, `${row.type} ${row.sql ?? ''}`]));
}

/** What schema.sql makes: every table, index and virtual table's shadow tables, built once in memory. */
function expectedSchemaObjects(sections: readonly SchemaSection[]): SchemaObjects {
  const key = sections.join(' ');
  let objects = expectedObjects.get(key);
  if (!objects) {
    const db = new Database(':memory:');
    try {
      for (const section of sections) db.exec(schemaSection(section));
      db.exec('ANALYZE');
      objects = schemaObjects(db);
      expectedObjects.set(key, objects);
    } finally {
      db.close();
    }
  }
  return objects;
}

/**
 * Why the file's schema is not the one built here (an extra column, a view, a trigger, a missing table), or null.
 * `schemaVersion`: the one the file names, whose schema it must have (earlier ones held the R*Tree, the oldest the records too).
 */
export function schemaProblem(db: Database.Database, schemaVersion?: string): string | null {
  const expected = expectedSchemaObjects(sectionsOf(schemaVersion));
  const found = schemaObjects(db);
  for (const [name, definition] of found) {
    const wanted = expected.get(name);
    if (wanted === undefined) return `its schema has ${definition.split(' ')[0]} "${name}", which no snapshot has`;
    if (wanted !== definition) return `its ${definition.split(' ')[0]} "${name}" is not defined as this version defines it`;
  }
  for (const name of expected.keys()) if (!found.has(name)) return `its schema lacks "${name}"`;
  return null;
}

/**
 * Why a served row is not exactly a public Place as the builder writes it, or null: the JSON it is served as (its
 * stored text with the keys put back: model/served-place-text.ts) must parse through the Place model (every field,
 * nothing else, nested parts too) and be that place's own serialisation, byte for byte, so what is served is what was
 * checked; its id is the row's and of this country.
 */
export function servedRowProblem(id: string, stored: string, country: CountryCode): string | null {
  const json = servedPlaceJson(stored);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return `place ${JSON.stringify(id.slice(0, 80))} is not JSON`;
  }
  const parsed = storedPlaceSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const keys = issue.code === 'unrecognized_keys' ? ` ${issue.keys.map((k) => JSON.stringify(k.slice(0, 40))).join(', ')}` : '';
    return `place ${JSON.stringify(id.slice(0, 80))} is not a public Place (${issue.path.join('.') || 'place'}: ${issue.code}${keys})`;
  }
  if (parsed.data.id !== id) return `place ${JSON.stringify(id.slice(0, 80))} holds the id ${JSON.stringify(parsed.data.id.slice(0, 80))}`;
  if (!id.startsWith(`${country}-`)) return `place ${JSON.stringify(id.slice(0, 80))} is not of ${country}`;
  // The model's output keeps its fields in PLACE_FIELDS order, as the builder's toServedPlace writes them.
  if (JSON.stringify(parsed.data) !== json) return `place ${JSON.stringify(id.slice(0, 80))} is not stored as the builder writes it`;
  return null;
}

/** The schema version the file names (none: a file without meta, or one that does not read). */
function namedSchemaVersion(db: Database.Database): string | undefined {
  try {
    return (db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get() as string | undefined) ?? undefined;
  } catch {
    return undefined;
  }
}

/** What a contents check read: the file's places, and how many of them were checked (the rest were a checked file's rows). */
export interface SnapshotFileCheck {
  places: number;
  checkedRows: number;
}

/**
 * The next slice of rows to check: those of rowid in (after, upto], but the ones a file checked before holds with the
 * same id and the same stored text (`checked`, attached when given: the check is a function of the id and the text, so
 * such a row passed it already). SQLite compares the texts byte for byte (BINARY, as the schema check made sure).
 */
const SLICE_SQL = 'SELECT rowid, id, place_json FROM main.places AS n WHERE rowid > ? AND rowid <= ? ORDER BY rowid';
const UNCHECKED_SLICE_SQL =
  'SELECT rowid, id, place_json FROM main.places AS n WHERE rowid > ? AND rowid <= ? ' +
  'AND NOT EXISTS (SELECT 1 FROM checked.places AS o WHERE o.id = n.id AND o.place_json = n.place_json) ORDER BY rowid';

/**
 * The statement that reads a slice of rows to check: with the file checked before attached (read-only, as the
 * connection is), the rows it does not hold; every row when there is none or it cannot be read as a snapshot.
 */
function sliceStatement(db: Database.Database, checkedBefore: string | null | undefined): Database.Statement<[number, number]> {
  if (checkedBefore) {
    try {
      db.prepare('ATTACH ? AS checked').run(checkedBefore);
      return db.prepare<[number, number]>(UNCHECKED_SLICE_SQL);
    } catch {
      // Not a snapshot file this code reads: every row is checked.
    }
  }
  return db.prepare<[number, number]>(SLICE_SQL);
}

/**
 * Throws SnapshotFileRefusedError unless the file is servable as `version` of `country`: its schema version and
 * schema are this code's, and every row of `places` passes servedRowProblem. Opened read-only with trusted_schema off;
 * yields to the event loop between slices of rows. `checkedBefore`: a snapshot file of the same country that this
 * data directory checked or built (its digest remembered): a row it holds with the same id and text is not checked
 * again, so a new version costs what it changed.
 */
export async function checkSnapshotFile(file: string, country: CountryCode, version: string, options: { checkedBefore?: string | null } = {}): Promise<SnapshotFileCheck> {
  const refuse = (reason: string): never => {
    throw new SnapshotFileRefusedError(version, reason);
  };
  let db: Database.Database;
  try {
    db = openSnapshotFile(file);
  } catch (error) {
    return refuse(`the file does not open as SQLite (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    let meta: Map<string, string>;
    try {
      const problem = schemaProblem(db, namedSchemaVersion(db));
      if (problem) refuse(problem);
      meta = new Map((db.prepare('SELECT key, value FROM meta').raw(true).all() as [string, string][]).map(([k, v]) => [k, v]));
    } catch (error) {
      if (error instanceof SnapshotFileRefusedError) throw error;
      return refuse(`the file does not read as SQLite (${error instanceof Error ? error.message : String(error)})`);
    }
    const schemaVersion = meta.get('schema_version');
    if (schemaVersion === undefined || !SERVED_SCHEMA_VERSIONS.includes(schemaVersion)) {
      refuse(`its schema version is ${JSON.stringify(schemaVersion ?? null)}, not ${SCHEMA_VERSION}`);
    }
    if (meta.get('version') !== version) refuse(`the file holds the version ${JSON.stringify(meta.get('version') ?? null)}`);
    if (meta.get('country') !== country) refuse(`the file is of the country ${JSON.stringify(meta.get('country'))}`);
    const slice = sliceStatement(db, options.checkedBefore).raw(true);
    // The slices' bounds walk the rowids themselves (never a fixed stride: a file's rowids may be far apart).
    const sliceEnd = db.prepare<[number]>(`SELECT rowid FROM places WHERE rowid > ? ORDER BY rowid LIMIT 1 OFFSET ${ROWS_PER_TURN - 1}`).pluck();
    // Every row is reached from rowid 0 up, in JavaScript numbers: a row below or beyond would be served unchecked.
    const [firstRowid, maxRowid] = db.prepare('SELECT min(rowid), max(rowid) FROM places').raw(true).safeIntegers(true).get() as [bigint | null, bigint | null];
    if (firstRowid !== null && (firstRowid < 1n || maxRowid! > BigInt(Number.MAX_SAFE_INTEGER))) refuse('its places have rowids below 1 or beyond 2^53');
    const lastRowid = maxRowid === null ? 0 : Number(maxRowid);
    const places = db.prepare('SELECT count(*) FROM places').pluck().get() as number;
    let checkedRows = 0;
    for (let after = 0; after < lastRowid; ) {
      const upto = (sliceEnd.get(after) as number | undefined) ?? lastRowid;
      for (const [rowid, id, json] of slice.all(after, upto) as [number, unknown, unknown][]) {
        if (typeof id !== 'string' || typeof json !== 'string') refuse(`the place at row ${rowid} is not text`);
        const problem = servedRowProblem(id as string, json as string, country);
        if (problem) refuse(problem);
        checkedRows += 1;
      }
      after = upto;
      if (after < lastRowid) await nextTurn();
    }
    return { places, checkedRows };
  } finally {
    db.close();
  }
}
