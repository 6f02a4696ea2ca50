// A snapshot file from elsewhere is checked before it is served: its schema and schema version, and every served row against the public Place.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { checkSnapshotFile, servedRowProblem, SnapshotFileRefusedError } from '../../../pipeline/snapshot/snapshot-file-check.ts';
import { openSnapshotConnection } from '../../../pipeline/snapshot/snapshot-connection.ts';
import { snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { makeListing } from './support/make-listing.ts';
import { servedPlaceJson } from '../../../model/served-place-text.ts';
import { createHash } from 'node:crypto';
import { ONE_COLUMN_FTS_SCHEMA_VERSION, SCHEMA_VERSION, schemaSection } from '../../../pipeline/snapshot/statements.ts';
import { useOneColumnTrigrams } from './support/one-column-trigrams.ts';
import { publishListings, tempDataDir } from './support/snapshot-test-kit.ts';

/** A real published snapshot of three places, and a copy of its file to tamper with. */
function published() {
  const dataDir = tempDataDir();
  const listings = ['a1', 'a2', 'a3'].map((providerId, i) =>
    makeListing({
      providerId,
      place: {
        name: `Hostal ${i}`,
        openingHours: { lunes: [{ open: '09:00', close: '21:00' }], domingo: [] },
        location: { latitude: 40.4 + i / 100, longitude: -3.7 },
      },
    }),
  );
  const info = publishListings(dataDir, listings);
  const file = snapshotPath(dataDir, 'es', info.version);
  const copy = path.join(dataDir, 'copy.sqlite');
  fs.copyFileSync(file, copy);
  const tamper = (sql: string, ...params: unknown[]) => {
    const db = new Database(copy);
    try {
      db.prepare(sql).run(...params);
    } finally {
      db.close();
    }
  };
  const firstJson = () => {
    const db = new Database(copy, { readonly: true });
    try {
      return db.prepare('SELECT id, place_json FROM places ORDER BY rowid LIMIT 1').raw(true).get() as [string, string];
    } finally {
      db.close();
    }
  };
  return { info, file, copy, tamper, firstJson };
}

const refusal = (file: string, version: string, country: 'es' | 'pt' = 'es') => refusalOf(() => checkSnapshotFile(file, country, version));

/** Adds `count` valid places to the file, each a copy of the first under a new id, at rowids 7 apart from 10 on. */
function grow(file: string, count: number): void {
  const db = new Database(file);
  try {
    const columns = (db.prepare("SELECT name FROM pragma_table_info('places')").pluck().all() as string[]).filter((c) => c !== 'id' && c !== 'place_json');
    const [id] = db.prepare('SELECT id FROM places ORDER BY rowid LIMIT 1').raw(true).get() as [string];
    const insert = db.prepare(
      `INSERT INTO places (rowid, id, place_json, ${columns.join(', ')}) SELECT ?, ?, replace(place_json, ?, ?), ${columns.join(', ')} FROM places WHERE id = ?`,
    );
    db.transaction(() => {
      for (let k = 0; k < count; k += 1) insert.run(10 + 7 * k, `${id}-${k}`, JSON.stringify(id), JSON.stringify(`${id}-${k}`), id);
    })();
  } finally {
    db.close();
  }
}

/** The id and stored text of the row at `rowid`, or of the last row. */
function rowAt(file: string, rowid?: number): [string, string] {
  const db = new Database(file, { readonly: true });
  try {
    const sql = rowid === undefined ? 'SELECT id, place_json FROM places ORDER BY rowid DESC LIMIT 1' : 'SELECT id, place_json FROM places WHERE rowid = ?';
    return (rowid === undefined ? db.prepare(sql).raw(true).get() : db.prepare(sql).raw(true).get(rowid)) as [string, string];
  } finally {
    db.close();
  }
}
const lastRow = (file: string) => rowAt(file);

/** The refusal's message of a check, or null when it passes. */
const refusalOf = async (check: () => Promise<unknown>) => {
  try {
    await check();
  } catch (error) {
    expect(error).toBeInstanceOf(SnapshotFileRefusedError);
    return (error as Error).message;
  }
  return null;
};

describe('checking a snapshot file before it is served', () => {
  it('passes a snapshot as the builder wrote it', async () => {
    const { info, file } = published();
    expect(await refusal(file, info.version)).toBeNull();
  });

  it('refuses an extra column in places, a view, a trigger, and a table no snapshot has', async () => {
    for (const sql of [
      'ALTER TABLE places ADD COLUMN secret TEXT',
      "CREATE VIEW leak AS SELECT 'x'",
      'CREATE TRIGGER t AFTER INSERT ON meta BEGIN SELECT 1; END',
      'CREATE TABLE extra (x)',
    ]) {
      const { info, copy, tamper } = published();
      tamper(sql);
      expect(await refusal(copy, info.version), sql).toMatch(/its schema has|is not defined as this version defines it/);
    }
  });

  it('refuses another schema version, another version, another country', async () => {
    const other = published();
    other.tamper("UPDATE meta SET value = '2' WHERE key = 'schema_version'");
    expect(await refusal(other.copy, other.info.version)).toMatch(new RegExp(`schema version is "2", not ${SCHEMA_VERSION}`));
    const { info, file } = published();
    expect(await refusal(file, '20260101T000000000Z-aaaaaa')).toMatch(/holds the version/);
    expect(await refusal(file, info.version, 'pt')).toMatch(/is of the country "es"/);
  });

  it('refuses a place with a field outside the allowlist, and never lets a connection serve it through the check', async () => {
    const { info, copy, tamper, firstJson } = published();
    const [id, stored] = firstJson();
    const json = servedPlaceJson(stored);
    tamper('UPDATE places SET place_json = ? WHERE id = ?', `${json.slice(0, -1)},"<script>":"alert(1)"}`, id);
    expect(await refusal(copy, info.version)).toMatch(/is not a public Place \(place: unrecognized_keys "<script>"\)/);
    // The same key smuggled into a stored text's last value.
    tamper('UPDATE places SET place_json = ? WHERE id = ?', `${stored},"<script>":"alert(1)"`, id);
    expect(await refusal(copy, info.version)).toMatch(/is not a public Place \(place: unrecognized_keys "<script>"\)/);
  });

  it('passes the rows of a file built before stored texts, whose rows are the JSON itself, and checks them alike', () => {
    const { firstJson } = published();
    const [id, stored] = firstJson();
    const json = servedPlaceJson(stored);
    expect(json.startsWith('{"id":')).toBe(true);
    expect(servedRowProblem(id, json, 'es')).toBeNull();
    expect(servedRowProblem(id, stored, 'es')).toBeNull();
  });

  it('refuses a stored text with a value too many, a value too few, or a value that carries keys of its own', () => {
    const { firstJson } = published();
    const [id, stored] = firstJson();
    const values = stored.split('\u0001');
    const variants: [string, RegExp][] = [
      [[...values, 'null'].join('\u0001'), /is not JSON/],
      [values.slice(0, -1).join('\u0001'), /is not a public Place/],
      [[values[0], '"x","legalName":null', ...values.slice(2)].join('\u0001'), /is not JSON|not stored as the builder writes it/],
      [[values[0], '"<b>x</b>"', ...values.slice(2)].join('\u0001'), /^null$/],
    ];
    for (const [variant, problem] of variants) expect(String(servedRowProblem(id, variant, 'es')), variant).toMatch(problem);
  });

  it('refuses nested extra keys, wrong types, duplicate keys and text that is not the builder’s', async () => {
    const { info, firstJson } = published();
    const [id, stored] = firstJson();
    const json = servedPlaceJson(stored);
    const place = JSON.parse(json) as Record<string, unknown>;
    expect(servedRowProblem(id, json, 'es')).toBeNull();
    const variants: [string, RegExp][] = [
      [JSON.stringify({ ...place, address: { ...(place.address as object), note: '<script>' } }), /address: unrecognized_keys "note"/],
      [JSON.stringify({ ...place, name: { html: '<script>' } }), /name: invalid_type/],
      [JSON.stringify({ ...place, website: 'javascript:alert(1)' }), /website: invalid_format/],
      [`{"name":"<script>",${json.slice(1)}`, /not stored as the builder writes it/],
      [JSON.stringify(place, null, 1), /not stored as the builder writes it/],
      [JSON.stringify({ ...place, id: 'es-other' }), /holds the id "es-other"/],
      ['{"id":', /is not JSON/],
    ];
    for (const [variant, problem] of variants) expect(String(servedRowProblem(id, variant, 'es')), variant).toMatch(problem);
    expect(servedRowProblem(id, json, 'pt')).toMatch(/is not of pt/);
    expect(info.version).toBeTruthy();
  });

  it.each([
    ['the files of schema versions 4 to 7 hold them (the R*Tree too)', ['search-trigrams-one-column', 'geo-rtree'], 'eed07d886b317b6c744bf9d07367b91982ff5053b918c4b12dc52dea9e6acfdd'],
    ['the files of schema version 8 hold them (the trigram index in one column)', ['search-trigrams-one-column'], '4b383ea9c26535e374bfd5076395aa3a0ec13f07513ba4b118c2ead4917f757e'],
    ['this schema version writes them', ['search-trigrams'], 'f5bc7590c17e7e2db3061d12d5d9b924543eededd30cb2fd0fec5d73351de3ce'],
  ] as const)('defines the served tables as %s, comments inside each statement too', (_label, more, hash) => {
    // SQLite keeps each CREATE statement's text, comments included, and a fetched file's schema must equal it: an edit
    // inside a statement (even a comment) refuses every file built before. Such a change needs a way to read old files.
    const db = new Database(':memory:');
    try {
      for (const section of ['build', 'places', 'places-indexes', 'city-aliases', 'search-words', ...more] as const) db.exec(schemaSection(section));
      const objects = db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all();
      expect(createHash('sha256').update(JSON.stringify(objects)).digest('hex')).toBe(hash);
    } finally {
      db.close();
    }
  });

  it('serves a file of schema version 8, its trigram index in one column, and refuses that index under this version', async () => {
    const { info, copy } = published();
    const db = new Database(copy);
    useOneColumnTrigrams(db);
    db.close();
    expect(await refusal(copy, info.version)).toMatch(/its table "places_fts" is not defined as this version defines it/);
    const old = new Database(copy);
    old.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(ONE_COLUMN_FTS_SCHEMA_VERSION);
    old.close();
    expect(await checkSnapshotFile(copy, 'es', info.version)).toMatchObject({ places: 3 });
  });

  it('checks every row across slices of far-apart rowids, and refuses a bad one at the very end', async () => {
    const { info, copy, tamper } = published();
    grow(copy, 1200);
    expect(await checkSnapshotFile(copy, 'es', info.version)).toEqual({ places: 1203, checkedRows: 1203 });
    const [id, stored] = lastRow(copy);
    tamper('UPDATE places SET place_json = ? WHERE id = ?', `${stored},"<script>":"alert(1)"`, id);
    expect(await refusal(copy, info.version)).toMatch(new RegExp(`place "${id}" is not a public Place`));
  });

  it('does not check again the rows a checked file holds with the same id and text, and checks every other', async () => {
    const { info, copy, tamper } = published();
    grow(copy, 1200);
    const checked = `${copy}.checked`;
    fs.copyFileSync(copy, checked);
    const check = () => checkSnapshotFile(copy, 'es', info.version, { checkedBefore: checked });
    expect(await check()).toEqual({ places: 1203, checkedRows: 0 });
    // A row changed, as a new import changes it: checked.
    const [id, stored] = lastRow(copy);
    const values = stored.split('\u0001');
    tamper('UPDATE places SET place_json = ? WHERE id = ?', [values[0], '"Renamed"', ...values.slice(2)].join('\u0001'), id);
    expect(await check()).toEqual({ places: 1203, checkedRows: 1 });
    // Another row's text under this id: the same text, but not the same id, so checked, and refused.
    const [, firstStored] = rowAt(copy, 1);
    tamper('UPDATE places SET place_json = ? WHERE id = ?', firstStored, id);
    expect(await refusalOf(check)).toMatch(new RegExp(`place "${id}" holds the id`));
    // A file that cannot be read as a snapshot is no help: every row is checked.
    tamper('UPDATE places SET place_json = ? WHERE id = ?', stored, id);
    const junk = `${copy}.junk`;
    fs.writeFileSync(junk, 'not a database at all '.repeat(100));
    expect(await checkSnapshotFile(copy, 'es', info.version, { checkedBefore: junk })).toEqual({ places: 1203, checkedRows: 1203 });
    expect(await checkSnapshotFile(copy, 'es', info.version, { checkedBefore: `${copy}.missing` })).toEqual({ places: 1203, checkedRows: 1203 });
    expect(fs.existsSync(`${copy}.missing`)).toBe(false);
  });

  it('refuses places at a rowid below 1 or beyond 2^53, which a walk from rowid 0 in JavaScript numbers would not reach', async () => {
    for (const rowid of [0n, -5n, 9007199254740993n]) {
      const { info, copy, tamper } = published();
      tamper('UPDATE places SET rowid = ? WHERE rowid = 2', rowid);
      expect(await refusal(copy, info.version), String(rowid)).toMatch(/rowids below 1 or beyond 2\^53/);
    }
  });

  it('refuses a file that is no SQLite database', async () => {
    const { info, copy } = published();
    fs.writeFileSync(copy, 'not a database at all '.repeat(100));
    expect(await refusal(copy, info.version)).toMatch(/does not (open|read) as SQLite/);
  });

  it('opens served snapshots with trusted_schema off', () => {
    const { info, file } = published();
    const connection = openSnapshotConnection(file, info) as unknown as { db: Database.Database };
    try {
      expect(connection.db.pragma('trusted_schema', { simple: true })).toBe(0);
    } finally {
      (connection as unknown as { close(): void }).close();
    }
  });
});
