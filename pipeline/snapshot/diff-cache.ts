// The change feed's diffs between two kept snapshot versions, walked once and kept: a small bounded cache keyed by country and versions.
import type { ChangeRows } from './reader-types.ts';

export type Change = ChangeRows['changes'][number];

/** Ids in SQLite's BINARY order (UTF-8 bytes), the order place_hashes keeps them in. */
export const compareIds = (a: string, b: string): number => (a === b ? 0 : Buffer.compare(Buffer.from(a), Buffer.from(b)));

/** What is known of one diff: every change whose id is in (start, scannedTo], in id order; complete once scanned to the end. */
export interface DiffProgress {
  start: string;
  scannedTo: string;
  changes: Change[];
  complete: boolean;
}

/** Diffs kept at most, and ids kept over all of them: about 60 bytes an id, so some 30 MB at most. */
export const DIFF_CACHE_ENTRIES = 16;
export const DIFF_CACHE_IDS = 500_000;

/** The index of the first change whose id is above `afterId`. */
export function firstAfter(changes: readonly Change[], afterId: string): number {
  let lo = 0;
  let hi = changes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareIds(changes[mid]!.id, afterId) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class DiffCache {
  private readonly entries = new Map<string, DiffProgress>();

  constructor(
    private readonly maxEntries = DIFF_CACHE_ENTRIES,
    private readonly maxIds = DIFF_CACHE_IDS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The kept progress when it covers the ids after `afterId`, else a fresh one starting there; either way the most recent. */
  progressFor(key: string, afterId: string): DiffProgress {
    let entry = this.entries.get(key);
    if (entry) this.entries.delete(key);
    const covers = entry && compareIds(afterId, entry.start) >= 0 && (entry.complete || compareIds(afterId, entry.scannedTo) <= 0);
    if (!entry || !covers) entry = { start: afterId, scannedTo: afterId, changes: [], complete: false };
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Keeps the bounds: the least recently used diffs go first; the one in use, if still too long, forgets the changes up
   * to `afterId` (its reader pages forward).
   */
  trim(inUse: DiffProgress, afterId: string): void {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.changes.length;
    for (const [key, entry] of this.entries) {
      if (entry === inUse || (this.entries.size <= this.maxEntries && total <= this.maxIds)) continue;
      this.entries.delete(key);
      total -= entry.changes.length;
    }
    if (total > this.maxIds && compareIds(afterId, inUse.start) > 0) {
      const drop = firstAfter(inUse.changes, afterId);
      inUse.changes.splice(0, drop);
      inUse.start = afterId;
    }
  }
}
