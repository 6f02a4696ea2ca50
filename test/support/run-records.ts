// A run record for tests of the run history: a published in-process run of this process, any field replaced.
import os from 'node:os';
import type { RunRecord } from '../../pipeline/runs/run-record.ts';

/** Unless given a start, started a second apart by the digits of its id (short ids), so listing order follows the ids. */
export const runRecord = (runId: string, over: Partial<RunRecord> = {}): RunRecord => ({
  runId,
  country: 'es',
  runner: 'in-process',
  dryRun: false,
  files: [{ name: 'es.jsonl', path: '/tmp/es.jsonl', size: 10, sha256: 'a'.repeat(64) }],
  startedAt: over.startedAt ?? new Date(Date.parse('2026-11-26T10:00:00Z') + Number(runId.replace(/\D/g, '') || 0) * 1000).toISOString(),
  finishedAt: null,
  pid: process.pid,
  host: os.hostname(),
  by: 'tester',
  outcome: 'published',
  candidate: null,
  counts: null,
  gates: null,
  forced: null,
  publishedVersion: null,
  error: null,
  events: [],
  ...over,
});
