// `npm run bench:profile`: where one core's CPU goes per listing. Times each stage of processChunk (parse, normalise,
// snapshot row) in CPU time over the same lines, then takes a V8 CPU profile of whole chunks and sums self time by
// source file and by package (libphonenumber-js is the phone-parsing floor). Writes the .cpuprofile (open it in
// Chrome DevTools) and a JSON summary to bench/out/. Env: BENCH_PROFILE_CHUNK_LINES (4000), BENCH_PROFILE_REPEATS (3).
import { promises as fs } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from '../bin/compiled-build.js';
import type { ExportLine } from '../pipeline/sources/read-export.ts';
import { ensureBenchExport } from './support/bench-files.ts';
import { machineSpeedMs } from './support/machine-speed.ts';

// The compiled build, as production runs it (tsx's output differs: e.g. esbuild's __name helper on every closure).
const built = ensureBuild();
if (built !== null) throw new Error(`cannot build dist/: ${built}`);
const dist = (module: string) => new URL(`../dist/pipeline/${module}.js`, import.meta.url).href;
const { processChunk } = (await import(dist('jobs/process-chunk'))) as typeof import('../pipeline/jobs/process-chunk.ts');
const { normaliseListing } = (await import(dist('normalise/normalise-listing'))) as typeof import('../pipeline/normalise/normalise-listing.ts');
const { createSuppressionMatcher, parseSuppressionList } = (await import(dist('normalise/suppression'))) as typeof import('../pipeline/normalise/suppression.ts');
const { toListingRecord } = (await import(dist('snapshot/listing-record'))) as typeof import('../pipeline/snapshot/listing-record.ts');
const { parseExportLine } = (await import(dist('sources/parse-line'))) as typeof import('../pipeline/sources/parse-line.ts');
const { readExportLines } = (await import(dist('sources/read-export'))) as typeof import('../pipeline/sources/read-export.ts');

const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const log = (text: string) => process.stderr.write(`${text}\n`);
const LINES = Number(process.env.BENCH_PROFILE_CHUNK_LINES ?? 4000);
const REPEATS = Number(process.env.BENCH_PROFILE_REPEATS ?? 3);
const CHUNK = 1000;

export interface ChunkProfile {
  lines: number;
  repeats: number;
  /** CPU microseconds per listing, one core, per stage. */
  stagesUs: { parse: number; normalise: number; record: number; total: number };
  /** This machine's speed when measured: a fixed workload's CPU in ms (support/machine-speed.ts; lower is faster). */
  machineMs?: number;
  /** Share of the profiled chunk CPU by source file or package (self time), largest first. */
  byFile: { file: string; share: number; usPerListing: number }[];
  topFunctions: { fn: string; share: number }[];
  phonesUs: number;
  profileFile: string;
}

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

const file = await ensureBenchExport(outDir, 'es', 100_000, 1, log);
const lines: ExportLine[] = [];
for await (const line of readExportLines([file])) {
  lines.push(line);
  if (lines.length >= LINES) break;
}
const suppression = parseSuppressionList('').list;
const matcher = createSuppressionMatcher(suppression);
const context = { country: 'es' as const, matchSuppression: matcher };
for (let i = 0; i < 3; i += 1) processChunk({ country: 'es', suppression, lines: lines.slice(0, CHUNK) }, matcher); // JIT warm-up

// Stage by stage, each over every line, REPEATS times; the smallest of the repeats is the least disturbed.
const best = { parse: Infinity, normalise: Infinity, record: Infinity };
for (let r = 0; r < REPEATS; r += 1) {
  let t = cpuUs();
  const parsed = lines.map((line) => parseExportLine(line.text));
  best.parse = Math.min(best.parse, cpuUs() - t);
  t = cpuUs();
  const listings = parsed.map((p, i) => (p.ok ? normaliseListing(p.listing, lines[i]!.source, context) : null));
  best.normalise = Math.min(best.normalise, cpuUs() - t);
  t = cpuUs();
  for (const listing of listings) if (listing && listing.providerId !== null) toListingRecord(listing);
  best.record = Math.min(best.record, cpuUs() - t);
}
const per = (us: number) => us / lines.length;
const stagesUs = { parse: per(best.parse), normalise: per(best.normalise), record: per(best.record), total: 0 };
stagesUs.total = stagesUs.parse + stagesUs.normalise + stagesUs.record;

