// Defect 9: files of an interrupted import are removed at the start of the next import and of serve; protected files never are.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../api/server.ts';
import { importFiles } from '../../pipeline/jobs/import-files.ts';
import { createSnapshotBuilder } from '../../pipeline/snapshot/snapshot-builder.ts';
import { snapshotFileName } from '../../pipeline/snapshot/snapshot-paths.ts';
import { cleanOrphanSnapshots } from '../../pipeline/snapshot/snapshot-pruner.ts';
import { snapshotProtection } from '../../pipeline/snapshot/protected-snapshots.ts';
import { parseConfig } from '../../platform/environment.ts';
import { makeListing } from '../pipeline/snapshot/support/make-listing.ts';
import { agedKilledBuild } from '../pipeline/snapshot/support/killed-build.ts';
import { publishListings, snapshotFiles, tempDataDir } from '../pipeline/snapshot/support/snapshot-test-kit.ts';

async function writeExport(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'export.jsonl');
  fs.writeFileSync(file, `${JSON.stringify({ providerId: 'n1', name: 'Hotel Nuevo', categories: ['Hotel'] })}\n`);
  return file;
}

describe('orphan snapshot files', () => {
  it('are removed at the start of the next import', async () => {
    const dataDir = tempDataDir();
    publishListings(dataDir, [makeListing({ providerId: 'old' })]);
    const orphan = await agedKilledBuild(dataDir, 10_000);
    expect(snapshotFiles(dataDir, 'es')).toContain(orphan);
    await importFiles({ country: 'fr', files: [await writeExport(dataDir)], dataDir }, { threads: 0 });
    expect(snapshotFiles(dataDir, 'es')).not.toContain(orphan);
    expect(snapshotFiles(dataDir, 'es')).toHaveLength(1);
  });

  it('are removed when serve starts', async () => {
    const dataDir = tempDataDir();
    const orphan = await agedKilledBuild(dataDir, 10_000);
    const server = await startServer(parseConfig({ LOG_LEVEL: 'silent', LODGING_DATA_DIR: dataDir, PORT: '0' }));
    try {
      expect(snapshotFiles(dataDir, 'es')).not.toContain(orphan);
    } finally {
      await server.close();
    }
  });

  it('never touch the current, kept, or open files, however old', () => {
    const dataDir = tempDataDir();
    const first = publishListings(dataDir, [makeListing({ providerId: 'v1' })]);
    const second = publishListings(dataDir, [makeListing({ providerId: 'v2' })]);
    const live = createSnapshotBuilder({ dataDir, country: 'es', runId: 'live' });
    live.add(makeListing({ providerId: 'live-1' }));
    const names = snapshotFiles(dataDir, 'es');
    expect(names).toHaveLength(3);
    const later = Date.now() + 24 * 3600_000;
    expect(cleanOrphanSnapshots(dataDir, { now: later })).toEqual([]);
    expect(snapshotFiles(dataDir, 'es')).toEqual(names);
    const protection = snapshotProtection(dataDir, 'es');
    const dir = path.join(dataDir, 'snapshots', 'es');
    expect(protection(path.join(dir, snapshotFileName('es', second.version)), second.version)).toBe('current');
    expect(protection(path.join(dir, snapshotFileName('es', first.version)), first.version)).toBe('kept-snapshot');
    expect(protection(path.join(dir, snapshotFileName('es', live.version)), live.version)).toBe('open');
    live.abort();
  });
});
