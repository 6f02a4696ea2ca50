// `npm run bench:pipeline`: in-process import throughput, phone-parsing ceiling and peak RSS for generated es exports.
// Env: BENCH_SIZES ("100000,1000000"), BENCH_SEED (1), BENCH_PROFILE_LINES (50000; 0 skips the stage profile),
// LODGING_THREADS (passed through to the import).
import { promises as fs } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBenchExport } from './support/bench-files.ts';
import { checkTarget, formatBenchTable, sizeLabel, type BenchFigures, type BenchRun } from './support/bench-report.ts';
import { PROFILE_RESULT_PREFIX, type StageProfile } from './support/child-protocol.ts';
import { importWithCli } from './support/cli-import.ts';
import { measurePhoneCeiling } from './support/phone-ceiling.ts';
import { runBenchChild } from './support/run-child.ts';

const COUNTRY = 'es';
const CEILING_LISTINGS = 200_000;
const outDir = fileURLToPath(new URL('./out/', import.meta.url));
const log = (text: string) => process.stderr.write(`${text}\n`);

function parseSizes(text: string | undefined): number[] {
  const sizes = (text ?? '100000,1000000').split(',').map((part) => Number(part.trim().replaceAll('_', '')));
  if (sizes.length === 0 || sizes.some((size) => !Number.isSafeInteger(size) || size <= 0)) {
    throw new Error(`BENCH_SIZES must be a comma-separated list of positive integers, not "${text}"`);
  }
  return [...new Set(sizes)].sort((a, b) => a - b);
}

async function importOnce(file: string, size: number, cores: number): Promise<BenchRun> {
  const dataDir = path.join(outDir, `data-${size}-${process.pid}`);
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true });
  try {
    log(`importing ${sizeLabel(size)} with \`lodging import\` (the compiled build)…`);
    const result = await importWithCli(file, dataDir, COUNTRY, process.env.LODGING_THREADS || undefined);
    const listingsPerSecond = result.lines / (result.wallMs / 1000);
    log(`  ${result.lines} lines in ${(result.wallMs / 1000).toFixed(1)} s: ${Math.round(listingsPerSecond)} listings/s`);
    return {
      size,
      lines: result.lines,
      listings: result.listings,
      wallMs: result.wallMs,
      listingsPerSecond,
      listingsPerSecondPerCore: listingsPerSecond / cores,
      readWriteMs: result.readWriteMs,
      publishMs: result.publishMs,
      peakRssBytes: Math.max(result.peakRssSampledBytes, result.maxRssBytes),
      peakRssSampledBytes: result.peakRssSampledBytes,
      maxRssBytes: result.maxRssBytes,
      ...(result.cpuMs ? { cpuMs: result.cpuMs } : {}),
    };
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const sizes = parseSizes(process.env.BENCH_SIZES);
  const seed = Number(process.env.BENCH_SEED ?? 1);
  const profileLines = Number(process.env.BENCH_PROFILE_LINES ?? 50_000);
  const cores = availableParallelism();
  const loadBefore = loadavg()[0]!;

  const files = new Map<number, string>();
  for (const size of sizes) files.set(size, await ensureBenchExport(outDir, COUNTRY, size, seed, log));

  const runs: BenchRun[] = [];
  for (const size of sizes) runs.push(await importOnce(files.get(size)!, size, cores));

  log(`measuring the phone-parsing ceiling over the first ${sizeLabel(CEILING_LISTINGS)} listings…`);
  const phoneCeiling = measurePhoneCeiling(COUNTRY, seed, CEILING_LISTINGS);

  let stageProfile: StageProfile | null = null;
  if (profileLines > 0) {
    log(`profiling the stages on one core over ${sizeLabel(profileLines)} lines…`);
    stageProfile = await runBenchChild<StageProfile>(
      './profile-stages.ts',
      ['--file', files.get(sizes[0]!)!, '--out-dir', outDir, '--lines', String(profileLines), '--country', COUNTRY],
      PROFILE_RESULT_PREFIX,
      log,
    );
  }

  const small = runs[0]!;
  const large = runs[runs.length - 1]!;
  const projected = large.size === 1_000_000 ? undefined : `projected from ${sizeLabel(large.size)}`;
  const figures: BenchFigures = {
    finishedAt: new Date().toISOString(),
    country: COUNTRY,
    seed,
    cores,
    threads: process.env.LODGING_THREADS || `default (${cores})`,
    loadAverage: { before: loadBefore, after: loadavg()[0]! },
    runs,
    phoneCeiling,
    stageProfile,
    targets: {
      perCoreToCeiling: checkTarget(large.listingsPerSecondPerCore / phoneCeiling.ceilingListingsPerSecond, '>=', 0.6, sizeLabel(large.size)),
      wall1M: checkTarget((large.wallMs / 1000) * (1_000_000 / large.size), '<=', 60, projected),
      rssRatio: runs.length > 1 ? checkTarget(large.peakRssBytes / small.peakRssBytes, '<=', 1.3, `${sizeLabel(large.size)}/${sizeLabel(small.size)}`) : null,
    },
  };
  await fs.writeFile(path.join(outDir, 'pipeline-bench.json'), `${JSON.stringify(figures, null, 2)}\n`);
  process.stdout.write(`\n${formatBenchTable(figures)}\n\nfigures: ${path.relative(process.cwd(), path.join(outDir, 'pipeline-bench.json'))}\n`);
}

await main();
