// The steps of an import with gates, each returning what it made: the request, the run, the candidate, the decision, the report.
import { isCountryCode, COUNTRY_CODES, type CountryCode } from '../../model/place.ts';
import type { CandidateReview } from './candidate-review.ts';
import { DEFAULT_GATE_THRESHOLDS, type GateThresholds } from '../gates/gates.ts';
import type { ImportProgress, ImportRunner } from '../jobs/runner.ts';
import { ImportError } from '../sources/import-error.ts';
import type { ImportReport } from '../report/import-report.ts';
import { nextStepsFor, type PublicationReport } from '../report/publication-report.ts';
import { publicationAdvice } from '../report/publication-advice.ts';
import { actorOf } from '../runs/actor.ts';
import { heldUntil, holdCandidate } from '../runs/held-candidates.ts';
import { thisProcess } from '../runs/process-liveness.ts';
import type { RunEvent, RunOutcome, RunRecord } from '../runs/run-record.ts';
import type { RunStore } from '../runs/run-store.ts';
import { localSnapshotStore, PointerMovedError, type SnapshotStore } from './snapshot-store.ts';
import type { ExportsWritten } from '../exports/export-manifest.ts';
import type { SnapshotInfo } from '../snapshot/reader-types.ts';
import { digestFiles } from '../sources/file-digest.ts';
import { PublicationError } from './publication-errors.ts';

export interface ImportWithGatesOptions {
  country: string;
  files: string[];
  /** The names the files are recorded and shown by, one per file (an upload's original name); default each file's own name. */
  names?: string[];
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
  /** Where the snapshot is published (default: this data directory). */
  store?: SnapshotStore;
  /** Called once the run is recorded (its id is known): the console links to it at once. */
  onStarted?: (run: RunRecord) => void;
  /** The suppression list to apply instead of <dataDir>/suppression-list.txt (npm start's demo uses the fixtures' own). */
  suppressionFile?: string;
}

/** The options, checked: a known country, a forced run's reason, the thresholds and who runs it. */
export interface ImportRequest {
  options: ImportWithGatesOptions;
  country: CountryCode;
  dataDir: string;
  dryRun: boolean;
  force: { reason: string } | null;
  thresholds: GateThresholds;
  by: string;
  /** The run history of the snapshot store it publishes to. */
  runs: RunStore;
}

/** What the runner made: the sealed candidate (not served) and the import report. */
export interface BuiltCandidate {
  candidate: SnapshotInfo;
  imported: ImportReport;
}

/** What happened to the candidate: held for review, or made current (forced or not). */
export interface Decision {
  outcome: Extract<RunOutcome, 'published' | 'refused' | 'dry-run'>;
  heldUntil: string | null;
  forced: { by: string; reason: string } | null;
  /** The publish found the shared pointer moved by another publisher; the candidate is held. */
  lost?: PointerMovedError;
  live: SnapshotInfo | null;
  event: RunEvent;
  /** How writing the published version's export files went (absent when the store wrote none). */
  exports?: ExportsWritten;
}

export function checkImportRequest(options: ImportWithGatesOptions): ImportRequest {
  const country = String(options.country).toLowerCase();
  if (!isCountryCode(country)) {
    throw new ImportError('unknown-country', `unknown country "${options.country}": expected one of ${COUNTRY_CODES.join(', ')}`);
  }
  if (options.force && !options.force.reason.trim()) throw new PublicationError('force-needs-reason', '--force needs --reason "why it is safe to publish"');
  const thresholds = options.thresholds ?? DEFAULT_GATE_THRESHOLDS;
  const runs = (options.store ?? localSnapshotStore).runs(options.dataDir);
  return { options, country, dataDir: options.dataDir, dryRun: options.dryRun ?? false, force: options.force ?? null, thresholds, by: actorOf(options.actor), runs };
}

/** The run as first recorded (running), with the size and digest of every export file. */
export async function startRun(request: ImportRequest, runId: string): Promise<RunRecord> {
  const startedAt = new Date().toISOString();
  const run: RunRecord = {
    runId,
    country: request.country,
    runner: request.options.runner.name,
    dryRun: request.dryRun,
    files: await digestFiles(request.options.files, request.options.names),
    startedAt,
    finishedAt: null,
    ...thisProcess(),
    by: request.by,
    outcome: 'running',
    candidate: null,
    counts: null,
    gates: null,
    forced: null,
    publishedVersion: null,
    error: null,
    events: [{ at: startedAt, what: request.dryRun ? 'dry run started' : 'import started', by: request.by }],
  };
  await request.runs.save(run);
  return run;
}

/** Reads and normalises the export into a sealed candidate snapshot that nothing serves yet. */
export async function buildCandidate(request: ImportRequest, runId: string): Promise<BuiltCandidate> {
  const { options } = request;
  const result = await options.runner.run(
    {
      country: request.country,
      files: options.files,
      dataDir: request.dataDir,
      runId,
      candidateOnly: true,
      ...(options.suppressionFile === undefined ? {} : { suppressionFile: options.suppressionFile }),
      ...(options.onNotice ? { onNotice: options.onNotice } : {}),
      ...(options.waitForWorkersMs === undefined ? {} : { waitForWorkersMs: options.waitForWorkersMs }),
    },
    options.onProgress,
  );
  return { candidate: result.candidate!, imported: result.report };
}

