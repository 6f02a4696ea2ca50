// A country's pointer: written whole or not at all, and a bad one never takes a serving snapshot down.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CountryCode } from '../../../model/place.ts';
import { pointerPath, snapshotPath } from '../../../pipeline/snapshot/snapshot-paths.ts';
import { readPointer, writePointer } from '../../../pipeline/snapshot/snapshot-pointer.ts';
import { openSnapshotReader } from '../../../pipeline/snapshot/snapshot-reader.ts';
import type { SnapshotInfo } from '../../../pipeline/snapshot/reader-types.ts';
import { makeListing } from './support/make-listing.ts';
import { publishListings, tempDataDir } from './support/snapshot-test-kit.ts';

const info: SnapshotInfo = {
  country: 'gb',
  version: '20261122T101500123Z-ab12cd',
  file: 'gb/gb-20261122T101500123Z-ab12cd.sqlite',
  publishedAt: '2026-11-22T10:15:01.000Z',
  runId: 'run-1',
  publishedCount: 3,
};

describe('snapshot pointer', () => {
  it('is written whole, replaces the previous one and leaves no temp file', () => {
    const dataDir = tempDataDir();
    fs.mkdirSync(path.join(dataDir, 'snapshots', 'gb'), { recursive: true });
    expect(readPointer(dataDir, 'gb')).toBeNull();
    writePointer(dataDir, info);
    writePointer(dataDir, { ...info, runId: 'run-2' });
    expect(readPointer(dataDir, 'gb')).toEqual({ ...info, runId: 'run-2' });
    expect(fs.readdirSync(path.join(dataDir, 'snapshots', 'gb'))).toEqual(['current.json']);
  });

  it.each([
    ['not JSON', '{"country": "gb", "vers'],
    ['another country', JSON.stringify({ ...info, country: 'fr' })],
    ['a version that is not a snapshot version', JSON.stringify({ ...info, version: '../../etc' })],
  ])('refuses a pointer that is %s', (_name, text) => {
    const dataDir = tempDataDir();
    fs.mkdirSync(path.join(dataDir, 'snapshots', 'gb'), { recursive: true });
    fs.writeFileSync(pointerPath(dataDir, 'gb'), text);
    expect(() => readPointer(dataDir, 'gb')).toThrow();
  });
});

describe('a reader facing a bad pointer', () => {
  it.each([
    ['unreadable', (dataDir: string) => fs.writeFileSync(pointerPath(dataDir, 'es'), 'garbage')],
    [
      'naming a missing file',
      (dataDir: string) => {
        const current = readPointer(dataDir, 'es')!;
        writePointer(dataDir, { ...current, version: '20200101T000000000Z-000000' });
      },
    ],
  ])('%s: keeps serving the snapshot it has, reports it, and recovers once the pointer is good', (_name, breakPointer) => {
    const dataDir = tempDataDir();
    const good = publishListings(dataDir, [makeListing()]);
    const errors: CountryCode[] = [];
    const reader = openSnapshotReader(dataDir, { onError: (_error, country) => errors.push(country) });

    breakPointer(dataDir);
    expect(reader.refresh()).toBe(false);
    expect(reader.refresh()).toBe(false);
    expect(errors).toEqual(['es']);
    expect(reader.getPlace('es-p1')).not.toBeNull();
    expect(reader.current().es).toEqual(good);

    const next = publishListings(dataDir, [makeListing({ providerId: 'next' })]);
    expect(reader.refresh()).toBe(true);
    expect(reader.current().es).toEqual(next);
    expect(reader.getPlace('es-next')).not.toBeNull();
    reader.close();
  });

  it('keeps serving from a file pruned while it was open, until refresh()', () => {
    const dataDir = tempDataDir();
    const first = publishListings(dataDir, [makeListing({ providerId: 'first' })]);
    const reader = openSnapshotReader(dataDir);
    publishListings(dataDir, [makeListing({ providerId: 'second' })], { keep: 1 });
    expect(fs.existsSync(snapshotPath(dataDir, 'es', first.version))).toBe(false);
    expect(reader.search({ country: 'es', limit: 10 }).places.map((p) => p.id)).toEqual(['es-first']);
    reader.refresh();
    expect(reader.search({ country: 'es', limit: 10 }).places.map((p) => p.id)).toEqual(['es-second']);
    reader.close();
  });
});
