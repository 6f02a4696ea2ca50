// Held candidates' lifecycle, under the country lock: held, then published, discarded, expired (7 days) or superseded.
import { pruneSnapshots } from '../snapshot/snapshot-pruner.ts';
import { updateCatalog } from '../snapshot/snapshot-catalog.ts';
import type { CountryCode } from '../../model/place.ts';
import type { SnapshotInfo } from '../snapshot/reader-types.ts';
import { HOLD_DAYS, isHeld, type RunOutcome, type RunRecord } from './run-record.ts';
import { listRuns, saveRun } from './run-store.ts';

export function heldUntil(now = Date.now()): string {
  return new Date(now + HOLD_DAYS * 24 * 3600 * 1000).toISOString();
}

/** Records the sealed candidate as held in the catalog, so no pruner deletes it while it waits. */
export function holdCandidate(dataDir: string, candidate: SnapshotInfo, runId: string, until: string): void {
  updateCatalog(dataDir, candidate.country, (catalog) => {
    catalog.held = [...catalog.held.filter((h) => h.version !== candidate.version), { version: candidate.version, runId, heldUntil: until }];
  });
}

/** Drops held candidates of the country (all but `except`) with the given outcome; their files go with the next prune. */
function release(dataDir: string, country: CountryCode, runs: RunRecord[], outcome: RunOutcome, by: string, keep?: number): RunRecord[] {
  if (runs.length === 0) return [];
  const versions = new Set(runs.map((r) => r.candidate!.version));
  updateCatalog(dataDir, country, (catalog) => {
    catalog.held = catalog.held.filter((h) => !versions.has(h.version));
  });
  const at = new Date().toISOString();
  for (const run of runs) {
    run.outcome = outcome;
    run.candidate = { ...run.candidate!, heldUntil: null };
    run.events.push({ at, what: outcome, by });
    saveRun(dataDir, run);
  }
  try {
    pruneSnapshots(dataDir, country, keep === undefined ? {} : { keep });
  } catch {
    // Files left behind are pruned next time.
  }
  return runs;
}

export function discardHeld(dataDir: string, run: RunRecord, by: string, keep?: number): RunRecord {
  return release(dataDir, run.country, [run], 'discarded', by, keep)[0]!;
}

/** A newer import of the country published: every candidate still held is superseded. */
export function supersedeHeld(dataDir: string, country: CountryCode, exceptRunId: string, keep?: number): RunRecord[] {
  const held = listRuns(dataDir, { country }).filter((r) => r.runId !== exceptRunId && isHeld(r));
  return release(dataDir, country, held, 'superseded', 'system', keep);
}

/** Held candidates whose time ran out become expired (and their files pruned). */
export function expireHeld(dataDir: string, country: CountryCode, now = Date.now(), keep?: number): RunRecord[] {
  const expired = listRuns(dataDir, { country }).filter(
    (r) => (r.outcome === 'refused' || r.outcome === 'dry-run') && r.candidate?.heldUntil && !isHeld(r, now),
  );
  return release(dataDir, country, expired, 'expired', 'system', keep);
}
