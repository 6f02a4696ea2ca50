// Use cases on published snapshots: list a country's kept snapshots, and make an earlier one current again (atomically).
import fs from 'node:fs';
import { makeRunId } from '../jobs/prepare-import.ts';
import { readCatalog, updateCatalog, type PublishedSnapshotEntry } from '../snapshot/snapshot-catalog.ts';
import { snapshotPath } from '../snapshot/snapshot-paths.ts';
import { readPointer, writePointer } from '../snapshot/snapshot-pointer.ts';
import type { CountryCode } from '../../model/place.ts';
import type { SnapshotInfo } from '../snapshot/reader-types.ts';
import { actorOf } from '../runs/actor.ts';
import { acquireCountryLock } from '../runs/country-lock.ts';
import { PublicationError } from './publication-errors.ts';
import type { RunEvent } from '../runs/run-record.ts';
import { UnknownRunError, updateRun } from '../runs/run-store.ts';

export interface SnapshotListing extends PublishedSnapshotEntry {
  current: boolean;
}

/** Kept snapshots of a country, newest publication first; the one serving now is marked current. */
export function listSnapshots(dataDir: string, country: CountryCode): SnapshotListing[] {
  const pointer = readPointer(dataDir, country);
  const entries = (readCatalog(dataDir, country)?.published ?? []).filter((entry) => fs.existsSync(snapshotPath(dataDir, country, entry.version)));
  if (pointer && !entries.some((entry) => entry.version === pointer.version)) {
    // Published before catalogs existed: what the pointer knows.
    entries.unshift({ ...pointer, byStatus: null, sources: [], forced: false, by: '', reason: null });
  }
  return entries.map((entry) => ({ ...entry, current: entry.version === pointer?.version }));
}

/** A run published before run records existed (or pruned) has nowhere to record it: the catalog keeps the rollback anyway. */
function recordOnRun(dataDir: string, runId: string | null | undefined, event: RunEvent): void {
  if (!runId) return;
  try {
    updateRun(dataDir, runId, (run) => run.events.push(event));
  } catch (error) {
    if (!(error instanceof UnknownRunError)) throw error;
  }
}

/** What `rollback` without `--to` goes back to: the kept snapshot published before the current one (undefined: none). */
export function rollbackTarget(kept: readonly SnapshotListing[]): SnapshotListing | undefined {
  const at = kept.findIndex((s) => s.current);
  return at === -1 ? undefined : kept[at + 1];
}

export interface RollbackResult {
  country: CountryCode;
  from: string | null;
  to: SnapshotInfo;
}

/**
 * Points the country at the snapshot published before the current one (or `to`). The pointer is replaced by a
 * rename, so readers see the old file or the new one, never a mix; API processes switch within their refresh interval.
 */
export function rollback(dataDir: string, country: CountryCode, options: { to?: string; actor?: string } = {}): RollbackResult {
  const by = actorOf(options.actor);
  const lock = acquireCountryLock(dataDir, country, `rollback-${makeRunId()}`, 'rollback');
  try {
    const kept = listSnapshots(dataDir, country);
    const at = kept.findIndex((s) => s.current);
    const current = at === -1 ? null : kept[at]!;
    let target: SnapshotListing | undefined;
    if (options.to !== undefined) {
      target = kept.find((s) => s.version === options.to);
      if (!target) {
        throw new PublicationError('unknown-snapshot', `no kept snapshot ${options.to} for ${country} (see \`lodging snapshots --country ${country}\`)`);
      }
      if (target.current) throw new PublicationError('nothing-to-roll-back', `snapshot ${options.to} is already current for ${country}`);
    } else {
      target = rollbackTarget(kept);
      if (!target) {
        throw new PublicationError(
          'nothing-to-roll-back',
          current ? `nothing to roll back to: ${country} has no kept snapshot older than the current ${current.version}` : `nothing to roll back to: ${country} has no published snapshot`,
        );
      }
    }
    const info: SnapshotInfo = {
      country,
      version: target.version,
      file: target.file,
      publishedAt: target.publishedAt,
      runId: target.runId,
      publishedCount: target.publishedCount,
    };
    writePointer(dataDir, info);
    const when = new Date().toISOString();
    updateCatalog(dataDir, country, (catalog) => {
      catalog.rollbacks = [...(catalog.rollbacks ?? []), { at: when, by, from: current?.version ?? null, to: target.version }].slice(-50);
    });
    // The rollback is an event on the runs it concerns: the one whose snapshot stops being served, and the one served again.
    recordOnRun(dataDir, current?.runId ?? null, { at: when, by, what: 'rolled back: its snapshot is no longer served', detail: `${country} serves ${target.version} again` });
    recordOnRun(dataDir, target.runId, { at: when, by, what: 'served again after a rollback', detail: `${country} rolled back from ${current?.version ?? 'nothing'}` });
    return { country, from: current?.version ?? null, to: info };
  } finally {
    lock.release();
  }
}
