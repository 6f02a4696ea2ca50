// Use case: import one country's export as a candidate, check the gates, then publish, hold (refused) or keep (dry run).
import { reviewCandidate } from './candidate-review.ts';
import { makeRunId } from '../jobs/prepare-import.ts';
import type { PublicationReport } from '../report/publication-report.ts';
import { renderReportHtml } from '../report/report-html.ts';
import { acquireCountryLock } from '../runs/country-lock.ts';
import { expireHeld, supersedeHeld } from '../runs/held-candidates.ts';
import type { RunRecord } from '../runs/run-record.ts';
import { reportHtmlPath } from '../runs/run-store.ts';
import { localSnapshotStore } from './snapshot-store.ts';
import { previousSnapshot } from './rollback-rule.ts';
import {
  buildCandidate,
  checkImportRequest,
  publicationReport,
  publishOrHold,
  recordFailure,
  startRun,
  withCandidate,
  withDecision,
  withGates,
  type ImportWithGatesOptions,
} from './import-steps.ts';

export type { ImportWithGatesOptions };

export interface GatedImportResult {
  run: RunRecord;
  report: PublicationReport;
  /** 0 published (or dry run passed), 3 refused by a gate (nothing published). */
  exitCode: 0 | 3;
  reportHtml: string;
}

export async function importWithGates(options: ImportWithGatesOptions): Promise<GatedImportResult> {
  const request = checkImportRequest(options);
  const { country, dataDir } = request;
  const runId = makeRunId();
  const lock = acquireCountryLock(dataDir, country, runId, request.dryRun ? 'dry-run import' : 'import');
  try {
    const started = await startRun(request, runId);
    options.onStarted?.(started);
    // The latest state of the run: what a failure records (a run that reached a decision is not marked failed).
    let run = started;
    try {
      await expireHeld(request.runs, dataDir, country, Date.now(), options.keep);
      // The pointer as this import found it: publishing fails if another publisher moves it meanwhile.
      const basis = await (options.store ?? localSnapshotStore).basis(country);
      const built = await buildCandidate(request, runId);
      run = withCandidate(run, built);
      const review = reviewCandidate(dataDir, country, built.candidate, run.counts!, request.thresholds);
      run = withGates(run, review);
      const decision = await publishOrHold(request, run, built, review, new Date().toISOString(), basis);
      run = withDecision(run, decision);
      if (decision.live) await supersedeHeld(request.runs, dataDir, country, runId, options.keep);
      const canRollBack = decision.live ? previousSnapshot(await (options.store ?? localSnapshotStore).list(dataDir, country)) !== undefined : false;
      const report = publicationReport(request, run, built, review, decision, canRollBack);
      await request.runs.saveReport(runId, report, renderReportHtml(report));
      await request.runs.save(run);
      if (decision.lost) throw decision.lost;
      const refusedForGood = review.verdict.refused && !request.force;
      return { run, report, exitCode: refusedForGood ? 3 : 0, reportHtml: reportHtmlPath(dataDir, runId) };
    } catch (error) {
      await recordFailure(request.runs, run, error).catch(() => undefined);
      throw error;
    }
  } finally {
    lock.release();
  }
}
