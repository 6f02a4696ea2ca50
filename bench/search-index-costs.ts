// `node --import tsx bench/search-index-costs.ts [SNAPSHOT]`: what the search extensions add to a snapshot (default:
// bench:suggest's 200k one): the bytes of search_words, of the name and rating indexes and of the two key columns, and
// the time to build each again on a copy. Printed, never asserted.
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { buildSearchWords, registerSortName } from '../pipeline/snapshot/build-search-words.ts';
import { readPointer } from '../pipeline/snapshot/snapshot-pointer.ts';
import { recordsPath, snapshotPath } from '../pipeline/snapshot/snapshot-paths.ts';
import { registerPlaceTextFunctions } from '../pipeline/snapshot/place-text-sql.ts';

const dataDir = fileURLToPath(new URL('./out/suggest-data-es-200000-seed1/', import.meta.url));
const info = readPointer(dataDir, 'es');
const file = process.argv[2] ?? (info ? snapshotPath(dataDir, 'es', info.version) : '');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'search-index-costs-'));
const copy = path.join(scratch, 'snapshot.sqlite');
copyFileSync(file, copy);
const db = new Database(copy);
// The word index is built from the words each record carries (seal-inputs.ts), as the builder builds it.
db.prepare('ATTACH DATABASE ? AS records').run(recordsPath(file));
try {
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  let bytesOf = (_name: string): number | null => null;
  try {
    const stat = db.prepare('SELECT sum(pgsize) FROM dbstat WHERE name = ?').pluck();
    bytesOf = (name) => stat.get(name) as number;
  } catch {
    /* no dbstat in this SQLite build */
  }
  const keyBytes = db.prepare('SELECT sum(length(name_key)) + 8 * count(*) FROM places').pluck().get() as number;
  console.log(`snapshot ${mib(statSync(file).size)}; places ${db.prepare('SELECT count(*) FROM places').pluck().get()}`);
  for (const name of ['search_words', 'places_name', 'places_rating']) console.log(`  ${name}: ${bytesOf(name) === null ? 'n/a' : mib(bytesOf(name)!)}`);
  console.log(`  name_key and rating_key column values: ~${mib(keyBytes)}`);
  const time = (label: string, run: () => void) => {
    const started = performance.now();
    run();
    console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  };
  registerSortName(db);
  registerPlaceTextFunctions(db);
  time('search_words again', () => {
    db.exec('DROP TABLE search_words');
    buildSearchWords(db);
  });
  time('name and rating indexes again', () => {
    db.exec('DROP INDEX places_name; DROP INDEX places_rating');
    db.exec('CREATE INDEX places_name ON places (name_key); CREATE INDEX places_rating ON places (rating_key)');
  });
  time('the two key columns computed again', () => {
    db.exec("UPDATE places SET name_key = sort_name(json_extract(served_json(place_json), '$.name')), rating_key = coalesce(-json_extract(served_json(place_json), '$.rating'), 1)");
  });
} finally {
  db.close();
  rmSync(scratch, { recursive: true, force: true });
}
