// The change summary of a run: places served, and a note on diffs recorded before they counted places served alone.
import { describe, expect, it } from 'vitest';
import { changeSummary } from '../../../../api/console/ops/run-markup.ts';
import type { SnapshotDiff } from '../../../../pipeline/index.ts';

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
