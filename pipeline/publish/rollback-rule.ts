// The one rollback rule both snapshot stores follow: which kept snapshot becomes current, and the events left on the runs it swaps.
import type { CountryCode } from '../../model/place.ts';
import type { RunEvent } from '../runs/run-record.ts';
import { MOVE_NOUN, MOVED, moveDirection } from './move-direction.ts';
import { PublicationError } from './publication-errors.ts';

/** A kept snapshot as the rule reads it: newest publication first in a list, the one serving now marked current. */
export interface KeptSnapshot {
  version: string;
  runId: string;
  current: boolean;
}

/** What `rollback` without `--to` goes back to: the kept snapshot published before the current one (undefined: none). */
export function previousSnapshot<T extends KeptSnapshot>(kept: readonly T[]): T | undefined {
  return kept[kept.findIndex((s) => s.current) + 1];
}

/** The snapshot a rollback makes current: `to`, or the one published before the current one; or why there is none. */
export function rollbackTarget<T extends KeptSnapshot>(country: CountryCode, kept: readonly T[], to?: string): { current: T | null; target: T } {
  const at = kept.findIndex((s) => s.current);
  const current = at === -1 ? null : kept[at]!;
  if (to !== undefined) {
    const target = kept.find((s) => s.version === to);
    if (!target) throw new PublicationError('unknown-snapshot', `no kept snapshot ${to} for ${country} (see \`lodging snapshots --country ${country}\`)`);
    if (target.current) throw new PublicationError('nothing-to-roll-back', `snapshot ${to} is already current for ${country}`);
    return { current, target };
  }
  const target = previousSnapshot(kept);
  if (!target) {
    throw new PublicationError(
      'nothing-to-roll-back',
      current ? `nothing to roll back to: ${country} has no kept snapshot older than the current ${current.version}` : `nothing to roll back to: ${country} has no published snapshot`,
    );
  }
  return { current, target };
}

/**
 * What a rollback or a roll forward records, on the run whose snapshot stops being served and on the one served again (a snapshot
 * published before run records existed names no run, and gets none).
 */
export function rollbackEvents(
  country: CountryCode,
  current: Omit<KeptSnapshot, 'current'> | null,
  target: Omit<KeptSnapshot, 'current'>,
  at: string,
  by: string,
): { runId: string; event: RunEvent }[] {
  const events: { runId: string; event: RunEvent }[] = [];
  const direction = moveDirection(current?.version ?? null, target.version);
  if (current?.runId) events.push({ runId: current.runId, event: { at, by, what: `${MOVED[direction]}: its snapshot is no longer served`, detail: `${country} serves ${target.version} again` } });
  if (target.runId) events.push({ runId: target.runId, event: { at, by, what: `served again after a ${MOVE_NOUN[direction]}`, detail: `${country} ${MOVED[direction]} from ${current?.version ?? 'nothing'}` } });
  return events;
}
