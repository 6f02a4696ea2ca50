// Benchmark child: one in-process import of one file, reporting wall time, phase times and peak RSS as one JSON line.
// Runs in its own process so the peak RSS is the import's alone, not the generator's or the parent's.
import { parseArgs } from 'node:util';
import { createInProcessRunner } from '../../pipeline/jobs/in-process-runner.ts';
import type { ImportProgress } from '../../pipeline/jobs/runner.ts';
import type { CountryCode } from '../../model/place.ts';
import { IMPORT_RESULT_PREFIX, type ImportOnceResult } from './child-protocol.ts';

const { values } = parseArgs({
  options: {
    file: { type: 'string' },
    'data-dir': { type: 'string' },
    country: { type: 'string', default: 'es' },
  },
});
if (!values.file || !values['data-dir']) throw new Error('usage: import-once.ts --file F --data-dir D [--country CC]');

let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 50);

const threadsEnv = process.env.LODGING_THREADS;
const threads = threadsEnv === undefined || threadsEnv === '' ? undefined : Number(threadsEnv);
const runner = createInProcessRunner(threads === undefined ? {} : { threads });
const started = performance.now();
let publishingAt: number | null = null;
const onProgress = (progress: ImportProgress) => {
  if (progress.phase === 'publishing' && publishingAt === null) publishingAt = performance.now();
};
const { report } = await runner.run(
  { country: values.country as CountryCode, files: [values.file], dataDir: values['data-dir'] },
  onProgress,
);
const finished = performance.now();
await runner.close();
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage.rss());

const result: ImportOnceResult = {
  lines: report.lines,
  listings: report.listings,
  published: report.byStatus.published ?? 0,
  wallMs: finished - started,
  readWriteMs: (publishingAt ?? finished) - started,
  publishMs: finished - (publishingAt ?? finished),
  peakRssSampledBytes: peakRss,
  // resourceUsage reports kilobytes; it counts the worker threads too, since they share the process.
  maxRssBytes: process.resourceUsage().maxRSS * 1024,
  threads: threads ?? (await import('node:os')).availableParallelism(),
  unknownLabelsDistinct: report.unknownLabelsDistinct,
};
process.stdout.write(`${IMPORT_RESULT_PREFIX}${JSON.stringify(result)}\n`);
