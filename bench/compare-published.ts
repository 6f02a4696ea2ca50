// Compares what two data directories publish: each country's served places (and its listing records' status and
// issues) as JSON lines sorted by id, written beside each other and diffed. Usage:
// `node --import tsx bench/compare-published.ts DATA_DIR_A DATA_DIR_B [OUT_DIR]` (exit 1 when they differ).
import { promises as fs, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openSnapshotRecords } from '../pipeline/snapshot/records-file.ts';

interface Dump {
  places: string[];
  records: string[];
}

/** The file the country's pointer names, or null when the directory serves nothing for it. */
function currentFile(dataDir: string, country: string): string | null {
  const pointer = path.join(dataDir, 'snapshots', country, 'current.json');
  if (!existsSync(pointer)) return null;
  const { file } = JSON.parse(readFileSync(pointer, 'utf8')) as { file: string };
  return path.join(dataDir, 'snapshots', file);
}

function dump(file: string): Dump {
  // The records from the records file beside the snapshot, or from inside a snapshot built before it.
  const { db } = openSnapshotRecords(file);
  try {
    const places = db
      .prepare('SELECT id, city_slug, lodging_type, whatsapp, verified, served_json(place_json), search_text FROM places ORDER BY id')
      .raw()
      .all() as unknown[][];
    const aliases = new Map<string, string[]>();
    const hasAliases = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'place_city_slugs'").get() !== undefined;
    if (hasAliases) {
      for (const [id, slug] of db
        .prepare('SELECT p.id, s.slug FROM place_city_slugs s JOIN places p ON p.rowid = s.place_rowid ORDER BY p.id, s.slug')
        .raw()
        .all() as [string, string][]) {
        aliases.set(id, [...(aliases.get(id) ?? []), slug]);
      }
    }
    const records = db
      .prepare('SELECT id, provider_id, status, reasons, issues, summary, city_slug, lodging_type, search_text FROM listings ORDER BY id')
      .raw()
      .all() as unknown[][];
    return {
      places: places.map(([id, citySlug, type, whatsapp, verified, json, search]) =>
        JSON.stringify({ id, citySlug, type, whatsapp, verified, search, aliases: aliases.get(id as string) ?? [], place: JSON.parse(json as string) }),
      ),
      records: records.map(([id, providerId, status, reasons, issues, summary, citySlug, type, search]) =>
        JSON.stringify({ id, providerId, status, reasons, issues: JSON.parse(issues as string), summary: withoutSource(summary as string), citySlug, type, search }),
      ),
    };
  } finally {
    db.close();
  }
}

/** The summary without the source file's path: the two directories imported the same lines from the same files. */
function withoutSource(summary: string): unknown {
  const { source: _source, ...rest } = JSON.parse(summary) as Record<string, unknown>;
  return rest;
}

/** The lines to a file a piece at a time: a 1M import's lines joined pass V8's longest string. */
async function writeLines(file: string, lines: readonly string[]): Promise<void> {
  const handle = await fs.open(file, 'w');
  try {
    for (let i = 0; i < lines.length; i += 10_000) await handle.write(`${lines.slice(i, i + 10_000).join('\n')}\n`);
  } finally {
    await handle.close();
  }
}

function firstDifferences(a: string[], b: string[], limit = 3): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length) && out.length < limit; i += 1) {
    if (a[i] !== b[i]) out.push(`  line ${i + 1}:\n    A ${a[i]?.slice(0, 600) ?? '(none)'}\n    B ${b[i]?.slice(0, 600) ?? '(none)'}`);
  }
  return out;
}

const [dirA, dirB, outArg] = process.argv.slice(2);
if (dirA === undefined || dirB === undefined) {
  process.stderr.write('usage: compare-published.ts DATA_DIR_A DATA_DIR_B [OUT_DIR]\n');
  process.exit(2);
}
const outDir = outArg ?? path.join(path.dirname(new URL(import.meta.url).pathname), 'out', 'compare-published');
await fs.mkdir(outDir, { recursive: true });
let differ = false;
for (const country of ['es', 'fr', 'gb', 'pt']) {
  const fileA = currentFile(dirA, country);
  const fileB = currentFile(dirB, country);
  if (fileA === null && fileB === null) continue;
  if (fileA === null || fileB === null) {
    differ = true;
    process.stdout.write(`${country}: published in ${fileA === null ? 'B' : 'A'} only\n`);
    continue;
  }
  const a = dump(fileA);
  const b = dump(fileB);
  for (const kind of ['places', 'records'] as const) {
    await writeLines(path.join(outDir, `${country}-${kind}-a.jsonl`), a[kind]);
    await writeLines(path.join(outDir, `${country}-${kind}-b.jsonl`), b[kind]);
    const same = a[kind].length === b[kind].length && a[kind].every((line, i) => line === b[kind][i]);
    process.stdout.write(`${country} ${kind}: ${a[kind].length} against ${b[kind].length}, ${same ? 'identical' : 'DIFFERENT'}\n`);
    if (!same) {
      differ = true;
      process.stdout.write(`${firstDifferences(a[kind], b[kind]).join('\n')}\n`);
    }
  }
}
process.stdout.write(`JSON lines in ${outDir}\n`);
process.exitCode = differ ? 1 : 0;
