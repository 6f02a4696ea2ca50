// The benchmark's figures (as written to pipeline-bench.json) and the table printed from them, targets beside figures.
import type { PhoneCeiling } from './phone-ceiling.ts';
import type { StageProfile } from './child-protocol.ts';

export interface BenchRun {
  size: number;
  lines: number;
  listings: number;
  wallMs: number;
  listingsPerSecond: number;
  listingsPerSecondPerCore: number;
  readWriteMs: number;
  publishMs: number;
  /** max(sampled every 50 ms, the OS's maxRSS) */
  peakRssBytes: number;
  peakRssSampledBytes: number;
  maxRssBytes: number;
  /** CPU time of the whole import (all threads). */
  cpuMs?: number;
}

export interface BenchTarget {
  value: number;
  target: number;
  comparison: '>=' | '<=';
  met: boolean;
  note?: string;
}

export interface BenchFigures {
  finishedAt: string;
  country: string;
  seed: number;
  cores: number;
  threads: string;
  /** 1-minute load average before and after: other work on a shared machine slows every figure. */
  loadAverage: { before: number; after: number };
  runs: BenchRun[];
  phoneCeiling: PhoneCeiling;
  stageProfile: StageProfile | null;
  targets: { perCoreToCeiling: BenchTarget | null; wall1M: BenchTarget | null; rssRatio: BenchTarget | null };
}

export function checkTarget(value: number, comparison: '>=' | '<=', target: number, note?: string): BenchTarget {
  const met = comparison === '>=' ? value >= target : value <= target;
  return note === undefined ? { value, target, comparison, met } : { value, target, comparison, met, note };
}

export function sizeLabel(size: number): string {
  if (size >= 1_000_000 && size % 1_000_000 === 0) return `${size / 1_000_000}M`;
  if (size >= 1000 && size % 1000 === 0) return `${size / 1000}k`;
  return String(size);
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const mark = (target: BenchTarget | null) => (target === null ? '' : target.met ? '✓' : '✗');
const goal = (target: BenchTarget | null, unit = '') =>
  target === null ? 'n/a' : `${target.comparison === '>=' ? '≥' : '≤'} ${target.target}${unit}`;

export function formatBenchTable(figures: BenchFigures): string {
  const rows: [string, string, string, string][] = [];
  const add = (metric: string, value: string, target = '', status = '') => rows.push([metric, value, target, status]);
  for (const run of figures.runs) {
    add(`listings/s ${sizeLabel(run.size)}`, int(run.listingsPerSecond));
  }
  for (const run of figures.runs) add(`listings/s per core ${sizeLabel(run.size)}`, int(run.listingsPerSecondPerCore));
  for (const run of figures.runs) {
    if (run.cpuMs) add(`CPU time ${sizeLabel(run.size)} (all threads)`, `${(run.cpuMs / 1000).toFixed(1)} s = ${((run.cpuMs * 1000) / run.lines).toFixed(0)} µs/listing`);
  }
  const { phoneCeiling: ceiling, targets } = figures;
  add('phone-parse ceiling (1 core)', `${int(ceiling.phonesPerSecond)} phones/s`);
  add('  phones per listing', ceiling.phonesPerListing.toFixed(2));
  add('  ceiling as listings/s', int(ceiling.ceilingListingsPerSecond));
  if (targets.perCoreToCeiling) {
    const t = targets.perCoreToCeiling;
    add('per core / ceiling', `${(t.value * 100).toFixed(1)}%${t.note ? ` (${t.note})` : ''}`, `≥ ${t.target * 100}%`, mark(t));
  }
  if (targets.wall1M) {
    add(`1M wall time${targets.wall1M.note ? ` (${targets.wall1M.note})` : ''}`, `${targets.wall1M.value.toFixed(1)} s`, goal(targets.wall1M, ' s'), mark(targets.wall1M));
  }
  for (const run of figures.runs) add(`peak RSS ${sizeLabel(run.size)}`, mb(run.peakRssBytes));
  if (targets.rssRatio) {
    add(`RSS ratio${targets.rssRatio.note ? ` ${targets.rssRatio.note}` : ''}`, targets.rssRatio.value.toFixed(2), goal(targets.rssRatio), mark(targets.rssRatio));
  }
  for (const run of figures.runs) {
    add(`time split ${sizeLabel(run.size)}`, `read+normalise+write ${(run.readWriteMs / 1000).toFixed(1)} s, publish ${(run.publishMs / 1000).toFixed(1)} s`);
  }
  const profile = figures.stageProfile;
  if (profile) {
    add(`one core, per listing (${sizeLabel(profile.lines)} sample)`, `read ${profile.readUs.toFixed(1)} µs, normalise ${profile.normaliseUs.toFixed(1)} µs, write ${profile.writeUs.toFixed(1)} µs`);
    add('  publish of that sample', `${(profile.publishMs / 1000).toFixed(2)} s`);
  }

  const header: [string, string, string, string] = ['metric', 'value', 'target', ''];
  const widths = [0, 1, 2].map((i) => Math.max(header[i]!.length, ...rows.map((row) => row[i]!.length)));
  const line = (row: [string, string, string, string]) =>
    `${row[0].padEnd(widths[0]!)}  ${row[1].padStart(widths[1]!)}  ${row[2].padEnd(widths[2]!)}  ${row[3]}`.trimEnd();
  const load = `load average ${figures.loadAverage.before.toFixed(1)} before, ${figures.loadAverage.after.toFixed(1)} after`;
  const title = `Pipeline benchmark: ${figures.country}, seed ${figures.seed}, ${figures.cores} cores, threads ${figures.threads}, ${load}`;
  return [title, line(header), ...rows.map(line)].join('\n');
}
