// Publishing a country's snapshot and reading it: published records only, whole swaps, one country at a time.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSnapshotBuilder } from '../../../pipeline/snapshot/snapshot-builder.ts';
import { readPointer } from '../../../pipeline/snapshot/snapshot-pointer.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings, snapshotFiles, tempDataDir } from './support/snapshot-test-kit.ts';
import { openSnapshotRecords } from '../../../pipeline/snapshot/records-file.ts';

const ALL = { country: 'es', limit: 100 } as const;

function idsOf(result: { places: { id: string }[] }): string[] {
  return result.places.map((place) => place.id);
}

describe('publishing a snapshot', () => {
  it('serves published listings only; closed, suppressed and rejected ones are absent from search and getPlace', () => {
    const dataDir = tempDataDir();
    const statuses = ['published', 'closed', 'suppressed', 'rejected'] as const;
    const info = publishListings(
      dataDir,
      statuses.map((status, i) =>
        makeListing({ providerId: status, status, reasons: status === 'published' ? [] : [status], source: { line: i + 1 } }),
      ),
      { runId: 'run-1' },
    );
    expect(info).toMatchObject({ country: 'es', runId: 'run-1', publishedCount: 1, file: `es/es-${info.version}.sqlite` });
    expect(fs.existsSync(path.join(dataDir, 'snapshots', info.file))).toBe(true);
    expect(readPointer(dataDir, 'es')).toEqual(info);

    const reader = openSnapshotReader(dataDir);
    expect(idsOf(reader.search(ALL))).toEqual(['es-published']);
    expect(reader.getPlace('es-published')).toEqual(makeListing({ providerId: 'published' }).place);
    for (const status of ['closed', 'suppressed', 'rejected']) expect(reader.getPlace(`es-${status}`)).toBeNull();
    expect(reader.current()).toEqual({ es: info });
    reader.close();
  });

  it('answers nothing for a country never imported and for ids of no known country', () => {
    const dataDir = tempDataDir();
    publishListings(dataDir, [makeListing()]);
    const reader = openSnapshotReader(dataDir);
    expect(reader.search({ country: 'pt', limit: 10 })).toEqual({ places: [], hasMore: false });
    for (const id of ['pt-p1', 'p1', 'xx-p1', '-p1', '']) expect(reader.getPlace(id)).toBeNull();
    reader.close();
  });

  it('re-importing es replaces es whole (absent listings are gone) and leaves pt as it was', () => {
    const dataDir = tempDataDir();
    publishListings(dataDir, [makeListing({ providerId: 'old' }), makeListing({ providerId: 'kept', source: { line: 2 } })]);
    const pt = publishListings(dataDir, [makeListing({ country: 'pt', providerId: 'porto' })]);
    const es = publishListings(dataDir, [makeListing({ providerId: 'kept' }), makeListing({ providerId: 'new', source: { line: 2 } })]);

    const reader = openSnapshotReader(dataDir);
    expect(idsOf(reader.search(ALL))).toEqual(['es-kept', 'es-new']);
    expect(reader.getPlace('es-old')).toBeNull();
    expect(idsOf(reader.search({ country: 'pt', limit: 10 }))).toEqual(['pt-porto']);
    expect(reader.current()).toEqual({ es, pt });
    reader.close();
  });

  it('a reader opened before a publish keeps the old snapshot until refresh(), then sees the new one whole', () => {
    const dataDir = tempDataDir();
    const first = publishListings(dataDir, [makeListing({ providerId: 'a' }), makeListing({ providerId: 'b', source: { line: 2 } })]);
    const reader = openSnapshotReader(dataDir);
    expect(reader.refresh()).toBe(false);

    const second = publishListings(dataDir, [makeListing({ providerId: 'c' })]);
    expect(idsOf(reader.search(ALL))).toEqual(['es-a', 'es-b']);
    expect(reader.getPlace('es-c')).toBeNull();
    expect(reader.current().es).toEqual(first);

    expect(reader.refresh()).toBe(true);
    expect(idsOf(reader.search(ALL))).toEqual(['es-c']);
    expect(reader.getPlace('es-a')).toBeNull();
    expect(reader.current().es).toEqual(second);
    expect(reader.refresh()).toBe(false);
    reader.close();
  });

  it('a reader started before any import picks up the first snapshot on refresh()', () => {
    const dataDir = tempDataDir();
    const reader = openSnapshotReader(dataDir);
    expect(reader.current()).toEqual({});
    publishListings(dataDir, [makeListing()]);
    expect(reader.refresh()).toBe(true);
    expect(idsOf(reader.search(ALL))).toEqual(['es-p1']);
    reader.close();
  });

  it('abort() deletes the partial file and the current snapshot keeps serving', () => {
    const dataDir = tempDataDir();
    const current = publishListings(dataDir, [makeListing({ providerId: 'current' })]);
    const builder = createSnapshotBuilder({ dataDir, country: 'es', runId: 'run-aborted' });
    builder.add(makeListing({ providerId: 'partial' }));
    expect(snapshotFiles(dataDir, 'es')).toHaveLength(2);

    expect(fs.readdirSync(path.join(dataDir, 'snapshots', 'es')).filter((name) => name.endsWith('.records.sqlite'))).toHaveLength(2);
    builder.abort();
    expect(snapshotFiles(dataDir, 'es')).toEqual([`es-${current.version}.sqlite`]);
    expect(fs.readdirSync(path.join(dataDir, 'snapshots', 'es')).filter((name) => name.endsWith('.records.sqlite'))).toEqual([`es-${current.version}.records.sqlite`]);
    expect(readPointer(dataDir, 'es')).toEqual(current);
    const reader = openSnapshotReader(dataDir);
    expect(idsOf(reader.search(ALL))).toEqual(['es-current']);
    reader.close();
    expect(() => builder.add(makeListing())).toThrow(/aborted/);
  });

  it('refuses a listing of another country and a second publish', () => {
    const dataDir = tempDataDir();
    const builder = createSnapshotBuilder({ dataDir, country: 'es', runId: 'run-1' });
    expect(() => builder.add(makeListing({ country: 'pt' }))).toThrow(/pt listing/);
    builder.publish();
    expect(() => builder.publish()).toThrow(/published/);
  });

  it('keeps the lines that produced no listing beside the listings', () => {
    const dataDir = tempDataDir();
    const builder = createSnapshotBuilder({ dataDir, country: 'es', runId: 'run-1' });
    builder.addRejectedLine({ file: 'a.jsonl', fileIndex: 0, line: 3 }, 'not-json', '{"providerId": ');
    builder.add(makeListing());
    expect(builder.count).toBe(1);
    const info = builder.publish();
    const db = openSnapshotRecords(path.join(dataDir, 'snapshots', info.file)).db;
    expect(db.prepare('SELECT file, file_index, line, reason, excerpt FROM rejected_lines').all()).toEqual([
      { file: 'a.jsonl', file_index: 0, line: 3, reason: 'not-json', excerpt: '{"providerId": ' },
    ]);
    db.close();
  });
});
