// A console import reads what its run came to (a held candidate since published or discarded), its counts, and shows messages without server paths.
import { describe, expect, it } from 'vitest';
import { cleanMessage, importOutcome } from '../../../../api/console/ops/import-outcome.ts';
import { jobView } from '../../../../api/console/ops/import-pages.ts';
import type { ImportJob } from '../../../../api/console/ops/import-jobs.ts';
import type { RunRecord } from '../../../../pipeline/index.ts';

const job = (over: Partial<ImportJob> = {}): ImportJob => ({
  id: 'j1', country: 'es', files: ['es.jsonl'], dryRun: false, queue: false, by: 'console:ops@example.org', startedAt: '2024-01-01T00:00:00Z',
  finishedAt: '2024-01-01T00:01:00Z', state: 'refused', exitCode: 3, progress: null, runId: 'r1', messages: [], ...over,
});
const run = (over: Partial<RunRecord> = {}): RunRecord =>
  ({
    runId: 'r1', country: 'es', outcome: 'refused', dryRun: false,
    counts: { lines: 665, badLines: 0, listings: 665, byStatus: { published: 663, rejected: 0, suppressed: 2, closed: 0 } },
    candidate: { version: 'v', file: 'f', publishedCount: 663, heldUntil: new Date(Date.now() + 86_400_000).toISOString() },
    ...over,
  }) as RunRecord;

describe('importOutcome', () => {
  it.each([
    ['discarded', 'Candidate discarded: nothing published'],
    ['published', 'Published after review'],
    ['superseded', 'Candidate superseded by a newer publication'],
  ] as const)('a refused import whose candidate was later %s says so', (outcome, text) => {
    expect(importOutcome(job(), run({ outcome, candidate: null })).laterText).toBe(text);
  });

  it('a held candidate still waiting keeps the import state and offers the review; counts add up, suppressed included', () => {
    const outcome = importOutcome(job(), run());
    expect(outcome).toMatchObject({ laterText: null, held: true, counts: { published: 663, rejected: 0, suppressed: 2, closed: 0, unreadable: 0 } });
  });

  it('a running import has no outcome yet', () => {
    expect(importOutcome(job({ state: 'running' }), run())).toEqual({ laterText: null, counts: null, held: false, outcome: null });
  });
});

describe('the outcome line of an import (its page and the imports list)', () => {
  it.each([
    ['refused, held', job(), run(), 'would publish 663'],
    ['dry run, held', job({ state: 'dry-run', dryRun: true }), run({ outcome: 'dry-run', dryRun: true }), 'would publish 663'],
    ['refused, since discarded', job(), run({ outcome: 'discarded', candidate: null }), '663 candidates (not published)'],
    ['refused, since published after review', job(), run({ outcome: 'published' }), '663 published'],
    ['published', job({ state: 'published', exitCode: 0 }), run({ outcome: 'published' }), '663 published'],
  ] as const)('%s', (_name, j, r, expected) => {
    const view = jobView(j, r);
    expect(view.outcomeText).toBe(`${expected}, 0 rejected, 2 suppressed, 0 closed, 0 unreadable`);
  });
});

describe('cleanMessage', () => {
  it.each([
    ['lodging import: cannot read /srv/lodging/data/imports/20240101-ab12-es.jsonl: not JSON Lines', 'Cannot read 20240101-ab12-es.jsonl: not JSON Lines'],
    ["lodging: ENOENT: no such file or directory, open '/tmp/x/es.jsonl.gz'", "ENOENT: no such file or directory, open 'es.jsonl.gz'"],
    ['3 unknown labels', '3 unknown labels'],
  ])('%s', (line, expected) => {
    expect(cleanMessage(line)).toBe(expected);
  });
});
