// Use case: import one country's export as a candidate, check the gates, then publish, hold (refused) or keep (dry run).
import { activateSnapshot } from '../snapshot/activate-snapshot.ts';
import { isCountryCode, COUNTRY_CODES } from '../../model/place.ts';
import { makeRunId } from '../jobs/prepare-import.ts';
import { ImportError, type ImportProgress, type ImportRunner } from '../jobs/runner.ts';
import { actorOf } from '../runs/actor.ts';
import { reviewCandidate } from '../gates/candidate-review.ts';
import { acquireCountryLock } from '../runs/country-lock.ts';
import { digestFiles } from '../sources/file-digest.ts';
import { DEFAULT_GATE_THRESHOLDS, type GateThresholds } from '../gates/gates.ts';
import { expireHeld, heldUntil, holdCandidate, supersedeHeld } from '../runs/held-candidates.ts';
import { PublicationError } from './publication-errors.ts';
import { nextStepsFor, type PublicationReport } from '../report/publication-report.ts';
import { renderReportHtml } from '../report/report-html.ts';
import type { RunRecord } from '../runs/run-record.ts';
import { reportHtmlPath, saveReportFiles, saveRun } from '../runs/run-store.ts';
import { thisProcess } from '../runs/process-liveness.ts';

export interface ImportWithGatesOptions {
  country: string;
  files: string[];
  dataDir: string;
  runner: ImportRunner;
  /** Everything but the publication: gates and report, candidate held for review. */
  dryRun?: boolean;
  /** Publish even when a gate fails; the reason is recorded with who forced it. */
  force?: { reason: string } | null;
  /** Who runs it: the console's account; default the OS user. */
  actor?: string;
  thresholds?: GateThresholds;
  /** Published snapshots kept per country (LODGING_KEEP_SNAPSHOTS). */
  keep?: number;
  onProgress?: (progress: ImportProgress) => void;
  onNotice?: (line: string) => void;
  waitForWorkersMs?: number;
  /** Called once the run is recorded (its id is known): the console links to it at once. */
  onStarted?: (run: RunRecord) => void;
}

export interface GatedImportResult {
  run: RunRecord;
  report: PublicationReport;
  /** 0 published (or dry run passed), 3 refused by a gate (nothing published). */
  exitCode: 0 | 3;
  reportHtml: string;
}

export async function importWithGates(options: ImportWithGatesOptions): Promise<GatedImportResult> {
  const country = String(options.country).toLowerCase();
  if (!isCountryCode(country)) {
    throw new ImportError('unknown-country', `unknown country "${options.country}": expected one of ${COUNTRY_CODES.join(', ')}`);
  }
  if (options.force && !options.force.reason.trim()) throw new PublicationError('force-needs-reason', '--force needs --reason "why it is safe to publish"');
  const { dataDir } = options;
  const thresholds = options.thresholds ?? DEFAULT_GATE_THRESHOLDS;
  const by = actorOf(options.actor);
  const runId = makeRunId();
  const lock = acquireCountryLock(dataDir, country, runId, options.dryRun ? 'dry-run import' : 'import');
  try {
    const startedAt = new Date().toISOString();
    const run: RunRecord = {
      runId,
      country,
      runner: options.runner.name,
      dryRun: options.dryRun ?? false,
      files: await digestFiles(options.files),
      startedAt,
      finishedAt: null,
      ...thisProcess(),
      by,
      outcome: 'running',
      candidate: null,
      counts: null,
      gates: null,
      forced: null,
      publishedVersion: null,
      error: null,
      events: [{ at: startedAt, what: options.dryRun ? 'dry run started' : 'import started', by }],
    };
    saveRun(dataDir, run);
    options.onStarted?.(run);

    try {
      expireHeld(dataDir, country, Date.now(), options.keep);
      const result = await options.runner.run(
        {
          country,
          files: options.files,
          dataDir,
          runId,
          candidateOnly: true,
          ...(options.onNotice ? { onNotice: options.onNotice } : {}),
          ...(options.waitForWorkersMs === undefined ? {} : { waitForWorkersMs: options.waitForWorkersMs }),
        },
        options.onProgress,
      );
      const candidate = result.candidate!;
      const imported = result.report;
      run.counts = { lines: imported.lines, badLines: imported.badLines, listings: imported.listings, byStatus: imported.byStatus };
      run.candidate = { version: candidate.version, file: candidate.file, publishedCount: candidate.publishedCount, heldUntil: null };

      const review = reviewCandidate(dataDir, country, candidate, run.counts, thresholds);
      run.gates = review.verdict.gates;
      const refused = review.verdict.refused;
      const at = new Date().toISOString();
      if (options.dryRun || (refused && !options.force)) {
        const until = heldUntil();
        holdCandidate(dataDir, candidate, runId, until);
        run.candidate.heldUntil = until;
        run.outcome = options.dryRun ? 'dry-run' : 'refused';
        run.events.push({
          at,
          what: run.outcome,
          by,
          detail: refused ? `failed: ${review.verdict.gates.filter((g) => g.status === 'fail').map((g) => g.gate).join(', ')}` : 'gates pass',
        });
      } else {
        const forced = refused && options.force ? { by, reason: options.force.reason.trim() } : null;
        const live = activateSnapshot(dataDir, candidate, {
          ...(options.keep === undefined ? {} : { keep: options.keep }),
          entry: { byStatus: imported.byStatus, sources: run.files.map(({ name, size, sha256 }) => ({ name, size, sha256 })), forced: forced !== null, by, reason: forced?.reason ?? null },
        });
        imported.snapshot = live;
        run.outcome = 'published';
        run.forced = forced;
        run.publishedVersion = live.version;
        run.events.push({ at, what: forced ? 'published (forced)' : 'published', by, ...(forced ? { detail: forced.reason } : {}) });
        supersedeHeld(dataDir, country, runId, options.keep);
      }
      run.finishedAt = at;
      const report: PublicationReport = {
        runId,
        country,
        outcome: run.outcome,
        dryRun: run.dryRun,
        publishedVersion: run.publishedVersion,
        candidateVersion: candidate.version,
        heldUntil: run.candidate.heldUntil,
        forced: run.forced,
        by,
        thresholds,
        gates: review.verdict.gates,
        import: imported,
        diff: review.diff,
        rejectedLines: review.rejectedLines,
        nextSteps: [],
      };
      report.nextSteps = nextStepsFor(report);
      const html = renderReportHtml(report);
      saveReportFiles(dataDir, runId, report, html);
      saveRun(dataDir, run);
      return { run, report, exitCode: refused && !options.force ? 3 : 0, reportHtml: reportHtmlPath(dataDir, runId) };
    } catch (error) {
      // Whatever failed (the runner, the review, the publish), the run says so: never left running in a live process.
      if (run.outcome === 'running') {
        const at = new Date().toISOString();
        run.outcome = 'failed';
        run.finishedAt = at;
        run.error = (error as Error).message;
        run.events.push({ at, what: 'failed', by: 'system', detail: run.error });
        saveRun(dataDir, run);
      }
      throw error;
    }
  } finally {
    lock.release();
  }
}
