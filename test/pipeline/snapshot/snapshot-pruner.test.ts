// Pruning: the last published versions stay, the current one always, files of killed builds go once stale.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSnapshotBuilder } from '../../../pipeline/snapshot/snapshot-builder.ts';
import { readPointer, writePointer } from '../../../pipeline/snapshot/snapshot-pointer.ts';
import { pruneSnapshots, STALE_AFTER_MS } from '../../../pipeline/snapshot/snapshot-pruner.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import { makeListing } from './support/make-listing.ts';
import { killedBuild } from './support/killed-build.ts';
import { publishListings, snapshotFiles, tempDataDir } from './support/snapshot-test-kit.ts';

const LATER = () => Date.now() + STALE_AFTER_MS + 60_000;
const fileOf = (version: string) => `es-${version}.sqlite`;
/** A published or built version's two files: the snapshot and its records, as the pruner removes them. */
const filesOf = (version: string) => [fileOf(version), `es-${version}.records.sqlite`];

function servedIds(dataDir: string): string[] {
  const reader = openSnapshotReader(dataDir);
  const ids = reader.search({ country: 'es', limit: 100 }).places.map((place) => place.id);
  reader.close();
  return ids;
}

describe('pruning snapshots', () => {
  it('keeps the newest `keep` published versions, the current one among them', () => {
    const dataDir = tempDataDir();
    const versions = [1, 2, 3, 4, 5].map((n) => publishListings(dataDir, [makeListing({ providerId: `v${n}` })], { keep: 3 }).version);
    expect(snapshotFiles(dataDir, 'es')).toEqual(versions.slice(2).map(fileOf));
    expect(readPointer(dataDir, 'es')?.version).toBe(versions[4]);
    expect(servedIds(dataDir)).toEqual(['es-v5']);

    pruneSnapshots(dataDir, 'es', { keep: 1 });
    expect(snapshotFiles(dataDir, 'es')).toEqual([fileOf(versions[4]!)]);
  });

  it('never deletes the file the pointer names, even when newer versions exist', () => {
    const dataDir = tempDataDir();
    const infos = [1, 2, 3].map((n) => publishListings(dataDir, [makeListing({ providerId: `v${n}` })], { keep: 10 }));
    writePointer(dataDir, infos[0]!);
    expect(pruneSnapshots(dataDir, 'es', { keep: 1, now: LATER() })).toEqual([...filesOf(infos[2]!.version), ...filesOf(infos[1]!.version)]);
    expect(snapshotFiles(dataDir, 'es')).toEqual([fileOf(infos[0]!.version)]);
    expect(servedIds(dataDir)).toEqual(['es-v1']);
  });

  it('a killed build leaves the current snapshot serving; its file stays while fresh and is pruned once stale', async () => {
    const dataDir = tempDataDir();
    const current = publishListings(dataDir, [makeListing({ providerId: 'current' })]);
    const killed = await killedBuild(dataDir);
    expect(snapshotFiles(dataDir, 'es')).toEqual([current.version, killed].map(fileOf));
    expect(readPointer(dataDir, 'es')).toEqual(current);
    expect(servedIds(dataDir)).toEqual(['es-current']);

    expect(pruneSnapshots(dataDir, 'es')).toEqual([]);
    expect(pruneSnapshots(dataDir, 'es', { now: LATER() })).toEqual(filesOf(killed));
    expect(snapshotFiles(dataDir, 'es')).toEqual([fileOf(current.version)]);
    expect(servedIds(dataDir)).toEqual(['es-current']);
  });

  it('leaves the file of a build still running in this process, however old', () => {
    const dataDir = tempDataDir();
    publishListings(dataDir, [makeListing()]);
    const running = createSnapshotBuilder({ dataDir, country: 'es', runId: 'run-running' });
    running.add(makeListing({ providerId: 'running' }));
    expect(pruneSnapshots(dataDir, 'es', { keep: 1, now: LATER() })).toEqual([]);
    expect(running.publish().publishedCount).toBe(1);
    expect(servedIds(dataDir)).toEqual(['es-running']);
  });

  it('removes stale leftovers (unreadable file, orphan journal, records without their snapshot, temp pointer) and keeps fresh ones', () => {
    const dataDir = tempDataDir();
    const current = publishListings(dataDir, [makeListing()]);
    const dir = path.join(dataDir, 'snapshots', 'es');
    const leftovers = ['es-20200101T000000000Z-abcdef.sqlite', 'es-20200101T000000001Z-abcdef.sqlite-journal', 'es-20200101T000000002Z-abcdef.records.sqlite', 'current.json.123-abcd.tmp'];
    for (const name of leftovers) fs.writeFileSync(path.join(dir, name), 'partial');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not ours');

    expect(pruneSnapshots(dataDir, 'es')).toEqual([]);
    expect(pruneSnapshots(dataDir, 'es', { now: LATER() }).sort()).toEqual([...leftovers].sort());
    expect(fs.readdirSync(dir).sort()).toEqual(['catalog.json', 'current.json', ...filesOf(current.version), 'notes.txt'].sort());
  });

  it('deletes nothing when the pointer cannot be read', () => {
    const dataDir = tempDataDir();
    publishListings(dataDir, [makeListing({ providerId: 'v1' })], { keep: 5 });
    publishListings(dataDir, [makeListing({ providerId: 'v2' })], { keep: 5 });
    fs.writeFileSync(path.join(dataDir, 'snapshots', 'es', 'current.json'), '{"trunc');
    expect(() => pruneSnapshots(dataDir, 'es', { keep: 1 })).toThrow();
    expect(snapshotFiles(dataDir, 'es')).toHaveLength(2);
  });
});
