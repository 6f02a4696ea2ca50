// Use cases on a held candidate: publish it after review (gates re-checked against the snapshot current now), or discard it.
import { localSnapshotStore, type SnapshotStore } from './snapshot-store.ts';
import { actorOf } from '../runs/actor.ts';
import { reviewCandidate } from './candidate-review.ts';
import { acquireCountryLock } from '../runs/country-lock.ts';
import { DEFAULT_GATE_THRESHOLDS, type GateThresholds } from '../gates/gates.ts';
import { discardHeld, expireHeld, supersedeHeld } from '../runs/held-candidates.ts';
import { PublicationError } from './publication-errors.ts';
import { assertRemainingConfirmed } from './removal-check.ts';
import { previousSnapshot } from './rollback-rule.ts';
import { nextStepsFor, type PublicationReport } from '../report/publication-report.ts';
import { publicationAdvice } from '../report/publication-advice.ts';
import { renderReportHtml } from '../report/report-html.ts';
import { isHeld, type RunRecord } from '../runs/run-record.ts';
import { readPointer } from '../snapshot/snapshot-pointer.ts';

export interface HeldRunOptions {
  force?: { reason: string } | null;
  /** The number of places that will remain, typed out: required when the candidate empties its country or halves it. */
  confirmRemaining?: number | null;
  actor?: string;
  thresholds?: GateThresholds;
  keep?: number;
  /** Where the snapshot is published (default: this data directory). */
  store?: SnapshotStore;
}

function assertHeld(run: RunRecord): asserts run is RunRecord & { candidate: NonNullable<RunRecord['candidate']> } {
  if (!isHeld(run)) {
    throw new PublicationError(
      'not-held',
      `run ${run.runId} has no held candidate (it is ${run.outcome}${run.candidate?.heldUntil ? `, held until ${run.candidate.heldUntil}` : ''})`,
    );
  }
}

export async function publishHeldRun(dataDir: string, runId: string, options: HeldRunOptions = {}): Promise<{ run: RunRecord; report: PublicationReport | null; exitCode: 0 | 3 }> {
  if (options.force && !options.force.reason.trim()) throw new PublicationError('force-needs-reason', '--force needs --reason "why it is safe to publish"');
  const by = actorOf(options.actor);
  const store = options.store ?? localSnapshotStore;
  const runs = store.runs(dataDir);
  const first = await runs.read(runId);
  const lock = acquireCountryLock(dataDir, first.country, runId, 'publish');
  try {
    await expireHeld(runs, dataDir, first.country, Date.now(), options.keep);
    const basis = await store.basis(first.country);
    const run = await runs.read(runId);
    assertHeld(run);
    // Held by an import on another machine: its file comes from the shared store.
    if (!(await runs.fetchCandidate(run))) {
      throw new PublicationError('candidate-missing', `the candidate file of run ${runId} is gone (${run.candidate.file})`);
    }
    // The current snapshot's records too, for the diff's status changes, when another machine built it.
    const serving = readPointer(dataDir, run.country);
    if (serving) await runs.fetchRecords(serving.runId, serving.file).catch(() => false);
    const thresholds = options.thresholds ?? DEFAULT_GATE_THRESHOLDS;
    const review = reviewCandidate(dataDir, run.country, run.candidate, run.counts!, thresholds);
    run.gates = review.verdict.gates;
    run.fieldQuality = review.fieldQuality;
    const at = new Date().toISOString();
    const refused = review.verdict.refused;
    let exitCode: 0 | 3 = 0;
    if (refused && !options.force) {
      run.events.push({ at, what: 'publish refused', by, detail: `failed: ${review.verdict.gates.filter((g) => g.status === 'fail').map((g) => g.gate).join(', ')}` });
      exitCode = 3;
    } else {
      const removal = review.removal;
      assertRemainingConfirmed(run.country, removal, options.confirmRemaining);
      const forced = refused && options.force ? { by, reason: options.force.reason.trim() } : null;
      // Another publisher moving the shared pointer first throws PointerMovedError: nothing saved, the run stays held.
      const live = await store.publish(
        dataDir,
        { country: run.country, version: run.candidate.version, file: run.candidate.file, publishedAt: at, runId, publishedCount: run.candidate.publishedCount },
        {
          ...(options.keep === undefined ? {} : { keep: options.keep }),
          basis,
          entry: { byStatus: run.counts!.byStatus, sources: run.files.map(({ name, size, sha256 }) => ({ name, size, sha256 })), forced: forced !== null, by, reason: forced?.reason ?? null },
        },
      );
      run.outcome = 'published';
      run.forced = forced;
      run.removal = removal.drastic ? { current: removal.current, remaining: removal.remaining, removed: removal.removed } : null;
      run.publishedVersion = live.version;
      run.candidate = { ...run.candidate, heldUntil: null };
      const what = `published after review${forced ? ' (forced)' : ''}${run.removal ? `, leaving ${removal.remaining} of ${removal.current} places (confirmed)` : ''}`;
      run.events.push({ at, what, by, ...(forced ? { detail: forced.reason } : {}) });
      await supersedeHeld(runs, dataDir, run.country, runId, options.keep);
    }
    await runs.save(run);
    // Served now: its shared copy is no longer needed (one left behind costs space, never correctness).
    if (run.outcome === 'published') await runs.dropCandidate(run).catch(() => undefined);
    const previous = await runs.readReport<PublicationReport>(runId);
    let report: PublicationReport | null = null;
    if (previous) {
      report = {
        ...previous,
        outcome: run.outcome,
        publishedVersion: run.publishedVersion,
        heldUntil: run.candidate?.heldUntil ?? null,
        forced: run.forced,
        thresholds,
        gates: review.verdict.gates,
        diff: review.diff,
        fieldQuality: review.fieldQuality,
        confirmRemaining: run.outcome !== 'published' && review.removal.drastic ? review.removal.remaining : null,
      };
      if (run.publishedVersion) report.import = { ...report.import, snapshot: { country: run.country, version: run.publishedVersion, file: run.candidate!.file, publishedAt: at, runId, publishedCount: run.candidate!.publishedCount } };
      report.advice = run.outcome === 'published' ? [] : publicationAdvice(report, review.removal);
      report.nextSteps = nextStepsFor(report, run.outcome === 'published' && previousSnapshot(await store.list(dataDir, run.country)) !== undefined);
      await runs.saveReport(runId, report, renderReportHtml(report));
    }
    return { run, report, exitCode };
  } finally {
    lock.release();
  }
}

export async function discardRun(dataDir: string, runId: string, options: { actor?: string; keep?: number; store?: SnapshotStore } = {}): Promise<RunRecord> {
  const runs = (options.store ?? localSnapshotStore).runs(dataDir);
  const first = await runs.read(runId);
  const lock = acquireCountryLock(dataDir, first.country, runId, 'discard');
  try {
    const run = await runs.read(runId);
    assertHeld(run);
    return await discardHeld(runs, dataDir, run, actorOf(options.actor), options.keep);
  } finally {
    lock.release();
  }
}
