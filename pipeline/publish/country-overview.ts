// Read-side use cases for the operator console: one country at a glance, and what a rollback would change (its diff).
import type { CountryCode, LodgingType } from '../../model/place.ts';
import type { PublicationStatus } from '../normalise/normalised-listing.ts';
import { snapshotPath } from '../snapshot/snapshot-paths.ts';
import { readCatalog } from '../snapshot/snapshot-catalog.ts';
import type { PublicationReport } from '../report/publication-report.ts';
import { listSnapshots, type SnapshotListing } from './rollback.ts';
import { isHeld, type RunRecord } from '../runs/run-record.ts';
import type { RunStore } from '../runs/run-store.ts';
import { diffSnapshots, type SnapshotDiff } from '../snapshot/snapshot-diff.ts';
import { PublicationError } from './publication-errors.ts';

export interface CountryOverview {
  country: CountryCode;
  /** The snapshot serving now (null: never published). */
  current: SnapshotListing | null;
  byStatus: Record<PublicationStatus, number> | null;
  /** Published places per lodgingType, from the report of the run that built the current snapshot. */
  byLodgingType: Partial<Record<LodgingType, number>> | null;
  lastRun: RunRecord | null;
  held: RunRecord[];
  /** The rollback that made the current snapshot current again (null when it is serving since its own publication). */
  rolledBack: { at: string; by: string; from: string | null; to: string } | null;
}

/** `history`: the run history of the snapshot store (runs and reports of every machine when it is shared). */
export async function countryOverview(history: RunStore, dataDir: string, country: CountryCode, now = Date.now()): Promise<CountryOverview> {
  const current = listSnapshots(dataDir, country).find((s) => s.current) ?? null;
  const runs = await history.list({ country });
  const report = current?.runId ? await history.readReport<PublicationReport>(current.runId) : null;
  return {
    country,
    current,
    byStatus: current?.byStatus ?? report?.import.byStatus ?? null,
    byLodgingType: report?.import.byLodgingType ?? null,
    lastRun: runs[0] ?? null,
    held: runs.filter((run) => isHeld(run, now)),
    rolledBack: lastRollbackTo(dataDir, country, current),
  };
}

function lastRollbackTo(dataDir: string, country: CountryCode, current: SnapshotListing | null): CountryOverview['rolledBack'] {
  const last = readCatalog(dataDir, country)?.rollbacks?.at(-1);
  return last && current && last.to === current.version ? last : null;
}

export interface RollbackPreview {
  country: CountryCode;
  from: SnapshotListing | null;
  to: SnapshotListing;
  /** What the API will serve differently: "added" are places the target has that the current one does not. */
  diff: SnapshotDiff;
}

/** What `lodging rollback --country CC [--to ID]` would change, without changing anything. */
export function previewRollback(dataDir: string, country: CountryCode, to?: string): RollbackPreview {
  const kept = listSnapshots(dataDir, country);
  const at = kept.findIndex((s) => s.current);
  const from = at === -1 ? null : kept[at]!;
  const target = to === undefined ? kept[at + 1] : kept.find((s) => s.version === to);
  if (!target) throw new PublicationError('nothing-to-roll-back', to === undefined ? `nothing to roll back to: ${country} has no older kept snapshot` : `no kept snapshot ${to} for ${country}`);
  if (target.current) throw new PublicationError('nothing-to-roll-back', `snapshot ${target.version} is already current for ${country}`);
  const diff = diffSnapshots(
    snapshotPath(dataDir, country, target.version),
    from ? { file: snapshotPath(dataDir, country, from.version), version: from.version, publishedCount: from.publishedCount } : null,
  );
  return { country, from, to: target, diff };
}
