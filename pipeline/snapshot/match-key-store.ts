// The same-place match keys of a build's published listings in temporary SQLite tables: the pass reads them back a block at a time, so no key is held in memory while the import reads.
import type Database from 'better-sqlite3';
import type { MatchKeyColumns, PlaceMatchKey } from '../dedup/place-match-key.ts';
import { MAX_PHONE_SHARERS } from '../dedup/find-same-places.ts';
import type { MatchKeyBlocks, NameBlock, PhoneBlock } from '../dedup/match-key-blocks.ts';
import type { PortalKey } from '../dedup/portal-hosts.ts';

/**
 * One row a listing, numbered in the order first added (a key set again keeps its number), its key in columns
 * (MatchKeyColumns). The phones table holds each phone with its place among its row's phones; `phones` keeps the
 * row's list as JSON for the key read back. They live in SQLite's temporary database:
 * a file of its own with its own bounded page cache, gone when the connection closes.
 */
const SCHEMA = `
CREATE TEMP TABLE match_keys (
  seq INTEGER PRIMARY KEY, id TEXT NOT NULL, words TEXT, numbering TEXT NOT NULL,
  lat REAL, lng REAL, phones TEXT, host TEXT, city TEXT
);
CREATE TEMP TABLE match_phones (seq INTEGER NOT NULL, phone_at INTEGER NOT NULL, phone TEXT NOT NULL);
`;
const KEY_COLUMNS = 'k.seq, k.id, k.words, k.numbering, k.lat, k.lng, k.phones, k.host, k.city';
const SQL = {
  insertKey: 'INSERT INTO temp.match_keys (id, words, numbering, lat, lng, phones, host, city) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  insertPhone: 'INSERT INTO temp.match_phones (seq, phone_at, phone) VALUES (?, ?, ?)',
  /** Only for an id set again: the index is made the first time one is. */
  indexIds: 'CREATE INDEX temp.match_keys_id ON match_keys (id)',
  selectSeq: 'SELECT seq FROM temp.match_keys WHERE id = ?',
  updateKey: 'UPDATE temp.match_keys SET words = ?, numbering = ?, lat = ?, lng = ?, phones = ?, host = ?, city = ? WHERE seq = ?',
  deleteKey: 'DELETE FROM temp.match_keys WHERE seq = ?',
  deletePhones: 'DELETE FROM temp.match_phones WHERE seq = ?',
  /** The blocks are read through SQLite's sorter (sequential runs in its temporary files), not through indexes: an index walk reads the rows in a random order. */
  selectNames: `SELECT ${KEY_COLUMNS} FROM temp.match_keys k WHERE k.words IS NOT NULL ORDER BY k.words, k.numbering, k.seq`,
  /** Only the phones two listings or more share, and no more than `?`: the rest never leave SQLite. */
  selectPhones: `SELECT seq, phone, phone_at FROM (
    SELECT seq, phone, phone_at, count(*) OVER (PARTITION BY phone) AS sharers FROM temp.match_phones
  ) WHERE sharers BETWEEN 2 AND ? ORDER BY phone, seq`,
  selectKey: `SELECT ${KEY_COLUMNS} FROM temp.match_keys k WHERE k.seq = ?`,
  selectHosts: 'SELECT id, host, words FROM temp.match_keys WHERE host IS NOT NULL ORDER BY host, seq',
  drop: 'DROP TABLE temp.match_keys; DROP TABLE temp.match_phones',
} as const;

type KeyRow = [seq: number, id: string, words: string | null, numbering: string, lat: number | null, lng: number | null, phones: string | null, host: string | null, city: string | null];
type PhoneRow = [seq: number, phone: string, phoneAt: number];
type HostRow = [id: string, host: string, words: string | null];

/** The key's columns after its id, as insertKey and updateKey take them. */
function rowColumns(columns: MatchKeyColumns): unknown[] {
  const [words, numbering, lat, lng, phones, host, city] = columns;
  return [words, numbering, lat, lng, phones.length === 0 ? null : JSON.stringify(phones), host, city];
}

const wordsOf = (text: string | null): string[] => (text === null || text === '' ? [] : text.split(' '));

function keyOfRow(row: KeyRow): PlaceMatchKey {
  const [, id, words, numbering, lat, lng, phones, host, citySlug] = row;
  return { id, words: wordsOf(words), numbering: wordsOf(numbering), lat, lng, phones: phones === null ? [] : (JSON.parse(phones) as string[]), host, citySlug };
}

