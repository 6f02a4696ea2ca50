// `node --import tsx bench/normalise-ab.ts OTHER_CHECKOUT`: CPU per listing of parse and normalise, this checkout's build
// against another's (e.g. a `git worktree` of main), in one process, alternating A B A B over the same lines so both see
// the same neighbours. On a shared machine that is the only fair comparison: figures from runs minutes apart differ by
// ±20 %. Env: BENCH_AB_LINES (20000), BENCH_AB_ROUNDS (8). Both checkouts are built (dist/) first.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuild } from '../bin/compiled-build.js';
import type { ExportLine } from '../pipeline/sources/read-export.ts';
import { ensureBenchExport } from './support/bench-files.ts';

const other = process.argv[2];
if (other === undefined || !existsSync(path.join(other, 'package.json'))) {
  process.stderr.write('usage: node --import tsx bench/normalise-ab.ts OTHER_CHECKOUT\n');
  process.exit(2);
}
const here = fileURLToPath(new URL('..', import.meta.url));
const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const log = (text: string) => process.stderr.write(`${text}\n`);
const LINES = Number(process.env.BENCH_AB_LINES ?? 20_000);
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 8);

const built = ensureBuild();
if (built !== null) throw new Error(`cannot build dist/: ${built}`);
// The other checkout builds itself with its own script, in its own process.
execFileSync(process.execPath, ['-e', "import('./bin/compiled-build.js').then((m) => { const e = m.ensureBuild(); if (e) throw new Error(e); })"], { cwd: other, stdio: 'inherit' });

interface Build {
  name: string;
  parse: typeof import('../pipeline/sources/parse-line.ts').parseExportLine;
  normalise: typeof import('../pipeline/normalise/normalise-listing.ts').normaliseListing;
  matcher: import('../pipeline/normalise/suppression.ts').SuppressionMatcher;
}

async function load(root: string, name: string): Promise<Build> {
  const dist = (module: string) => pathToFileURL(path.join(root, 'dist', 'pipeline', `${module}.js`)).href;
  const { parseExportLine } = (await import(dist('sources/parse-line'))) as typeof import('../pipeline/sources/parse-line.ts');
  const { normaliseListing } = (await import(dist('normalise/normalise-listing'))) as typeof import('../pipeline/normalise/normalise-listing.ts');
  const suppression = (await import(dist('normalise/suppression'))) as typeof import('../pipeline/normalise/suppression.ts');
  return { name, parse: parseExportLine, normalise: normaliseListing, matcher: suppression.createSuppressionMatcher(suppression.parseSuppressionList('').list) };
}

const builds = [await load(here, 'this checkout'), await load(path.resolve(other), path.resolve(other))];
const file = await ensureBenchExport(outDir, 'es', 100_000, 1, log);
const { readExportLines } = (await import(pathToFileURL(path.join(here, 'dist/pipeline/sources/read-export.js')).href)) as typeof import('../pipeline/sources/read-export.ts');
const lines: ExportLine[] = [];
for await (const line of readExportLines([file])) {
  lines.push(line);
  if (lines.length >= LINES) break;
}

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** One pass over every line: parse, then normalise; CPU µs per listing of each. */
function pass(build: Build): { parse: number; normalise: number } {
  const context = { country: 'es' as const, matchSuppression: build.matcher };
  let t = cpuUs();
  const parsed = lines.map((line) => build.parse(line.text));
  const parse = cpuUs() - t;
  t = cpuUs();
  parsed.forEach((p, i) => (p.ok ? build.normalise(p.listing, lines[i]!.source, context, p.issues) : null));
  const normalise = cpuUs() - t;
  return { parse: parse / lines.length, normalise: normalise / lines.length };
}

for (const build of builds) pass(build); // JIT warm-up, and the caches of repeated values filled as an import's would be
const samples = builds.map(() => ({ parse: [] as number[], normalise: [] as number[] }));
const loads: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  loads.push(loadavg()[0]!);
  // A B, then B A: neither build always runs right after a collection the other's garbage caused.
  const order = round % 2 === 0 ? [0, 1] : [1, 0];
  for (const index of order) {
    const figures = pass(builds[index]!);
    samples[index]!.parse.push(figures.parse);
    samples[index]!.normalise.push(figures.normalise);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const min = (values: number[]) => Math.min(...values);
const row = (name: string, s: { parse: number[]; normalise: number[] }) =>
  `  ${name}: normalise ${median(s.normalise).toFixed(1)} µs (min ${min(s.normalise).toFixed(1)}), parse ${median(s.parse).toFixed(1)} µs (min ${min(s.parse).toFixed(1)})`;
process.stdout.write(
  [
    `CPU per listing, one core, ${lines.length} es listings, ${ROUNDS} rounds alternated, load ${min(loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (${new Date().toISOString()}):`,
    row(builds[0]!.name, samples[0]!),
    row(builds[1]!.name, samples[1]!),
    `  normalise, this / other: ${(median(samples[0]!.normalise) / median(samples[1]!.normalise)).toFixed(3)} (median of rounds)`,
    '',
  ].join('\n'),
);
