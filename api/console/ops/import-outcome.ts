// What a console import came to, read from its run record (a held candidate may since have been published or discarded), and its messages without server paths.
import { isHeld, UnknownRunError, type RunRecord, type RunStore } from '../../../pipeline/index.ts';
import type { ImportJob } from './import-jobs.ts';

const LATER: Partial<Record<RunRecord['outcome'], string>> = {
  published: 'Published after review',
  discarded: 'Candidate discarded: nothing published',
  expired: 'Candidate expired unpublished',
  superseded: 'Candidate superseded by a newer publication',
};

export interface ImportOutcome {
  /** The run's state now when it moved on since the import ended (null: the import's own state still holds). */
  laterText: string | null;
  /** Where the lines went, once the run recorded its counts; `published` counts the publishable places, served only when `outcome` is published. */
  counts: { published: number; rejected: number; suppressed: number; closed: number; unreadable: number } | null;
  /** What the run came to now (null while it runs or when it was never recorded). */
  outcome: RunRecord['outcome'] | null;
  /** The candidate waits for review on Held. */
  held: boolean;
}

export async function readRunOf(runs: RunStore, job: ImportJob): Promise<RunRecord | null> {
  if (!job.runId) return null;
  try {
    return await runs.read(job.runId);
  } catch (error) {
    if (error instanceof UnknownRunError) return null;
    throw error;
  }
}

export function importOutcome(job: ImportJob, run: RunRecord | null): ImportOutcome {
  if (!run || job.state === 'running') return { laterText: null, counts: null, held: false, outcome: null };
  const moved = (job.state === 'refused' || job.state === 'dry-run') && run.outcome !== job.state ? (LATER[run.outcome] ?? null) : null;
  const c = run.counts;
  return {
    laterText: moved,
    counts: c ? { published: c.byStatus.published, rejected: c.byStatus.rejected, suppressed: c.byStatus.suppressed, closed: c.byStatus.closed, unreadable: c.badLines } : null,
    held: isHeld(run),
    outcome: run.outcome,
  };
}

/** A child's message for a person: no "lodging import:" prefix, and a file named by its name, never by its server path. */
export function cleanMessage(line: string): string {
  return line
    .replace(/^lodging(?: import)?: /, '')
    .replace(/(?:file:\/\/)?(?:\/[^\s/:'"`()]+)+\/([^\s/:'"`()]+)/g, '$1')
    .replace(/^\w/, (c) => c.toUpperCase());
}
