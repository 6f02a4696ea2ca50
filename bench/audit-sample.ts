// `npm run data:audit -- DIR --seed N --count 300`: a seeded sample of published records, moved cities and merged pairs, each printed beside its source line for a reviewer.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openSnapshotRecords } from '../pipeline/snapshot/records-file.ts';
import { createRandom, type Random } from '../pipeline/generate/prng.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const USAGE =
  'usage: npm run data:audit -- DIR [--seed N] [--count 300] [--moved 20] [--merged 10] [--data DATA_ROOT] [--json FILE]\n' +
  '  DIR: exports named <cc>-….jsonl[.gz]; --data: keep (or reuse) one imported data directory per export under DATA_ROOT\n';
/** Issue codes of a city the gazetteer moved or put in its official form. */
const MOVED_CODES = new Set(['city-from-gazetteer', 'city-official-name']);

interface Options {
  dir: string;
  seed: number;
  count: number;
  moved: number;
  merged: number;
  dataRoot: string | null;
  json: string;
}

interface Row {
  id: string;
  place: string;
  issues: string;
  source_file: string;
  source_line: number;
}

interface DuplicateRow {
  id: string;
  kept_id: string;
  matched_id: string;
  signals: string;
  metres: number | null;
}

interface ExportData {
  name: string;
  served: Row[];
  byId: Map<string, Row>;
  duplicates: DuplicateRow[];
}

/** One published record beside its source line, as printed and as written to the JSON file. */
interface Sampled {
  export: string;
  id: string;
  source: { file: string; line: number; text: string };
  fields: Record<string, unknown>;
  issues: unknown[];
}

function readOptions(argv: readonly string[]): Options | string {
  const options: Options = { dir: '', seed: 1, count: 300, moved: 20, merged: 10, dataRoot: null, json: path.join(root, 'bench/out/audit-sample.json') };
  const numbers: Record<string, 'seed' | 'count' | 'moved' | 'merged'> = { '--seed': 'seed', '--count': 'count', '--moved': 'moved', '--merged': 'merged' };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const value = argv[i + 1];
    if (arg in numbers) {
      if (value === undefined || !/^\d+$/.test(value)) return `${arg} takes a whole number`;
      options[numbers[arg]!] = Number(value);
      i += 1;
    } else if (arg === '--data' || arg === '--json') {
      if (value === undefined) return `${arg} takes a path`;
      if (arg === '--data') options.dataRoot = path.resolve(value);
      else options.json = path.resolve(value);
      i += 1;
    } else if (arg.startsWith('--')) {
      return `unknown option ${arg}`;
    } else if (options.dir === '') {
      options.dir = arg;
    } else {
      return `one DIR only (${arg})`;
    }
  }
  return options.dir === '' ? 'DIR is missing' : options;
}

/** The snapshot file of an imported data directory, or null when nothing was imported there yet. */
function snapshotOf(dataDir: string, country: string): string | null {
  const pointer = path.join(dataDir, 'snapshots', country, 'current.json');
  if (!existsSync(pointer)) return null;
  return path.join(dataDir, 'snapshots', (JSON.parse(readFileSync(pointer, 'utf8')) as { file: string }).file);
}

function importInto(file: string, country: string, dataDir: string): string {
  const existing = snapshotOf(dataDir, country);
  if (existing !== null) return existing;
  process.stderr.write(`importing ${path.basename(file)}…\n`);
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'bin/lodging.js'), 'import', '--country', country, '--json', '--force', '--reason', 'data audit', file],
    { env: { ...process.env, LODGING_DATA_DIR: dataDir, LODGING_RUNTIME: 'tsx' }, encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  if (run.status !== 0) throw new Error(`import of ${file} failed (exit ${run.status}): ${run.stderr.slice(-500)}`);
  return snapshotOf(dataDir, country)!;
}

function readExport(name: string, snapshot: string): ExportData {
  const { db } = openSnapshotRecords(snapshot);
  try {
    const published = db
      .prepare("SELECT id, place, issues, source_file, source_line FROM listings WHERE status = 'published' ORDER BY id")
      .all() as Row[];
    const duplicates = db.prepare('SELECT id, kept_id, matched_id, signals, metres FROM same_place_duplicates ORDER BY id').all() as DuplicateRow[];
    const merged = new Set(duplicates.map((row) => row.id));
    return { name, served: published.filter((row) => !merged.has(row.id)), byId: new Map(published.map((row) => [row.id, row])), duplicates };
  } finally {
    db.close();
  }
}

/** Each export's share of `count`, in proportion to its size (largest remainders first, ties to the earlier export). */
export function allocate(sizes: readonly number[], count: number): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const wanted = Math.min(count, total);
  if (wanted === 0) return sizes.map(() => 0);
  const exact = sizes.map((size) => (size * wanted) / total);
  const shares = exact.map(Math.floor);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (let left = wanted - shares.reduce((sum, share) => sum + share, 0), i = 0; left > 0; left -= 1, i += 1) {
    shares[order[i]!.index]! += 1;
  }
  return shares;
}

/** `count` items drawn without replacement (a partial Fisher–Yates shuffle of a copy), in draw order. */
export function draw<T>(items: readonly T[], count: number, random: Random): T[] {
  const pool = [...items];
  const taken = Math.min(count, pool.length);
  for (let i = 0; i < taken; i += 1) {
    const j = i + random.int(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, taken);
}

/** A place's fields as `path → value`, one level of address and location flattened; the id is the record's key. */
function flatten(place: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(place)) {
    if (key === 'id') continue;
    if ((key === 'address' || key === 'location') && value !== null && typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value)) fields[`${key}.${inner}`] = innerValue;
    } else {
      fields[key] = value;
    }
  }
  return fields;
}

