// The unknown labels kept across runs: merged run by run (latest count, summed totals, one run counted once), read and written whole.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeSightings, readUnknownLabels, unknownLabelStorePath, writeUnknownLabels } from '../../../pipeline/labels/unknown-label-store.ts';

const example = { id: 'es-1', name: 'Casa', file: 'a.jsonl', line: 3 };

describe('mergeSightings', () => {
  it('adds a new label with its first run', () => {
    expect(mergeSightings([], 'es', 'run-1', 'T1', [{ label: 'Casona', count: 4, examples: [example] }])).toEqual([
      { label: 'Casona', country: 'es', count: 4, totalCount: 4, runs: 1, firstSeen: 'T1', lastSeen: 'T1', lastRunId: 'run-1', examples: [example] },
    ]);
  });

  it('takes a later run’s count and examples, sums the total, and counts one run once', () => {
    const first = mergeSightings([], 'es', 'run-1', 'T1', [{ label: 'Casona', count: 4, examples: [] }]);
    const second = mergeSightings(first, 'es', 'run-2', 'T2', [{ label: 'Casona', count: 3, examples: [example] }]);
    expect(second[0]).toMatchObject({ count: 3, totalCount: 7, runs: 2, firstSeen: 'T1', lastSeen: 'T2', lastRunId: 'run-2', examples: [example] });
    expect(mergeSightings(second, 'es', 'run-2', 'T2', [{ label: 'Casona', count: 3, examples: [] }])).toEqual(second);
    // The stored entries are not changed in place.
    expect(first[0]!.runs).toBe(1);
  });

  it('keeps countries apart, sorted by country, then most seen, then label', () => {
    const stored = mergeSightings([], 'pt', 'run-1', 'T1', [{ label: 'Casona', count: 1, examples: [] }]);
    const merged = mergeSightings(stored, 'es', 'run-2', 'T2', [
      { label: 'B', count: 2, examples: [] },
      { label: 'A', count: 2, examples: [] },
      { label: 'Casona', count: 5, examples: [] },
    ]);
    expect(merged.map((entry) => `${entry.country} ${entry.label}`)).toEqual(['es Casona', 'es A', 'es B', 'pt Casona']);
  });
});

describe('readUnknownLabels and writeUnknownLabels', () => {
  it('read nothing before the first write, then what was written, leaving no temporary file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lodging-unknown-'));
    try {
      expect(await readUnknownLabels(dir)).toEqual([]);
      const labels = mergeSightings([], 'es', 'run-1', 'T1', [{ label: 'Casona', count: 4, examples: [example] }]);
      await writeUnknownLabels(dir, labels);
      expect(await readUnknownLabels(dir)).toEqual(labels);
      expect(await readdir(path.dirname(unknownLabelStorePath(dir)))).toEqual(['unknown-labels.json']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
