// Which kept snapshots a shared store may drop (never the current one, never a rollback target, the newest `keep` stay), a file's digest, its object's name and encoding.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { objectNameOf, objectOf, objectsOf, parseStoredSnapshot, sha256OfFile, snapshotsToDrop, type StoredSnapshot } from '../../../pipeline/distribution/stored-snapshot.ts';

const stored = (version: string, minute: number): StoredSnapshot => ({
  sha256: version.padEnd(64, '0'),
  size: 1,
  entry: { country: 'es', version, file: `es/es-${version}.sqlite`, publishedAt: `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`, runId: 'r', publishedCount: 1, byStatus: null, sources: [], forced: false, by: '', reason: null },
});
const v1 = stored('a1', 1);
const v2 = stored('a2', 2);
const v3 = stored('a3', 3);
const v4 = stored('a4', 4);

describe('snapshotsToDrop', () => {
  it.each([
    { name: 'keeps the newest `keep`', kept: [v1, v2, v3, v4], current: 'a4', keep: 2, previous: null, dropped: ['a2', 'a1'] },
    { name: 'never the current one, even an old one', kept: [v1, v2, v3, v4], current: 'a1', keep: 1, previous: null, dropped: ['a3', 'a2'] },
    { name: 'never the publication before the current one', kept: [v1, v2, v3], current: 'a2', keep: 1, previous: null, dropped: [] },
    { name: 'never the one served before the pointer last moved', kept: [v1, v2, v3, v4], current: 'a4', keep: 1, previous: 'a1', dropped: ['a2'] },
    { name: 'nothing current: only the newest `keep`', kept: [v1, v2], current: null, keep: 1, previous: null, dropped: ['a1'] },
  ])('$name', ({ kept, current, keep, previous, dropped }) => {
    expect(snapshotsToDrop(kept, current, keep, previous).map((s) => s.entry.version)).toEqual(dropped);
  });
});

describe('sha256OfFile', () => {
  it.each([0, 1, 1024 * 1024 - 1, 1024 * 1024, 3 * 1024 * 1024 + 5])('is the SHA-256 of all %i bytes, however many reads they take', async (size) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lodging-digest-'));
    try {
      const bytes = randomBytes(size);
      const file = path.join(dir, 'snapshot.sqlite');
      writeFileSync(file, bytes);
      expect(await sha256OfFile(file)).toBe(createHash('sha256').update(bytes).digest('hex'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a stored snapshot\'s object', () => {
  const record = (extra: object) => ({
    sha256: 'ab'.repeat(32),
    size: 10,
    entry: { country: 'es', version: '20261127T020624677Z-af6494', file: 'es/x.sqlite', publishedAt: '2026-11-27T02:06:24.677Z', runId: 'r', publishedCount: 1 },
    ...extra,
  });

  it('is named by the file\'s digest, and by its encoding when it has one', () => {
    expect(objectNameOf('ab'.repeat(32))).toBe(`sha256-${'ab'.repeat(32)}`);
    expect(objectNameOf('ab'.repeat(32), 'br')).toBe(`sha256-${'ab'.repeat(32)}.br`);
    expect(objectOf(parseStoredSnapshot(record({ encoding: 'br' }), 'es'))).toBe(`sha256-${'ab'.repeat(32)}.br`);
    expect(objectOf(parseStoredSnapshot(record({}), 'es'))).toBe(`sha256-${'ab'.repeat(32)}`); // published before objects were compressed
  });

  it('is refused in an encoding no replica can expand', () => {
    expect(() => parseStoredSnapshot(record({ encoding: 'zstd' }), 'es')).toThrow(/not a snapshot record/);
  });

  const file = (kind: string, over: object = {}) => ({ kind, sha256: 'cd'.repeat(32), size: 10, ...over });

  it('names its export files\' objects beside its own, each under its digest', () => {
    const parsed = parseStoredSnapshot(record({ encoding: 'br', exports: [file('parquet'), file('jsonl.gz', { sha256: 'ef'.repeat(32) })] }), 'es');
    expect(objectsOf(parsed)).toEqual([`sha256-${'ab'.repeat(32)}.br`, `sha256-${'cd'.repeat(32)}`, `sha256-${'ef'.repeat(32)}`]);
    expect(objectsOf(parseStoredSnapshot(record({}), 'es'))).toEqual([`sha256-${'ab'.repeat(32)}`]); // published before exports travelled
  });

  it.each([
    ['an unknown kind', [file('csv')]],
    ['a malformed digest', [file('parquet', { sha256: '../../etc/passwd' })]],
    ['a negative size', [file('parquet', { size: -1 })]],
    ['a size that is no integer', [file('parquet', { size: 1.5 })]],
    ['a list that is no list', { parquet: file('parquet') }],
  ])('is refused with %s among its export files', (_name, exports) => {
    expect(() => parseStoredSnapshot(record({ exports }), 'es')).toThrow(/not a snapshot record/);
  });
});
