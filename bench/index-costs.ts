// `npm run bench:indexes`: what each index of a published snapshot costs to build, and which search shapes use it.
// Copies the API bench's snapshot, then for each index of schema.sql's places-indexes section drops it and times
// CREATE INDEX again (CPU and wall), and times the FTS fill. Usage is read from the query plans of every search shape.
// Env: BENCH_API_LISTINGS (200000): which bench/out snapshot. Writes bench/out/index-costs.json.
import { copyFileSync, promises as fs, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { readPointer } from '../pipeline/snapshot/snapshot-pointer.ts';
import { snapshotPath } from '../pipeline/snapshot/snapshot-paths.ts';
import { BUILD_SQL, READ_SQL, countUpToSql, schemaSection, searchSql, type SearchShape } from '../pipeline/snapshot/statements.ts';
import { fillTrigramIndex } from '../pipeline/snapshot/fill-trigram-index.ts';

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const listings = Number(process.env.BENCH_API_LISTINGS ?? 200_000);
const dataDir = path.join(outDir, `api-data-es-${listings}-seed1`);
const info = readPointer(dataDir, 'es');
if (!info) throw new Error(`no snapshot in ${dataDir}: run npm run bench:api first`);
const copy = path.join(outDir, 'index-costs.sqlite');
copyFileSync(snapshotPath(dataDir, 'es', info.version), copy);

export interface IndexCost {
  name: string;
  wallMs: number;
  cpuMs: number;
  usedBy: string[];
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const db = new Database(copy);
try {
  const places = db.prepare('SELECT count(*) FROM places').pluck().get() as number;
  // Which index each statement's plan names.
  const shapes: SearchShape[] = [];
  for (let bits = 0; bits < 16; bits += 1) {
    for (const text of ['none', 'substring', 'trigram'] as const) {
      shapes.push({ city: (bits & 1) > 0, lodgingType: (bits & 2) > 0, whatsapp: (bits & 4) > 0, verified: (bits & 8) > 0, text });
    }
  }
  // Plans depend on the values (the planner reads ANALYZE's histograms): try every type and the commonest and
  // rarest cities, both booleans.
  const types = db.prepare('SELECT DISTINCT lodging_type FROM places').pluck().all() as string[];
  const cityCounts = db.prepare('SELECT city_slug FROM places WHERE city_slug IS NOT NULL GROUP BY city_slug ORDER BY count(*) DESC').pluck().all() as string[];
  const cities = [cityCounts[0]!, cityCounts[cityCounts.length - 1]!];
  const paramSets = types.flatMap((lodgingType) =>
    cities.flatMap((city) => [0, 1].map((flag) => ({ after: 0, city, lodgingType, whatsapp: flag, verified: flag, text: 'sol', match: '"playa"', limit: 26, cap: 5000 }))),
  );
  const statements: [string, string][] = [
    ['get by id', READ_SQL.selectPlace],
    ['cursor position', READ_SQL.selectRowidAtOrBefore],
    ...shapes.map((s): [string, string] => [
      `${[s.city && 'city', s.lodgingType && 'type', s.whatsapp && 'whatsapp', s.verified && 'verified'].filter(Boolean).join('+') || 'all'} q:${s.text}`,
      searchSql(s),
    ]),
    ...shapes.filter((s) => s.text === 'none').map((s): [string, string] => [`count ${JSON.stringify(s)}`, countUpToSql(s)]),
  ];
  const usedBy = new Map<string, string[]>();
  for (const [label, sql] of statements) {
    const names = new Set([...sql.matchAll(/@(\w+)/g)].map((m) => m[1]!));
    const statement = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
    const used = new Set<string>();
    for (const params of paramSets) {
      const rows = (sql.includes('?') ? statement.all('es-x') : statement.all(Object.fromEntries(Object.entries(params).filter(([k]) => names.has(k))))) as { detail: string }[];
      for (const { detail } of rows) {
        const index = /INDEX (places_\w+)/.exec(detail)?.[1] ?? (/places_fts/.test(detail) ? 'places_fts' : null);
        if (index) used.add(index);
      }
    }
    for (const index of used) usedBy.set(index, [...(usedBy.get(index) ?? []), label]);
  }

  const costs: IndexCost[] = [];
  const creates = schemaSection('places-indexes')
    .split(';')
    .map((sql) => sql.replace(/--[^\n]*\n/g, '').trim())
    .filter((sql) => /^CREATE (UNIQUE )?INDEX/.test(sql));
  for (const create of creates) {
    const name = /INDEX (\w+)/.exec(create)![1]!;
    db.exec(`DROP INDEX ${name}`);
    const wall = performance.now();
    const cpu = cpuMs();
    db.exec(create);
    costs.push({ name, wallMs: performance.now() - wall, cpuMs: cpuMs() - cpu, usedBy: usedBy.get(name) ?? [] });
  }
  db.exec("INSERT INTO places_fts (places_fts) VALUES ('delete-all')");
  const wall = performance.now();
  const cpu = cpuMs();
  fillTrigramIndex(db);
  costs.push({ name: 'places_fts (trigram FTS5)', wallMs: performance.now() - wall, cpuMs: cpuMs() - cpu, usedBy: usedBy.get('places_fts') ?? [] });
  const analyze = performance.now();
  db.exec(BUILD_SQL.analyzePlaces);
  const analyzeMs = performance.now() - analyze;

  await fs.writeFile(path.join(outDir, 'index-costs.json'), `${JSON.stringify({ places, costs, analyzeMs }, null, 2)}\n`);
  const lines = [
    `Index build costs over ${places.toLocaleString('en-US')} places (one core; CPU ms is steadier than wall on a shared machine):`,
    ...costs.map(
      (c) =>
        `  ${c.name.padEnd(28)} ${c.cpuMs.toFixed(0).padStart(6)} ms CPU ${c.wallMs.toFixed(0).padStart(6)} ms wall  used by ${c.usedBy.length} statement(s)` +
        (c.usedBy.length ? ` (e.g. ${c.usedBy.slice(0, 2).join('; ')})` : ' — UNUSED'),
    ),
    `  ANALYZE places               ${analyzeMs.toFixed(0).padStart(6)} ms wall`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  db.close();
  rmSync(copy, { force: true });
}
