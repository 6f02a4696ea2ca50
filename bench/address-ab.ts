// `node --import tsx bench/address-ab.ts OTHER_CHECKOUT [EXPORT…]`: CPU per listing of normaliseAddress (the city check against the gazetteer included), this checkout's build against another's, in one process, alternating; and whether both give the same addresses.
// The listings are the exports named (each `<cc>-….jsonl`), else 20,000 generated es listings. Each listing's location
// is read once by each build beforehand. Env: BENCH_AB_ROUNDS (20); BENCH_AB_NO_LOCATION=1 passes no coordinates, so
// the gazetteer is never read: the difference of the two runs is what the city check costs.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuild } from '../bin/compiled-build.js';
import type { Country } from '../model/countries.ts';
import type { CountryCode } from '../model/place.ts';
import type { Location } from '../pipeline/normalise/location.ts';
import { ensureBenchExport } from './support/bench-files.ts';

const [other, ...exports] = process.argv.slice(2);
if (other === undefined || !existsSync(path.join(other, 'package.json'))) {
  process.stderr.write('usage: node --import tsx bench/address-ab.ts OTHER_CHECKOUT [EXPORT.jsonl…]\n');
  process.exit(2);
}
const here = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 20);
const NO_LOCATION = process.env.BENCH_AB_NO_LOCATION === '1';
const LINES = 20_000;

const built = ensureBuild();
if (built !== null) throw new Error(`cannot build dist/: ${built}`);
execFileSync(process.execPath, ['-e', "import('./bin/compiled-build.js').then((m) => { const e = m.ensureBuild(); if (e) throw new Error(e); })"], { cwd: other, stdio: 'inherit' });

interface Build {
  parse: typeof import('../pipeline/sources/parse-line.ts').parseExportLine;
  normaliseAddress: typeof import('../pipeline/normalise/address.ts').normaliseAddress;
  normaliseLocation: typeof import('../pipeline/normalise/location.ts').normaliseLocation;
  countries: Record<CountryCode, Country>;
}

async function load(root: string): Promise<Build> {
  const dist = (module: string) => pathToFileURL(path.join(root, 'dist', `${module}.js`)).href;
  const { parseExportLine } = (await import(dist('pipeline/sources/parse-line'))) as typeof import('../pipeline/sources/parse-line.ts');
  const { normaliseAddress } = (await import(dist('pipeline/normalise/address'))) as typeof import('../pipeline/normalise/address.ts');
  const { normaliseLocation } = (await import(dist('pipeline/normalise/location'))) as typeof import('../pipeline/normalise/location.ts');
  const { COUNTRIES } = (await import(dist('model/countries'))) as typeof import('../model/countries.ts');
  return { parse: parseExportLine, normaliseAddress, normaliseLocation, countries: COUNTRIES };
}

const builds = [await load(here), await load(path.resolve(other))];
const { readExportLines } = (await import(pathToFileURL(path.join(here, 'dist/pipeline/sources/read-export.js')).href)) as typeof import('../pipeline/sources/read-export.ts');
const lines: { text: string; country: CountryCode }[] = [];
if (exports.length === 0) {
  const file = await ensureBenchExport(fileURLToPath(new URL('./out/', import.meta.url)), 'es', 100_000, 1, (text) => process.stderr.write(`${text}\n`));
  for await (const line of readExportLines([file])) {
    lines.push({ text: line.text, country: 'es' });
    if (lines.length >= LINES) break;
  }
} else {
  for (const file of exports) for await (const line of readExportLines([file])) lines.push({ text: line.text, country: path.basename(file).slice(0, 2) as CountryCode });
}

interface Input {
  raw: { address: unknown; fullAddress: unknown; name: string | null };
  country: Country;
  location: Location | null;
}

/** Each build's inputs, read with its own parser and location rule. */
const inputs = builds.map((build) =>
  lines.flatMap(({ text, country }): Input[] => {
    const parsed = build.parse(text);
    if (!parsed.ok) return [];
    const { listing } = parsed;
    const rules = build.countries[country];
    const location = NO_LOCATION ? null : build.normaliseLocation(listing.location, rules).value;
    return [{ raw: { address: listing.address, fullAddress: listing.fullAddress, name: typeof listing.name === 'string' ? listing.name : null }, country: rules, location }];
  }),
);

const cpuUs = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

/** One pass over every listing; CPU µs per listing (the results kept when asked, to compare the builds). */
function pass(index: number, results?: string[]): number {
  const build = builds[index]!;
  const start = cpuUs();
  for (const input of inputs[index]!) {
    const result = build.normaliseAddress(input.raw, input.country, input.location);
    results?.push(JSON.stringify(result));
  }
  return (cpuUs() - start) / lines.length;
}

// The first pass warms each build up and keeps its results.
const results: string[][] = [[], []];
pass(0, results[0]);
pass(1, results[1]);
const differing = results[0]!.filter((result, at) => result !== results[1]![at]).length;
const samples: number[][] = [[], []];
const loads: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) {
  loads.push(loadavg()[0]!);
  for (const index of round % 2 === 0 ? [0, 1] : [1, 0]) samples[index]!.push(pass(index));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const figure = (values: number[]) => `${median(values).toFixed(2)} µs (min ${Math.min(...values).toFixed(2)})`;
process.stdout.write(
  [
    `normaliseAddress, CPU per listing, one core, ${lines.length} listings${NO_LOCATION ? ' without coordinates' : ''}, ${ROUNDS} rounds alternated, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} (${new Date().toISOString()}):`,
    `  this checkout: ${figure(samples[0]!)}`,
    `  ${path.resolve(other)}: ${figure(samples[1]!)}`,
    `  this / other: ${(median(samples[0]!) / median(samples[1]!)).toFixed(3)} (median of rounds); addresses differing: ${differing} of ${results[0]!.length}`,
    '',
  ].join('\n'),
);
if (differing > 0) process.exitCode = 1;
