// What the run history records about one import run: sources, runner, outcome, counts, gates, who forced it.
import type { PublicationStatus } from '../normalise/normalised-listing.ts';
import type { SourceFileDigest } from '../snapshot/snapshot-catalog.ts';
import type { CountryCode } from '../../model/place.ts';
import type { GateResult } from '../gates/gates.ts';
import type { FieldQuality } from '../gates/field-quality.ts';

/**
 * running: in progress (or interrupted: reconciled to failed on the next command);
 * published: its snapshot went live; refused: a gate failed, candidate held; dry-run: nothing published, candidate
 * held for review; failed: a fatal error or an interrupted process; discarded / expired / superseded: a held
 * candidate dropped by `runs discard`, by its 7 days running out, or by a newer import publishing.
 */
export type RunOutcome = 'running' | 'published' | 'refused' | 'dry-run' | 'failed' | 'discarded' | 'expired' | 'superseded';

export const HELD_OUTCOMES: readonly RunOutcome[] = ['refused', 'dry-run'];
/** How long a held candidate waits for review (unless a newer import of its country publishes first). */
export const HOLD_DAYS = 7;

export interface RunCounts {
  lines: number;
  badLines: number;
  listings: number;
  byStatus: Record<PublicationStatus, number>;
}

export interface RunEvent {
  at: string;
  what: string;
  by: string;
  detail?: string;
}

export interface RunRecord {
  runId: string;
  country: CountryCode;
  /** in-process or bullmq. */
  runner: string;
  dryRun: boolean;
  files: (SourceFileDigest & { path: string })[];
  startedAt: string;
  finishedAt: string | null;
  pid: number;
  host: string;
  /** Who started it: the OS user or the console account. */
  by: string;
  outcome: RunOutcome;
  /** The sealed snapshot this run built (null until sealed, or when it failed before). */
  candidate: { version: string; file: string; publishedCount: number; heldUntil: string | null } | null;
  counts: RunCounts | null;
  gates: GateResult[] | null;
  /** Each published field's fill share against the current snapshot's (absent in records made before it was measured). */
  fieldQuality?: FieldQuality | null;
  /** Set when it was published despite failed gates. */
  forced: { by: string; reason: string } | null;
  /** Set when it went live although it emptied its country or took more than half of its places (confirmed by the remaining count). */
  removal?: { current: number; remaining: number; removed: number } | null;
  /** The snapshot version that went live from this run. */
  publishedVersion: string | null;
  error: string | null;
  events: RunEvent[];
}

export function isHeld(run: RunRecord, now = Date.now()): boolean {
  return (
    HELD_OUTCOMES.includes(run.outcome) &&
    run.candidate !== null &&
    run.candidate.heldUntil !== null &&
    Date.parse(run.candidate.heldUntil) > now
  );
}
