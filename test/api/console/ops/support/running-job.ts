// A console import's job as it starts (running, nothing heard from its child yet), for the suites of the launcher's steps.
import type { ImportJob } from '../../../../../api/console/ops/import-job-store.ts';

export const runningJob = (over: Partial<ImportJob> = {}): ImportJob => ({
  id: 'j1',
  country: 'es',
  files: ['a.jsonl'],
  names: ['a.jsonl'],
  dryRun: false,
  queue: false,
  by: 'ops@example.test',
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
  state: 'running',
  exitCode: null,
  progress: null,
  runId: null,
  messages: [],
  ...over,
});
