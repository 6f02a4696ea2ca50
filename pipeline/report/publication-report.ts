// The report of one run as the history stores it: the import report, the gates with their values, the diff, rejected lines.
import type { ExportsWritten } from '../exports/export-manifest.ts';
import type { ImportReport } from './import-report.ts';
import type { RejectedLine } from '../snapshot/candidate-rejections.ts';
import type { GateResult, GateThresholds } from '../gates/gates.ts';
import type { RunOutcome } from '../runs/run-record.ts';
import type { SnapshotDiff } from '../snapshot/snapshot-diff.ts';
import type { FieldQuality } from '../gates/field-quality.ts';
import { suggestedCountry } from './publication-advice.ts';

export interface PublicationReport {
  runId: string;
  country: string;
  outcome: RunOutcome;
  dryRun: boolean;
  /** Which snapshot went live (null when none did). */
  publishedVersion: string | null;
  /** The sealed candidate (held when refused or a dry run). */
  candidateVersion: string | null;
  heldUntil: string | null;
  forced: { by: string; reason: string } | null;
  by: string;
  thresholds: GateThresholds;
  gates: GateResult[];
  import: ImportReport;
  diff: SnapshotDiff;
  /** Per published field: fill share, issues by code, change against the current snapshot (absent in older reports). */
  fieldQuality?: FieldQuality | null;
  rejectedLines: { lines: RejectedLine[]; total: number };
  /** How writing the published version's export files went, after the pointer moved (absent when none were written). */
  exports?: ExportsWritten;
  /** The places that would remain, when publishing the candidate asks for them (it empties or halves its country). */
  confirmRemaining?: number | null;
  /** What to know before the next steps: the country an export looks like, that an import replaces its whole country (absent in older reports). */
  advice?: string[];
  /** Commands a person may run next, exactly as they work. */
  nextSteps: string[];
}

/**
 * Every command printed here works as printed (test/pipeline/cli/import-command.next-steps.test.ts): publishing a candidate the gates
 * refuse asks for --force, rollback is offered only when a kept snapshot older than the one published exists, and an
 * export whose addresses are mostly in another covered country is imported again with that country.
 */
export function nextStepsFor(r: Pick<PublicationReport, 'runId' | 'country' | 'outcome' | 'import' | 'confirmRemaining' | 'gates'>, canRollBack = false): string[] {
  const steps: string[] = [];
  const country = suggestedCountry(r.import);
  if (country) steps.push(`npx lodging import --country ${country} ${r.import.files.map(shellQuote).join(' ')}`);
  steps.push(`npx lodging report ${r.runId} --html ${r.runId}.html`);
  if (r.outcome === 'refused' || r.outcome === 'dry-run') {
    const confirm = typeof r.confirmRemaining === 'number' ? ` --confirm-remaining ${r.confirmRemaining}` : '';
    const force = r.outcome === 'refused' || r.gates.some((g) => g.status === 'fail') ? ' --force --reason "why it is safe"' : '';
    steps.push(`npx lodging publish ${r.runId}${force}${confirm}`);
    steps.push(`npx lodging runs discard ${r.runId}`);
  }
  if (r.outcome === 'published' && canRollBack) steps.push(`npx lodging rollback --country ${r.country}`);
  const sample = r.import.samples.rejected[0] ?? r.import.samples.badLines[0];
  if (sample) steps.push(`npx lodging explain --country ${r.country} ${shellQuote(`${sample.file}:${sample.line}`)}`);
  return steps;
}

/** A word a POSIX shell reads back unchanged. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
