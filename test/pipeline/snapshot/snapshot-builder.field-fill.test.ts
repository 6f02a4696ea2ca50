// The field fill a sealed snapshot stores, counted while the records came in, equals a rescan of its places and records.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateListingLines } from '../../../pipeline/generate/generate-listings.ts';
import { processChunk, type ChunkItem } from '../../../pipeline/jobs/process-chunk.ts';
import { measureFieldFill, readFieldFill } from '../../../pipeline/snapshot/field-fill.ts';
import type { ListingRecord } from '../../../pipeline/snapshot/listing-record.ts';
import { createSnapshotBuilder } from '../../../pipeline/snapshot/snapshot-builder.ts';
import { tempDataDir } from './support/snapshot-test-kit.ts';
import { openSnapshotRecords } from '../../../pipeline/snapshot/records-file.ts';

/** 600 generated es lines (bad lines, rejected, closed and duplicate listings among them) as snapshot records. */
function generatedRecords(): ListingRecord[] {
  const lines = [...generateListingLines({ country: 'es', count: 600, seed: 7 })].map((text, i) => ({ source: { file: 'g.jsonl', fileIndex: 0, line: i + 1 }, text }));
  const items: ChunkItem[] = processChunk({ country: 'es', suppression: { ids: [], phones: [], domains: [] }, lines });
  return items.flatMap((item) => (item.kind === 'listing' ? [item.record] : []));
}

function sealedFill(records: ListingRecord[]) {
  const dataDir = tempDataDir();
  const builder = createSnapshotBuilder({ dataDir, country: 'es', runId: 'run-1' });
  for (const record of records) builder.addRecord(record);
  const info = builder.seal();
  const file = path.join(dataDir, 'snapshots', info.file);
  const { db } = openSnapshotRecords(file);
  try {
    return { stored: readFieldFill(file), rescanned: measureFieldFill(db) };
  } finally {
    db.close();
  }
}

describe('the sealed field fill', () => {
  it('counted as the records come in: the same as a rescan, published places and issues alike', () => {
    const records = generatedRecords();
    expect(records.filter((r) => r.summary.status === 'published').length).toBeGreaterThan(400);
    const { stored, rescanned } = sealedFill(records);
    expect(stored.issues).not.toEqual({});
    expect(JSON.stringify(stored)).toBe(JSON.stringify(rescanned));
  });

  it('a record displaced by an earlier line of its id: measured from the file, still the same as a rescan', () => {
    const records = generatedRecords();
    const copy = { ...records[0]!, source: { ...records[0]!.source, line: 0 } };
    const { stored, rescanned } = sealedFill([...records, copy]);
    expect(JSON.stringify(stored)).toBe(JSON.stringify(rescanned));
  });
});
