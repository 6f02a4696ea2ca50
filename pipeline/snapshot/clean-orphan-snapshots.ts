// The use case `serve` and every import run first: remove snapshot files of interrupted imports (see protected-snapshots.ts).
import { cleanOrphanSnapshots } from './snapshot-pruner.ts';

export interface OrphanCleanup {
  removed: string[];
  /** Set when cleaning failed (e.g. an unreadable pointer): nothing was deleted for that reason, start-up goes on. */
  error?: Error;
}

export function removeOrphanSnapshots(dataDir: string): OrphanCleanup {
  try {
    return { removed: cleanOrphanSnapshots(dataDir) };
  } catch (error) {
    return { removed: [], error: error instanceof Error ? error : new Error(String(error)) };
  }
}
