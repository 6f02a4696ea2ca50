// Two listings with one id: the earliest (fileIndex, line) keeps it, whichever order they arrive in.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceRef } from '../../../pipeline/normalise/normalised-listing.ts';
import { createSnapshotBuilder } from '../../../pipeline/snapshot/snapshot-builder.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import { makeListing } from './support/make-listing.ts';
import { tempDataDir } from './support/snapshot-test-kit.ts';
import { openSnapshotRecords } from '../../../pipeline/snapshot/records-file.ts';

const early: SourceRef = { file: 'a.jsonl', fileIndex: 0, line: 2 };
const late: SourceRef = { file: 'a.jsonl', fileIndex: 0, line: 9 };
const laterFile: SourceRef = { file: 'b.jsonl', fileIndex: 1, line: 1 };

function listingAt(source: SourceRef, name: string) {
  return makeListing({ providerId: 'dup', place: { name }, source, unknownLabels: [name] });
}

describe('duplicate ids', () => {
  it.each([
    ['earlier line first, later line second', early, late],
    ['earlier file first, later file second', late, laterFile],
  ])('%s: the second is a duplicate of the first', (_name, first, second) => {
    const dataDir = tempDataDir();
    const builder = createSnapshotBuilder({ dataDir, country: 'es', runId: 'run-1' });
    expect(builder.add(listingAt(first, 'first'))).toEqual({ kind: 'added' });
    expect(builder.add(listingAt(second, 'second'))).toEqual({ kind: 'duplicate', of: first });
    expect(builder.count).toBe(1);
    const info = builder.publish();

    const reader = openSnapshotReader(dataDir);
    expect(reader.getPlace('es-dup')?.name).toBe('first');
    reader.close();
    expect(rejectedLines(dataDir, info.file)).toEqual([[second, `first at ${first.file}:${first.line}`]]);
  });

  it.each([
    ['later line first, earlier line second', late, early],
    ['later file first, earlier file second', laterFile, late],
  ])('%s: the second displaces the first, whose summary comes back', (_name, first, second) => {
    const dataDir = tempDataDir();
    const builder = createSnapshotBuilder({ dataDir, country: 'es', runId: 'run-1' });
    builder.add(listingAt(first, 'first'));
    expect(builder.add(listingAt(second, 'second'))).toEqual({
      kind: 'displaced',
      loser: { status: 'published', reasons: [], lodgingType: 'hotel', issueKeys: [], unknownLabels: ['first'], source: first },
    });
    expect(builder.count).toBe(1);
    const info = builder.publish();

    const reader = openSnapshotReader(dataDir);
    expect(reader.getPlace('es-dup')?.name).toBe('second');
    expect(reader.search({ country: 'es', limit: 10 }).places.map((p) => p.name)).toEqual(['second']);
    reader.close();
    expect(rejectedLines(dataDir, info.file)).toEqual([[first, `first at ${second.file}:${second.line}`]]);
  });

  it('a third copy between the two loses to the earliest and names it', () => {
    const dataDir = tempDataDir();
    const builder = createSnapshotBuilder({ dataDir, country: 'es', runId: 'run-1' });
    builder.add(listingAt(late, 'late'));
    expect(builder.add(listingAt(early, 'early')).kind).toBe('displaced');
    const middle = { ...early, line: 5 };
    expect(builder.add(listingAt(middle, 'middle'))).toEqual({ kind: 'duplicate', of: early });
    builder.abort();
  });

  it('a displaced published listing is not served when its replacement is closed', () => {
    const dataDir = tempDataDir();
    const builder = createSnapshotBuilder({ dataDir, country: 'es', runId: 'run-1' });
    builder.add(listingAt(late, 'late'));
    builder.add({ ...listingAt(early, 'early'), status: 'closed', reasons: ['closed-permanently'] });
    builder.publish();
    const reader = openSnapshotReader(dataDir);
    expect(reader.getPlace('es-dup')).toBeNull();
    reader.close();
  });
});

function rejectedLines(dataDir: string, file: string): [SourceRef, string][] {
  const db = openSnapshotRecords(path.join(dataDir, 'snapshots', file)).db;
  const rows = db.prepare('SELECT file, file_index, line, reason, excerpt FROM rejected_lines ORDER BY rowid').all() as {
    file: string;
    file_index: number;
    line: number;
    reason: string;
    excerpt: string;
  }[];
  db.close();
  expect(rows.every((row) => row.reason === 'duplicate-provider-id')).toBe(true);
  return rows.map((row) => [{ file: row.file, fileIndex: row.file_index, line: row.line }, row.excerpt]);
}