// The V8 profile of whole chunks, as the worker threads run them.
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const profiledStart = cpuUs();
for (let r = 0; r < REPEATS; r += 1) {
  for (let at = 0; at < lines.length; at += CHUNK) processChunk({ country: 'es', suppression, lines: lines.slice(at, at + CHUNK) }, matcher);
}
const profiledUs = cpuUs() - profiledStart;
const { profile } = await session.post('Profiler.stop');
session.disconnect();
const profileFile = path.join(outDir, 'chunk.cpuprofile');
await fs.writeFile(profileFile, JSON.stringify(profile));

const root = fileURLToPath(new URL('..', import.meta.url));
const groupOf = (url: string) => {
  if (url === '') return '(native / V8)';
  const local = url.startsWith('file://') ? fileURLToPath(url) : url;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(local);
  if (nm) return `npm:${nm[1]}`;
  if (local.startsWith('node:')) return 'node: built-ins';
  return path.relative(root, local).replace(/^dist\//, '').replace(/\.js$/, '.ts');
};
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const selfByFile = new Map<string, number>();
const selfByFn = new Map<string, number>();
let sampled = 0;
profile.samples!.forEach((id, i) => {
  const node = nodes.get(id)!;
  const dt = profile.timeDeltas![i] ?? 0;
  const { functionName, url } = node.callFrame;
  // Idle time, and the inspector's own dispatch (it serialises the profile on stop), are not the chunk's work.
  if (functionName === '(idle)' || functionName === '(program)' || (functionName === 'dispatch' && url === '')) return;
  sampled += dt;
  const group = node.callFrame.functionName === '(garbage collector)' ? '(garbage collector)' : groupOf(node.callFrame.url);
  selfByFile.set(group, (selfByFile.get(group) ?? 0) + dt);
  const fn = `${node.callFrame.functionName || '(anonymous)'} ${group}`;
  selfByFn.set(fn, (selfByFn.get(fn) ?? 0) + dt);
});
const listingsProfiled = lines.length * REPEATS;
const byFile = [...selfByFile]
  .sort((a, b) => b[1] - a[1])
  .map(([f, t]) => ({ file: f, share: t / sampled, usPerListing: ((t / sampled) * profiledUs) / listingsProfiled }));
const topFunctions = [...selfByFn]
  .sort((a, b) => b[1] - a[1])
  .slice(0, 20)
  .map(([fn, t]) => ({ fn, share: t / sampled }));
const phonesUs = byFile.filter((f) => f.file === 'npm:libphonenumber-js').reduce((s, f) => s + f.usPerListing, 0);
const machineMs = machineSpeedMs();
const summary: ChunkProfile = { lines: lines.length, repeats: REPEATS, stagesUs, machineMs, byFile, topFunctions, phonesUs, profileFile };
await fs.writeFile(path.join(outDir, 'chunk-profile.json'), `${JSON.stringify(summary, null, 2)}\n`);

const out = [
  `One core, CPU per listing over ${lines.length} es listings (best of ${REPEATS}): parse ${stagesUs.parse.toFixed(1)} µs, ` +
    `normalise ${stagesUs.normalise.toFixed(1)} µs, snapshot row ${stagesUs.record.toFixed(1)} µs = ${stagesUs.total.toFixed(1)} µs ` +
    `(this machine's fixed workload: ${machineMs} ms)`,
  `processChunk profile: ${(profiledUs / listingsProfiled).toFixed(1)} µs/listing; libphonenumber-js (the phone floor) ${phonesUs.toFixed(1)} µs; by file (self time):`,
  ...byFile.slice(0, 18).map((f) => `  ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.usPerListing.toFixed(1).padStart(6)} µs  ${f.file}`),
  'top functions (self time):',
  ...topFunctions.slice(0, 12).map((f) => `  ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.fn}`),
  `profile: ${path.relative(process.cwd(), profileFile)} (Chrome DevTools > Performance > Load profile)`,
];
process.stdout.write(`${out.join('\n')}\n`);
