// A run's change summary and Fields table, with a note on what reports recorded before counted otherwise.
import { describe, expect, it } from 'vitest';
import { changeSummary, fieldQualityTable } from '../../../../api/console/ops/run-markup.ts';
import type { FieldQuality, SnapshotDiff } from '../../../../pipeline/index.ts';

const category = (count: number) => ({ count, byLodgingType: {}, byCity: {}, examples: [] });
const diff = (servedOnly: boolean): SnapshotDiff => ({
  against: { version: '20261101T000000000Z-aaaaaa', publishedCount: 47 },
  ...(servedOnly ? { servedOnly: true as const } : {}),
  added: category(3),
  removed: category(55),
  changed: category(1),
  statusChanged: category(0),
});

describe('changeSummary', () => {
  it('a diff of places served says nothing more', () => {
    const text = changeSummary(diff(true), null, 'es').text;
    expect(text).toMatch(/\+3 added<\/strong> · <strong class="removed">−55 removed<\/strong>/);
    expect(text).not.toMatch(/include records not served/);
  });

  it('a diff recorded before says its counts include records not served', () => {
    expect(changeSummary(diff(false), null, 'es').text).toMatch(/against snapshot 20261101T000000000Z-aaaaaa \(47 places\) \(recorded before diffs counted places served alone: these counts include records not served\)/);
  });
});

describe('fieldQualityTable', () => {
  const quality = (countedByCode: boolean): FieldQuality => ({
    published: 2,
    currentPublished: null,
    rows: [{ field: 'website', filled: 1, share: 0.5, currentShare: null, change: null, issues: { 'tracking-removed': 1 } }],
    otherIssues: { 'lodgingType/name-suggests': 1 },
    ...(countedByCode ? { countedByCode: true as const } : {}),
  });

  it('shows the other issues with the same formatter as the report', () => {
    const text = fieldQualityTable(quality(true), 'published').text;
    expect(text).toMatch(/<p class="aside">Other issues: lodgingType\/name-suggests 1<\/p>/);
    expect(text).not.toMatch(/counted by field\/code/);
  });

  it('a report recorded before issues were counted by field/code says its issue counts are wrong', () => {
    expect(fieldQualityTable(quality(false), 'published').text).toMatch(/Issue counts recorded before issues were counted by field\/code: these issue counts are wrong/);
  });
});
