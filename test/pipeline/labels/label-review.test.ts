// Label review's argument and listing: "LABEL=KEY" split at its last "=", unknown labels listed with a suggestion.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LabelReviewError, listUnknownLabels, parseAcceptArgument } from '../../../pipeline/labels/label-review.ts';
import { writeUnknownLabels, type UnknownLabelEntry } from '../../../pipeline/labels/unknown-label-store.ts';

describe('parseAcceptArgument', () => {
  it('splits at the last "=", trimmed', () => {
    expect(parseAcceptArgument(' Casa rural = ruralHouse ')).toEqual({ label: 'Casa rural', key: 'ruralHouse' });
    expect(parseAcceptArgument('A=B=hotel')).toEqual({ label: 'A=B', key: 'hotel' });
  });

  it('refuses a text without a label or a key', () => {
    for (const text of ['Casa rural', '=hotel', 'Casa rural=', '  =  ']) {
      expect(() => parseAcceptArgument(text)).toThrow(LabelReviewError);
    }
    expect(() => parseAcceptArgument('Casa')).toThrow('--accept wants "LABEL=KEY", got "Casa"');
  });
});

describe('listUnknownLabels', () => {
  const entry = (label: string, country: 'es' | 'pt', count: number): UnknownLabelEntry => ({
    label, country, count, totalCount: count, runs: 1, firstSeen: '2026-01-01T00:00:00Z', lastSeen: '2026-01-01T00:00:00Z', lastRunId: 'run-1', examples: [],
  });

  it('lists the labels the tables still do not know, most seen first, each with its suggestion; filters by country', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lodging-review-'));
    try {
      await writeUnknownLabels(dir, [entry('Hotel', 'es', 9), entry('Zzz qqq', 'es', 2), entry('Hostal con encanto junto al mar', 'es', 5), entry('Xyz abc', 'pt', 1)]);
      const listed = await listUnknownLabels(dir);
      // "Hotel" and the hostal are known by now (an exact label, a head word): no longer to review.
      expect(listed.map((item) => item.label)).toEqual(['Zzz qqq', 'Xyz abc']);
      expect(listed[0]!.suggestion).toEqual({ key: null, why: null });
      expect((await listUnknownLabels(dir, { country: 'pt' })).map((item) => item.label)).toEqual(['Xyz abc']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
