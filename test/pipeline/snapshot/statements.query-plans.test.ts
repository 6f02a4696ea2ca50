// Every search shape's SQLite plan, over a snapshot the real pipeline built: an index (or the FTS index) drives each
// one in rowid order, starting at the cursor, so no query scans the table, sorts, or pays for how deep its page is.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGeneratedExport } from '../../../pipeline/generate/write-generated-export.ts';
import { importFiles } from '../../../pipeline/jobs/import-files.ts';
import { readPointer } from '../../../pipeline/snapshot/snapshot-pointer.ts';
import { snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { READ_SQL, countUpToSql, searchSql, type SearchShape } from '../../../pipeline/snapshot/statements.ts';
import { tempDataDir } from './support/snapshot-test-kit.ts';

let db: Database.Database;
beforeAll(async () => {
  const dataDir = tempDataDir();
  const file = path.join(dataDir, 'es.jsonl');
  await writeGeneratedExport(file, { country: 'es', count: 3000, seed: 1 });
  await importFiles({ country: 'es', files: [file], dataDir }, { threads: 0 });
  const info = readPointer(dataDir, 'es')!;
  db = new Database(snapshotPath(dataDir, 'es', info.version), { readonly: true });
}, 120_000);
afterAll(() => db?.close());

const PARAMS = { after: 1000, city: 'madrid', lodgingType: 'hotel', whatsapp: 1, verified: 1, text: 'sol', match: '"playa"', limit: 26, cap: 5000 };

/** The plan's detail lines, e.g. "SEARCH places USING INDEX places_city (city_slug=? AND rowid>?)". */
function plan(sql: string): string[] {
  const names = new Set([...sql.matchAll(/@(\w+)/g)].map((m) => m[1]!));
  const params = Object.fromEntries(Object.entries(PARAMS).filter(([name]) => names.has(name)));
  const statement = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const rows = sql.includes('?') ? statement.all('es-x') : statement.all(params);
  return (rows as { detail: string }[]).map((row) => row.detail);
}

const SHAPES: SearchShape[] = [];
for (let bits = 0; bits < 16; bits += 1) {
  for (const text of ['none', 'substring', 'trigram'] as const) {
    SHAPES.push({ city: (bits & 1) > 0, lodgingType: (bits & 2) > 0, whatsapp: (bits & 4) > 0, verified: (bits & 8) > 0, text });
  }
}
const label = (s: SearchShape) =>
  [s.city && 'city', s.lodgingType && 'lodgingType', s.whatsapp && 'whatsapp', s.verified && 'verified'].filter(Boolean).join('+') +
  ` q:${s.text}`;

describe('query plans', () => {
  it.each(SHAPES.map((shape) => [label(shape), shape] as const))('%s: seeks to the cursor in an index, never scans or sorts', (_name, shape) => {
    const lines = plan(searchSql(shape));
    const text = lines.join('\n');
    expect(text, text).not.toMatch(/TEMP B-TREE/);
    if (shape.text === 'trigram') {
      // The FTS index drives, in rowid order from the cursor; places is joined by rowid, one row per match.
      expect(lines[0], text).toMatch(/^SCAN places_fts VIRTUAL TABLE INDEX/);
      expect(lines.slice(1), text).toEqual(['SEARCH p USING INTEGER PRIMARY KEY (rowid=?)']);
    } else {
      // One SEARCH whose key ends in "rowid>?": it starts at the cursor, so page 200 reads what page 1 reads.
      expect(lines, text).toHaveLength(1);
      expect(lines[0], text).toMatch(/^SEARCH places USING (INDEX places_\w+ \([^)]*rowid>\?\)|INTEGER PRIMARY KEY \(rowid>\?\))$/);
    }
  });

  it.each(SHAPES.filter((s) => s.text === 'none' && (s.city || s.lodgingType || s.whatsapp || s.verified)).map((shape) => [label(shape), shape] as const))(
    '%s: the filter-count that picks the q plan seeks too',
    (_name, shape) => {
      const lines = plan(countUpToSql(shape));
      expect(lines.join('\n')).not.toMatch(/\bSCAN places\b|TEMP B-TREE/);
    },
  );

  it.each(SHAPES.filter((s) => s.city).map((shape) => [label(shape), { ...shape, cityAliases: true }] as const))(
    '%s, the city slug also an alias: each side seeks to the cursor, merged without a sort',
    (_name, shape) => {
      const lines = plan(searchSql(shape));
      const text = lines.join('\n');
      expect(text, text).not.toMatch(/TEMP B-TREE|\bSCAN places\b|\bSCAN p\b/);
      if (shape.text === 'trigram') {
        expect(lines[0], text).toMatch(/^SCAN places_fts VIRTUAL TABLE INDEX/);
        expect(text, text).toMatch(/SEARCH place_city_slugs USING PRIMARY KEY \(slug=\?\)/);
      } else {
        expect(lines[0], text).toBe('MERGE (UNION ALL)');
        expect(text, text).toMatch(/SEARCH places USING (?:COVERING )?INDEX places_city\w* \(city_slug=\?[^)]*rowid>\?\)/);
        expect(text, text).toMatch(/SEARCH a USING PRIMARY KEY \(slug=\? AND place_rowid>\?\)\nSEARCH p USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      }
      if (shape.text === 'none') expect(plan(countUpToSql(shape)).join('\n')).not.toMatch(/TEMP B-TREE|\bSCAN places\b|\bSCAN p\b/);
    },
  );

  it('a place by id and a cursor position are one index seek each', () => {
    expect(plan(READ_SQL.selectPlace)).toEqual(['SEARCH places USING INDEX places_id (id=?)']);
    expect(plan(READ_SQL.selectRowidAtOrBefore)).toEqual(['SEARCH places USING COVERING INDEX places_id (id<?)']);
  });
});
