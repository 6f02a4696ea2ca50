// Benchmark child: the import's stages timed one at a time on one core (normalise, write to the snapshot, publish),
// so a run's wall time can be split and the bottleneck named. Prints one JSON line.
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { processChunk, type ChunkItem } from '../../pipeline/jobs/process-chunk.ts';
import { SnapshotSink } from '../../pipeline/jobs/snapshot-sink.ts';
import { parseSuppressionList } from '../../pipeline/normalise/suppression.ts';
import { createSnapshotBuilder } from '../../pipeline/snapshot/snapshot-builder.ts';
import type { CountryCode } from '../../model/place.ts';
import { readExportLines, type ExportLine } from '../../pipeline/sources/read-export.ts';
import { PROFILE_RESULT_PREFIX, type StageProfile } from './child-protocol.ts';

const { values } = parseArgs({
  options: {
    file: { type: 'string' },
    'out-dir': { type: 'string' },
    lines: { type: 'string', default: '50000' },
    country: { type: 'string', default: 'es' },
  },
});
if (!values.file || !values['out-dir']) throw new Error('usage: profile-stages.ts --file F --out-dir D [--lines N]');
const limit = Number(values.lines);
const country = values.country as CountryCode;

let started = performance.now();
const lines: ExportLine[] = [];
for await (const line of readExportLines([values.file])) {
  lines.push(line);
  if (lines.length >= limit) break;
}
const readMs = performance.now() - started;

const suppression = parseSuppressionList('').list;
processChunk({ country, suppression, lines: lines.slice(0, 2000) }); // warm-up: JIT, label tables, metadata
started = performance.now();
const chunks: ChunkItem[][] = [];
for (let at = 0; at < lines.length; at += 1000) {
  chunks.push(processChunk({ country, suppression, lines: lines.slice(at, at + 1000) }));
}
const normaliseMs = performance.now() - started;

const dataDir = await mkdtemp(path.join(values['out-dir'], 'profile-'));
try {
  const builder = createSnapshotBuilder({ dataDir, country, runId: `profile-${process.pid}` });
  const sink = new SnapshotSink(builder);
  started = performance.now();
  for (const chunk of chunks) sink.write(chunk);
  const writeMs = performance.now() - started;
  started = performance.now();
  builder.publish();
  const publishMs = performance.now() - started;

  const perLineUs = (ms: number) => (ms * 1000) / lines.length;
  const profile: StageProfile = {
    lines: lines.length,
    readUs: perLineUs(readMs),
    normaliseUs: perLineUs(normaliseMs),
    writeUs: perLineUs(writeMs),
    publishMs,
  };
  process.stdout.write(`${PROFILE_RESULT_PREFIX}${JSON.stringify(profile)}\n`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
