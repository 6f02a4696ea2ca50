// A snapshot file already in the data directory but never checked here is checked as a fetched one is before it counts as held.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { checkedFileOf, fetchSnapshotFile, type FetchObject } from '../../../pipeline/distribution/follow-pointer.ts';
import { sha256OfFile, type StoredSnapshot } from '../../../pipeline/distribution/stored-snapshot.ts';
import { rememberedDigest } from '../../../pipeline/distribution/verified-digest.ts';
import { readCatalog } from '../../../pipeline/snapshot/snapshot-catalog.ts';
import { SnapshotFileRefusedError } from '../../../pipeline/snapshot/snapshot-file-check.ts';
import { countryDir, snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { writePointer } from '../../../pipeline/snapshot/snapshot-pointer.ts';
import { makeListing } from '../snapshot/support/make-listing.ts';
import { publishListings, tempDataDir } from '../snapshot/support/snapshot-test-kit.ts';

/** Never called: the file is there already. */
const noFetch: FetchObject = async () => {
  throw new Error('fetched');
};

/** A replica's data directory holding the publisher's file, edited by `edit`, under the snapshot's own name. */
async function heldUnchecked(edit?: (db: Database.Database) => void): Promise<{ dataDir: string; stored: StoredSnapshot; file: string }> {
  const publisher = tempDataDir();
  const info = publishListings(publisher, [makeListing({ providerId: 'p1' }), makeListing({ providerId: 'p2' })]);
  const entry = readCatalog(publisher, 'es')!.published.find((e) => e.version === info.version)!;
  const dataDir = tempDataDir();
  const file = snapshotPath(dataDir, 'es', info.version);
  fs.mkdirSync(countryDir(dataDir, 'es'), { recursive: true });
  fs.copyFileSync(snapshotPath(publisher, 'es', info.version), file);
  if (edit) {
    const db = new Database(file);
    edit(db);
    db.close();
  }
  const stored: StoredSnapshot = { entry, sha256: await sha256OfFile(file), size: fs.statSync(file).size };
  return { dataDir, stored, file };
}

describe('a snapshot file present but never checked here', () => {
  it('is checked, then held: its digest remembered', async () => {
    const { dataDir, stored, file } = await heldUnchecked();
    await expect(fetchSnapshotFile(dataDir, stored, noFetch)).resolves.toBe(file);
    expect(rememberedDigest(file)).toBe(stored.sha256);
  });

  it('is refused when it would not pass the check, even though its digest matches the record', async () => {
    const { dataDir, stored, file } = await heldUnchecked((db) => db.exec('ALTER TABLE places ADD COLUMN secret TEXT'));
    await expect(fetchSnapshotFile(dataDir, stored, noFetch)).rejects.toBeInstanceOf(SnapshotFileRefusedError);
    expect(rememberedDigest(file)).toBeNull();
  });

  it('once checked and served, is the file whose rows the next version need not check again; touched, it is not', async () => {
    const { dataDir, stored, file } = await heldUnchecked();
    expect(checkedFileOf(dataDir, 'es')).toBeNull();
    await fetchSnapshotFile(dataDir, stored, noFetch);
    const { entry } = stored;
    writePointer(dataDir, { country: 'es', version: entry.version, file: entry.file, publishedAt: entry.publishedAt, runId: entry.runId, publishedCount: entry.publishedCount });
    expect(checkedFileOf(dataDir, 'es')).toBe(file);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(checkedFileOf(dataDir, 'es')).toBeNull();
  });
});