const sourceLines = new Map<string, string[]>();
function sourceLine(file: string, line: number): string {
  let lines = sourceLines.get(file);
  if (lines === undefined) {
    lines = file.endsWith('.gz') ? [] : readFileSync(file, 'utf8').split('\n');
    sourceLines.set(file, lines);
  }
  return lines[line - 1] ?? '(not readable here)';
}

function sampled(exportName: string, row: Row): Sampled {
  return {
    export: exportName,
    id: row.id,
    source: { file: path.basename(row.source_file), line: row.source_line, text: sourceLine(row.source_file, row.source_line) },
    fields: flatten(JSON.parse(row.place) as Record<string, unknown>),
    issues: JSON.parse(row.issues) as unknown[],
  };
}

function show(value: unknown): string {
  return value === null || value === undefined ? '–' : typeof value === 'string' ? value : JSON.stringify(value);
}

function printRecord(heading: string, record: Sampled): void {
  const out = process.stdout;
  out.write(`\n${heading}  ${record.id}  ${record.source.file}:${record.source.line}\n`);
  out.write(`  source  ${record.source.text}\n`);
  for (const [field, value] of Object.entries(record.fields)) {
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    out.write(`  ${field.padEnd(24)}${show(value)}\n`);
  }
  for (const issue of record.issues as { field?: string; code?: string; value?: string; detail?: string }[]) {
    out.write(`  issue   ${issue.field ?? ''}/${issue.code ?? ''}${issue.value ? ` value=${JSON.stringify(issue.value)}` : ''}${issue.detail ? ` (${issue.detail})` : ''}\n`);
  }
}

function main(): number {
  const options = readOptions(process.argv.slice(2));
  if (typeof options === 'string') {
    process.stderr.write(`${options}\n${USAGE}`);
    return 2;
  }
  const files = readdirSync(options.dir)
    .sort()
    .map((name) => ({ name, country: /^(es|fr|gb|pt)-.*\.jsonl(?:\.gz)?$/.exec(name)?.[1] }))
    .filter((entry): entry is { name: string; country: string } => entry.country !== undefined);
  if (files.length === 0) {
    process.stderr.write(`no <cc>-….jsonl exports in ${options.dir}\n`);
    return 2;
  }
  const dataRoot = options.dataRoot ?? mkdtempSync(path.join(tmpdir(), 'lodging-data-audit-'));
  try {
    const exports = files.map(({ name, country }) => {
      const exportName = name.replace(/\.jsonl(?:\.gz)?$/, '');
      const dataDir = path.join(dataRoot, exportName);
      mkdirSync(dataDir, { recursive: true });
      return readExport(exportName, importInto(path.join(options.dir, name), country, dataDir));
    });
    const random = createRandom(options.seed);
    const shares = allocate(exports.map((data) => data.served.length), options.count);
    const records = exports.flatMap((data, index) => draw(data.served, shares[index]!, random).map((row) => sampled(data.name, row)));
    const movedPool = exports.flatMap((data) =>
      data.served.filter((row) => (JSON.parse(row.issues) as { code?: string }[]).some((issue) => MOVED_CODES.has(issue.code ?? ''))).map((row) => ({ data, row })),
    );
    const moved = draw(movedPool, options.moved, random).map(({ data, row }) => sampled(data.name, row));
    const mergedPool = exports.flatMap((data) => data.duplicates.map((duplicate) => ({ data, duplicate })));
    const merged = draw(mergedPool, options.merged, random).map(({ data, duplicate }) => ({
      export: data.name,
      signals: JSON.parse(duplicate.signals) as unknown,
      metres: duplicate.metres,
      keptId: duplicate.kept_id,
      duplicate: sampled(data.name, data.byId.get(duplicate.id)!),
      matched: sampled(data.name, data.byId.get(duplicate.matched_id)!),
    }));

    const out = process.stdout;
    out.write(`seed ${options.seed}: ${records.length} published records of ${exports.reduce((sum, data) => sum + data.served.length, 0)} served`);
    out.write(` (${exports.map((data, index) => `${data.name} ${shares[index]}/${data.served.length}`).join(', ')})\n`);
    records.forEach((record, index) => printRecord(`## record ${index + 1} ${record.export}`, record));
    out.write(`\n# ${moved.length} of ${movedPool.length} cities moved or put in the official form by the gazetteer\n`);
    moved.forEach((record, index) => printRecord(`## moved ${index + 1} ${record.export}`, record));
    out.write(`\n# ${merged.length} of ${mergedPool.length} merged same-place pairs (duplicate, then the listing it matched)\n`);
    merged.forEach((pair, index) => {
      out.write(`\n## pair ${index + 1} ${pair.export}: kept ${pair.keptId}, ${pair.metres ?? '?'} m apart, signals ${JSON.stringify(pair.signals)}\n`);
      printRecord('### duplicate', pair.duplicate);
      printRecord('### matched', pair.matched);
    });
    mkdirSync(path.dirname(options.json), { recursive: true });
    writeFileSync(options.json, `${JSON.stringify({ seed: options.seed, records, moved, merged }, null, 1)}\n`);
    process.stderr.write(`sample written to ${options.json}\n`);
    return 0;
  } finally {
    if (options.dataRoot === null) rmSync(dataRoot, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();
