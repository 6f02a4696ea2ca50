// A candidate keeps the first rejected lines and records in full; past them, only line and reason: the data directory stays small.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REJECTED_KEPT_IN_FULL } from '../../../model/limits.ts';
import { createSnapshotBuilder } from '../../../pipeline/snapshot/snapshot-builder.ts';
import { makeListing } from './support/make-listing.ts';
import { tempDataDir } from './support/snapshot-test-kit.ts';
import { openSnapshotRecords } from '../../../pipeline/snapshot/records-file.ts';

describe('rejected content kept by a candidate', () => {
  it('keeps excerpts of the first rejected lines, then line numbers and reasons only', () => {
    const dataDir = tempDataDir();
    const builder = createSnapshotBuilder({ dataDir, country: 'es', runId: 'run-1' });
    const total = REJECTED_KEPT_IN_FULL + 250;
    for (let line = 1; line <= total; line++) builder.addRejectedLine({ file: 'a.jsonl', fileIndex: 0, line }, 'invalid-json', `{"broken": ${line}`);
    const info = builder.seal();
    const db = openSnapshotRecords(path.join(dataDir, 'snapshots', info.file)).db;
    const rows = db.prepare('SELECT line, reason, excerpt FROM rejected_lines ORDER BY line').all() as { line: number; reason: string; excerpt: string }[];
    db.close();
    expect(rows).toHaveLength(total);
    expect(rows.filter((r) => r.excerpt !== '')).toHaveLength(REJECTED_KEPT_IN_FULL);
    expect(rows[REJECTED_KEPT_IN_FULL - 1]).toEqual({ line: REJECTED_KEPT_IN_FULL, reason: 'invalid-json', excerpt: `{"broken": ${REJECTED_KEPT_IN_FULL}` });
    expect(rows[REJECTED_KEPT_IN_FULL]).toEqual({ line: REJECTED_KEPT_IN_FULL + 1, reason: 'invalid-json', excerpt: '' });
  });

  it('keeps the first rejected records whole, then their reasons and summary without the place', () => {
    const dataDir = tempDataDir();
    const builder = createSnapshotBuilder({ dataDir, country: 'es', runId: 'run-1' });
    const total = REJECTED_KEPT_IN_FULL + 10;
    for (let i = 1; i <= total; i++) {
      builder.add(makeListing({ providerId: `r${i}`, status: 'rejected', reasons: ['no-name'], source: { line: i } }));
    }
    builder.add(makeListing({ providerId: 'ok' }));
    const info = builder.seal();
    const db = openSnapshotRecords(path.join(dataDir, 'snapshots', info.file)).db;
    const rows = db.prepare('SELECT status, reasons, place, summary FROM listings ORDER BY source_line').all() as Record<string, string>[];
    db.close();
    const rejected = rows.filter((r) => r.status === 'rejected');
    expect(rejected).toHaveLength(total);
    expect(rejected.filter((r) => r.place === '{}')).toHaveLength(10);
    expect(rejected.every((r) => r.reasons === '["no-name"]' && JSON.parse(r.summary!).status === 'rejected')).toBe(true);
    expect(rows.find((r) => r.status === 'published')!.place).toContain('Hotel Mayor');
  });
});
