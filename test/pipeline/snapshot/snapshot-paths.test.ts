// Snapshot names: versions sort in creation order and file names parse back.
import { describe, expect, it } from 'vitest';
import { newSnapshotVersion, parseSnapshotFileName, snapshotFileName } from '../../../pipeline/snapshot/snapshot-paths.ts';

describe('snapshot versions', () => {
  it('sort in creation order, even within one millisecond', () => {
    const now = Date.UTC(2026, 10, 22, 10, 15, 0, 123);
    const versions = Array.from({ length: 5 }, () => newSnapshotVersion(now));
    expect([...versions].sort()).toEqual(versions);
    expect(new Set(versions).size).toBe(5);
    for (const version of versions) expect(version).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{6}$/);
  });

  it('round-trip through file names', () => {
    const version = newSnapshotVersion();
    expect(parseSnapshotFileName(snapshotFileName('pt', version))).toEqual({ country: 'pt', version });
  });

  it.each(['current.json', 'es-x.sqlite', 'xx-20261122T101500123Z-ab12cd.sqlite', 'es-20261122T101500123Z-ab12cd.sqlite-journal'])(
    'ignore %s',
    (name) => {
      expect(parseSnapshotFileName(name)).toBeNull();
    },
  );
});
