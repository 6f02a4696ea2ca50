// Makes a sealed snapshot the one a country serves: recorded in the catalog, pointer switched atomically, then pruned.
import fs from 'node:fs';
import { snapshotPath } from './snapshot-paths.ts';
import { updateCatalog, type PublishedSnapshotEntry } from './snapshot-catalog.ts';
import { writePointer } from './snapshot-pointer.ts';
import { pruneSnapshots } from './snapshot-pruner.ts';
import type { SnapshotInfo } from './reader-types.ts';

export interface ActivateOptions {
  keep?: number;
  /** What the catalog records about this publication (who, from which files, forced or not). */
  entry?: Omit<PublishedSnapshotEntry, keyof SnapshotInfo>;
  /** Keep sealed.publishedAt instead of now: a replica serves a snapshot with the time it went live everywhere. */
  keepPublishedAt?: boolean;
}

/** Returns the info the pointer now holds (publishedAt is the moment it went live). */
export function activateSnapshot(dataDir: string, sealed: SnapshotInfo, options: ActivateOptions = {}): SnapshotInfo {
  const info: SnapshotInfo = { ...sealed, publishedAt: options.keepPublishedAt ? sealed.publishedAt : new Date().toISOString() };
  const entry: PublishedSnapshotEntry = {
    ...info,
    ...(options.entry ?? { byStatus: null, sources: [], forced: false, by: '', reason: null }),
  };
  // Catalog first: should the process die between the two, the entry names a file that stays protected either way.
  updateCatalog(dataDir, info.country, (catalog) => {
    catalog.published = [entry, ...catalog.published.filter((e) => e.version !== info.version)];
    catalog.held = catalog.held.filter((h) => h.version !== info.version);
  });
  writePointer(dataDir, info);
  try {
    pruneSnapshots(dataDir, info.country, options.keep === undefined ? {} : { keep: options.keep });
    updateCatalog(dataDir, info.country, (catalog) => {
      catalog.published = catalog.published.filter((e) => fs.existsSync(snapshotPath(dataDir, info.country, e.version)));
    });
  } catch {
    // The snapshot is live; leftover files are pruned by the next publish.
  }
  return info;
}
