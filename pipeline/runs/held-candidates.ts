// Held candidates' lifecycle, under the country lock: held, then published, discarded, expired (7 days) or superseded.
import { pruneSnapshots } from '../snapshot/snapshot-pruner.ts';
import { updateCatalog } from '../snapshot/snapshot-catalog.ts';
import type { CountryCode } from '../../model/place.ts';
import type { SnapshotInfo } from '../snapshot/reader-types.ts';
import { HOLD_DAYS, isHeld, type RunOutcome, type RunRecord } from './run-record.ts';
import type { RunStore } from './run-store.ts';

export function heldUntil(now = Date.now()): string {
  return new Date(now + HOLD_DAYS * 24 * 3600 * 1000).toISOString();
}

/** Records the sealed candidate as held in the catalog, so no pruner deletes it while it waits. */
export function holdCandidate(dataDir: string, candidate: Pick<SnapshotInfo, 'country' | 'version'>, runId: string, until: string): void {
  updateCatalog(dataDir, candidate.country, (catalog) => {
    catalog.held = [...catalog.held.filter((h) => h.version !== candidate.version), { version: candidate.version, runId, heldUntil: until }];
  });
}

/** Drops held candidates of the country with the given outcome; their files go with the next prune, their shared copies now. */
async function release(history: RunStore, dataDir: string, country: CountryCode, runs: RunRecord[], outcome: RunOutcome, by: string, keep?: number): Promise<RunRecord[]> {
  if (runs.length === 0) return [];
  const versions = new Set(runs.map((r) => r.candidate!.version));
  updateCatalog(dataDir, country, (catalog) => {
    catalog.held = catalog.held.filter((h) => !versions.has(h.version));
  });
  const at = new Date().toISOString();
  const released: RunRecord[] = [];
  for (const held of runs) {
    released.push(
      await history.update(held.runId, (run) => {
        run.outcome = outcome;
        run.candidate = { ...run.candidate!, heldUntil: null };
        run.events.push({ at, what: outcome, by });
      }),
    );
    // A shared copy left behind costs space, never correctness.
    await history.dropCandidate(held).catch(() => undefined);
  }
  try {
    pruneSnapshots(dataDir, country, keep === undefined ? {} : { keep });
  } catch {
    // Files left behind are pruned next time.
  }
  return released;
}

export async function discardHeld(history: RunStore, dataDir: string, run: RunRecord, by: string, keep?: number): Promise<RunRecord> {
  return (await release(history, dataDir, run.country, [run], 'discarded', by, keep))[0]!;
}

/** A newer import of the country published: every candidate still held is superseded. */
export async function supersedeHeld(history: RunStore, dataDir: string, country: CountryCode, exceptRunId: string, keep?: number): Promise<RunRecord[]> {
  const held = (await history.list({ country })).filter((r) => r.runId !== exceptRunId && isHeld(r));
  return release(history, dataDir, country, held, 'superseded', 'system', keep);
}

/** Held candidates whose time ran out become expired (and their files pruned). */
export async function expireHeld(history: RunStore, dataDir: string, country: CountryCode, now = Date.now(), keep?: number): Promise<RunRecord[]> {
  const expired = (await history.list({ country })).filter(
    (r) => (r.outcome === 'refused' || r.outcome === 'dry-run') && r.candidate?.heldUntil && !isHeld(r, now),
  );
  return release(history, dataDir, country, expired, 'expired', 'system', keep);
}
