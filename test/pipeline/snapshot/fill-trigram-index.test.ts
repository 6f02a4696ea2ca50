// The trigram index of q: a line of the search text a column, no trigram across two fields, and the same answers as a one-column index.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openSnapshotConnection } from '../../../pipeline/snapshot/snapshot-connection.ts';
import { checkSnapshotFile } from '../../../pipeline/snapshot/snapshot-file-check.ts';
import { snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { searchTextLine } from '../../../pipeline/snapshot/search-text.ts';
import { ONE_COLUMN_FTS_SCHEMA_VERSION } from '../../../pipeline/snapshot/statements.ts';
import { makeListing } from './support/make-listing.ts';
import { useOneColumnTrigrams } from './support/one-column-trigrams.ts';
import { publishListings, tempDataDir } from './support/snapshot-test-kit.ts';

/** Eleven labels: more lines than the index has columns, so the last column holds several. */
const MANY_LABELS = ['Hotel', 'Hostal', 'Pensión', 'Albergue', 'Camping', 'Parador', 'Posada', 'Fonda', 'Casa rural', 'Apartamento', 'Motel'];

function published() {
  const dataDir = tempDataDir();
  const listings = [
    makeListing({ providerId: 'a1', place: { name: 'Hostal Niño', legalName: 'Niño e Hijos SL', lodgingTypes: ['Hostal', '2 estrellas'] } }),
    makeListing({ providerId: 'a2', place: { name: 'Casa Sol', address: { street: 'Calle Real 2', city: 'Sevilla', state: null, postalCode: '41001', country: 'es' } } }),
    makeListing({ providerId: 'a3', place: { name: 'Todo Junto', lodgingTypes: MANY_LABELS } }),
  ];
  const info = publishListings(dataDir, listings);
  return { dataDir, info, file: snapshotPath(dataDir, 'es', info.version) };
}

function idsFor(file: string, info: ReturnType<typeof published>['info'], q: string): string[] {
  const connection = openSnapshotConnection(file, info);
  try {
    return connection.searchRows({ country: 'es', limit: 100, q }).rows.map((row) => row.id);
  } finally {
    connection.close();
  }
}

const QUERIES = ['hostal', 'nino', 'hijos sl', 'sevilla', 'madrid', 'estrellas', 'motel', 'apartamento', 'casa rural', 'todo junto', 'nino sevilla', 'sol sevilla', 'hostal\nmadrid', 'xyz'];

describe('the trigram index', () => {
  it('holds no trigram across two lines but in its last column, and finds every line, those beyond it too', () => {
    const { file, info } = published();
    const db = new Database(file, { readonly: true });
    try {
      const columns = db.prepare("SELECT name FROM pragma_table_info('places_fts') ORDER BY cid").pluck().all() as string[];
      expect(columns.length).toBeLessThan(MANY_LABELS.length + 2);
      db.exec("CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, places_fts, 'row')");
      const terms = db.prepare('SELECT term FROM temp.vocab').pluck().all() as string[];
      expect(terms.length).toBeGreaterThan(50);
      // Only the last column, which holds the many-labelled place's lines beyond the others, has any.
      const text = db.prepare("SELECT search_text FROM places WHERE id = 'es-a3'").pluck().get() as string;
      const tail = searchTextLine(text, columns.length - 1, true)!;
      const across = terms.filter((term) => term.includes('\n'));
      expect(across.length).toBeGreaterThan(0);
      expect(across.filter((term) => !tail.includes(term))).toEqual([]);
    } finally {
      db.close();
    }
    expect(idsFor(file, info, 'motel')).toEqual(['es-a3']);
    expect(idsFor(file, info, 'albergue')).toEqual(['es-a3']);
    expect(idsFor(file, info, 'hijos sl')).toEqual(['es-a1']);
    expect(idsFor(file, info, 'sevilla')).toEqual(['es-a2']);
    expect(idsFor(file, info, 'rural apartamento')).toEqual([]);
  });

  it('answers every q as the one-column index of schema version 8 does, which the check still serves', async () => {
    const { file, info, dataDir } = published();
    const old = path.join(dataDir, 'v8.sqlite');
    fs.copyFileSync(file, old);
    const db = new Database(old);
    useOneColumnTrigrams(db);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(ONE_COLUMN_FTS_SCHEMA_VERSION);
    db.close();
    await expect(checkSnapshotFile(old, 'es', info.version)).resolves.toMatchObject({ places: 3 });
    for (const q of QUERIES) expect(idsFor(file, info, q), q).toEqual(idsFor(old, info, q));
    expect(idsFor(file, info, 'hostal')).toEqual(['es-a1', 'es-a3']);
  });
});