/** A build's match keys: added as the listings are stored, read back as the same-place pass's blocks (MatchKeyBlocks) and the portal pass's host groups. */
export class MatchKeyStore implements MatchKeyBlocks {
  private readonly sql: { [K in 'insertKey' | 'insertPhone']: Database.Statement };
  private idsIndexed = false;

  constructor(private readonly db: Database.Database) {
    db.exec(SCHEMA);
    this.sql = { insertKey: db.prepare(SQL.insertKey), insertPhone: db.prepare(SQL.insertPhone) };
  }

  /** Adds the key of an id the store does not hold. */
  add(id: string, key: MatchKeyColumns): void {
    const seq = Number(this.sql.insertKey.run(id, ...rowColumns(key)).lastInsertRowid);
    this.addPhones(seq, key[4]);
  }

  /** The key of an id set (its number kept when it has one, else added last), or deleted (null): as a Map's set and delete. */
  set(id: string, key: MatchKeyColumns | null): void {
    if (!this.idsIndexed) {
      this.db.exec(SQL.indexIds);
      this.idsIndexed = true;
    }
    const seq = this.db.prepare(SQL.selectSeq).pluck().get(id) as number | undefined;
    if (seq === undefined) {
      if (key !== null) this.add(id, key);
      return;
    }
    this.db.prepare(SQL.deletePhones).run(seq);
    if (key === null) this.db.prepare(SQL.deleteKey).run(seq);
    else {
      this.db.prepare(SQL.updateKey).run(...rowColumns(key), seq);
      this.addPhones(seq, key[4]);
    }
  }

  *nameBlocks(): Iterable<NameBlock> {
    for (const run of runsOf(this.db.prepare(SQL.selectNames).raw(true).iterate() as Iterable<KeyRow>, (a, b) => a[2] === b[2] && a[3] === b[3])) {
      yield { rows: run.map((row) => row[0]), keys: run.map(keyOfRow) };
    }
  }

  /** Only the blocks the pass reads (up to MAX_PHONE_SHARERS rows), their keys fetched in row order once the shared phones are known. */
  *phoneBlocks(): Iterable<PhoneBlock> {
    const shared: Array<{ rows: number[]; phoneAt: number }> = [];
    for (const run of runsOf(this.db.prepare(SQL.selectPhones).raw(true).iterate(MAX_PHONE_SHARERS) as Iterable<PhoneRow>, (a, b) => a[1] === b[1])) {
      shared.push({ rows: run.map((row) => row[0]), phoneAt: run[0]![2] });
    }
    const keys = new Map<number, PlaceMatchKey>();
    const select = this.db.prepare(SQL.selectKey).raw(true);
    for (const seq of [...new Set(shared.flatMap((block) => block.rows))].sort((a, b) => a - b)) keys.set(seq, keyOfRow(select.get(seq) as KeyRow));
    for (const { rows, phoneAt } of shared) yield { rows, keys: rows.map((seq) => keys.get(seq)!), phoneAt };
  }

  /** The keys of each host two listings or more share, a host at a time, each host's keys in the order added. */
  *hostGroups(): Iterable<[host: string, keys: PortalKey[]]> {
    for (const run of runsOf(this.db.prepare(SQL.selectHosts).raw(true).iterate() as Iterable<HostRow>, (a, b) => a[1] === b[1])) {
      yield [run[0]![1], run.map(([id, host, words]) => ({ id, host, words: wordsOf(words) }))];
    }
  }

  /** Drops the tables (their temporary file's pages go back to SQLite). */
  close(): void {
    this.db.exec(SQL.drop);
  }

  private addPhones(seq: number, phones: readonly string[]): void {
    for (let at = 0; at < phones.length; at++) this.sql.insertPhone.run(seq, at, phones[at]!);
  }
}

/** The runs of two or more rows in a row that `same` says are equal neighbours, each as it ends. */
function* runsOf<T>(rows: Iterable<T>, same: (a: T, b: T) => boolean): Iterable<T[]> {
  let run: T[] = [];
  for (const row of rows) {
    if (run.length > 0 && !same(run[0]!, row)) {
      if (run.length > 1) yield run;
      run = [];
    }
    run.push(row);
  }
  if (run.length > 1) yield run;
}