export function withCandidate(run: RunRecord, { candidate, imported }: BuiltCandidate): RunRecord {
  return {
    ...run,
    candidate: { version: candidate.version, file: candidate.file, publishedCount: candidate.publishedCount, heldUntil: null },
    counts: { lines: imported.lines, badLines: imported.badLines, listings: imported.listings, byStatus: imported.byStatus },
  };
}

/** A dry run, or a refusal not forced, holds the candidate for review; anything else makes it current. */
export async function publishOrHold(request: ImportRequest, run: RunRecord, built: BuiltCandidate, review: CandidateReview, at: string, basis: number | null = null): Promise<Decision> {
  const { dataDir, by } = request;
  const refused = review.verdict.refused;
  const hold = async () => {
    const until = heldUntil();
    holdCandidate(dataDir, built.candidate, run.runId, until);
    // Reviewed and published from any machine: the candidate's file goes where they all find it.
    await request.runs.shareCandidate(run);
    const outcome = request.dryRun ? 'dry-run' : 'refused';
    const failed = review.verdict.gates.filter((g) => g.status === 'fail').map((g) => g.gate);
    return { outcome, heldUntil: until, forced: null, live: null, event: { at, what: outcome, by, detail: refused ? `failed: ${failed.join(', ')}` : 'gates pass' } } satisfies Decision;
  };
  if (request.dryRun || (refused && !request.force)) return await hold();
  const forced = refused && request.force ? { by, reason: request.force.reason.trim() } : null;
  const keep = request.options.keep;
  let live: SnapshotInfo;
  let exports: ExportsWritten | undefined;
  try {
    live = await (request.options.store ?? localSnapshotStore).publish(dataDir, built.candidate, {
      ...(keep === undefined ? {} : { keep }),
      basis,
      onExports: (written) => (exports = written),
      entry: { byStatus: built.imported.byStatus, sources: run.files.map(({ name, size, sha256 }) => ({ name, size, sha256 })), forced: forced !== null, by, reason: forced?.reason ?? null },
    });
  } catch (error) {
    if (!(error instanceof PointerMovedError)) throw error;
    // Another publisher won: this candidate is held for review like a refused one, and the caller says why.
    const held = await hold();
    return { ...held, outcome: 'refused', event: { at, what: 'publish lost to another publisher', by, detail: error.message }, lost: error };
  }
  // Kept with the run for every machine's reports and diffs (a local history keeps it beside the snapshot: nothing to do).
  await request.runs.saveRecords(run.runId, built.candidate.file);
  return {
    outcome: 'published',
    heldUntil: null,
    forced,
    live,
    event: { at, what: forced ? 'published (forced)' : 'published', by, ...(forced ? { detail: forced.reason } : {}) },
    ...(exports ? { exports } : {}),
  };
}

export function withGates(run: RunRecord, review: CandidateReview): RunRecord {
  return { ...run, gates: review.verdict.gates, fieldQuality: review.fieldQuality };
}

export function withDecision(run: RunRecord, decision: Decision): RunRecord {
  return {
    ...run,
    finishedAt: decision.event.at,
    outcome: decision.outcome,
    candidate: { ...run.candidate!, heldUntil: decision.heldUntil },
    forced: decision.forced,
    publishedVersion: decision.live?.version ?? null,
    events: [...run.events, decision.event],
  };
}

/** `canRollBack`: a kept snapshot older than the one this run published exists (rollback's next step works). */
export function publicationReport(request: ImportRequest, run: RunRecord, built: BuiltCandidate, review: CandidateReview, decision: Decision, canRollBack = false): PublicationReport {
  const report: PublicationReport = {
    runId: run.runId,
    country: run.country,
    outcome: run.outcome,
    dryRun: run.dryRun,
    publishedVersion: run.publishedVersion,
    candidateVersion: built.candidate.version,
    heldUntil: run.candidate!.heldUntil,
    forced: run.forced,
    by: request.by,
    thresholds: request.thresholds,
    gates: review.verdict.gates,
    import: decision.live ? { ...built.imported, snapshot: decision.live } : built.imported,
    diff: review.diff,
    fieldQuality: review.fieldQuality,
    rejectedLines: review.rejectedLines,
    ...(decision.exports ? { exports: decision.exports } : {}),
    confirmRemaining: review.removal.drastic ? review.removal.remaining : null,
    nextSteps: [],
  };
  return { ...report, advice: publicationAdvice(report, review.removal), nextSteps: nextStepsFor(report, canRollBack) };
}

/** Whatever failed (the runner, the review, the publish), the run says so: never left running in a live process. */
export async function recordFailure(runs: RunStore, run: RunRecord, error: unknown): Promise<void> {
  if (run.outcome !== 'running') return;
  const at = new Date().toISOString();
  const message = (error as Error).message;
  await runs.save({ ...run, outcome: 'failed', finishedAt: at, error: message, events: [...run.events, { at, what: 'failed', by: 'system', detail: message }] });
}
