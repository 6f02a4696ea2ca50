// How many of a country's published places a candidate would take away, and the rule that asks for the remaining count typed out.
import { openSnapshotFile } from '../snapshot/open-snapshot-file.ts';
import type { CountryCode } from '../../model/place.ts';
import path from 'node:path';
import { snapshotPath, snapshotsDir } from '../snapshot/snapshot-paths.ts';
import { readPointer } from '../snapshot/snapshot-pointer.ts';
import { PublicationError } from './publication-errors.ts';

export interface RemovalCheck {
  /** Published places the country serves now (0: nothing published yet). */
  current: number;
  /** Published places the candidate would serve. */
  remaining: number;
  /** Places published now that the candidate would not publish (gone, or no longer published). */
  removed: number;
  /** More than half of the current places go, or none remain: publishing asks for `remaining` typed out. */
  drastic: boolean;
}

/** The rule, on its own: a country that serves something and would lose more than half of it, or all of it. */
export function isDrasticRemoval(figures: { current: number; remaining: number; removed: number }): boolean {
  if (figures.current <= 0) return false;
  return figures.remaining === 0 || figures.removed * 2 > figures.current;
}

/**
 * Compares the candidate with the snapshot serving its country now (an id-indexed join; counts only): the places
 * each serves, as the diffs count them (`places` holds the published records less the same-place duplicates).
 * Reads the two served files alone: no records needed.
 */
export function checkRemoval(dataDir: string, country: CountryCode, candidate: { file: string; publishedCount: number }): RemovalCheck {
  const pointer = readPointer(dataDir, country);
  if (!pointer) return { current: 0, remaining: candidate.publishedCount, removed: 0, drastic: false };
  const db = openSnapshotFile(path.join(snapshotsDir(dataDir), candidate.file));
  try {
    db.prepare('ATTACH DATABASE ? AS cur').run(snapshotPath(dataDir, country, pointer.version));
    const current = db.prepare('SELECT count(*) FROM cur.places').pluck().get() as number;
    const removed = db
      .prepare('SELECT count(*) FROM cur.places AS o WHERE NOT EXISTS (SELECT 1 FROM main.places AS r WHERE r.id = o.id)')
      .pluck()
      .get() as number;
    const figures = { current, remaining: candidate.publishedCount, removed };
    return { ...figures, drastic: isDrasticRemoval(figures) };
  } finally {
    db.close();
  }
}

/**
 * A drastic candidate goes live only with the number of places that will remain typed out (console field,
 * `lodging publish --confirm-remaining N`): a country emptied by one click on the wrong file is what this stops.
 */
export function assertRemainingConfirmed(country: CountryCode, check: RemovalCheck, typed: number | null | undefined): void {
  if (!check.drastic || typed === check.remaining) return;
  const what = check.remaining === 0 ? `leaves ${country} with no places (${check.current} now)` : `removes ${check.removed} of the ${check.current} places ${country} serves now`;
  throw new PublicationError(
    'confirm-remaining',
    `${typed === null || typed === undefined ? 'nothing was published' : `${typed} is not the number that remains: nothing was published`}; this candidate ${what}: type the number of places that will remain, ${check.remaining}, to confirm (CLI: --confirm-remaining ${check.remaining})`,
  );
}
