// What a console import came to, read from its run record (a held candidate may since have been published or discarded), and its messages without server paths.
import { isHeld, UnknownRunError, type RunRecord, type RunStore } from '../../../pipeline/index.ts';
import type { ImportJob } from './import-jobs.ts';
import { OPS } from './ops-kit.ts';

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

/** One message of an import as its page shows it: the text, and the console page it points at (a run's report). */
export interface ImportMessage {
  text: string;
  href: string | null;
}

/** A report file of the run history named in a message: ", report /…/runs/<runId>/report.html". */
const REPORT_FILE = /,? report (?:file:\/\/)?(?:\/[^\s/:'"`()]+)*\/runs\/([\w-]+)\/report\.html/;

/**
 * A child's message as the import's page shows it: the report it names is a link to the console's report page, and
 * each file is named by the name the operator knows (an upload's original), never by its stored name or server path.
 */
export function importMessage(line: string, job: Pick<ImportJob, 'files' | 'names'>): ImportMessage {
  const report = REPORT_FILE.exec(line);
  let text = cleanMessage(report ? line.replace(REPORT_FILE, '') : line);
  const names = job.names && job.names.length === job.files.length ? job.names : job.files;
  job.files.forEach((stored, i) => {
    if (names[i] !== stored) text = text.split(stored).join(names[i]!);
  });
  return { text, href: report ? `${OPS}/runs/${report[1]}/report` : null };
}

/** A child's message for a person: no "lodging import:" prefix, and a file named by its name, never by its server path. */
export function cleanMessage(line: string): string {
  return line
    .replace(/^lodging(?: import)?: /, '')
    .replace(/(?:file:\/\/)?(?:\/[^\s/:'"`()]+)+\/([^\s/:'"`()]+)/g, '$1')
    .replace(/^\w/, (c) => c.toUpperCase());
}
