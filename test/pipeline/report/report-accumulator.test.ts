import { describe, expect, it } from 'vitest';
import { ReportAccumulator } from '../../../pipeline/report/report-accumulator.ts';
import type { ListingSummary } from '../../../pipeline/snapshot/listing-record.ts';

const at = (line: number, fileIndex = 0) => ({ file: `f${fileIndex}.jsonl`, fileIndex, line });
const summary = (line: number, over: Partial<ListingSummary> = {}): ListingSummary => ({
  status: 'published',
  reasons: [],
  lodgingType: 'hotel',
  issueKeys: [],
  unknownLabels: [],
  source: at(line),
  ...over,
});
const meta = {
  runId: 'r',
  runner: 'test',
  country: 'es' as const,
  files: ['f0.jsonl'],
  startedAt: new Date(0),
  finishedAt: new Date(1500),
  snapshot: null,
};

describe('ReportAccumulator', () => {
  it('counts statuses, reasons, published lodging types, issues and unknown labels', () => {
    const acc = new ReportAccumulator();
    acc.countLines(5);
    acc.addListing(summary(1, { issueKeys: ['phone/invalid-phone', 'website/private-host'], unknownLabels: ['Foo'] }));
    acc.addListing(summary(2, { lodgingType: 'campsite', unknownLabels: ['Foo', 'Bar'] }));
    acc.addListing(summary(3, { status: 'closed', reasons: ['closed-permanently'], lodgingType: 'campsite' }));
    acc.addListing(summary(4, { status: 'rejected', reasons: ['missing-name'], issueKeys: ['email/invalid-email'] }));
    acc.addBadLine(at(5), 'invalid-json', 'Unexpected end');
    const report = acc.finish(meta);
    expect(report).toMatchObject({
      lines: 5,
      listings: 4,
      badLines: 1,
      durationMs: 1500,
      byStatus: { published: 2, closed: 1, suppressed: 0, rejected: 1 },
      byReason: { 'closed-permanently': 1, 'missing-name': 1 },
      invalid: { phones: 1, websites: 1, sourceMapsUrls: 0, emails: 1 },
      unknownLabels: [
        { label: 'Foo', count: 2 },
        { label: 'Bar', count: 1 },
      ],
      unknownLabelsDistinct: 2,
    });
    expect(report.byLodgingType.hotel).toBe(1);
    expect(report.byLodgingType.campsite).toBe(1);
    expect(report.samples.badLines).toEqual([{ file: 'f0.jsonl', line: 5, reason: 'invalid-json', detail: 'Unexpected end' }]);
    expect(report.samples.rejected).toEqual([{ file: 'f0.jsonl', line: 4, reason: 'missing-name' }]);
  });

  it('gives the same report whatever order listings and displaced duplicates arrive in', () => {
    const inOrder = new ReportAccumulator();
    inOrder.addListing(summary(1, { unknownLabels: ['X'] }));
    inOrder.addDuplicate(at(2), at(1));

    const reversed = new ReportAccumulator();
    const later = summary(2, { issueKeys: ['phone/invalid-phone'] });
    reversed.addListing(later);
    reversed.addListing(later, -1);
    reversed.addDuplicate(at(2), at(1));
    reversed.addListing(summary(1, { unknownLabels: ['X'] }));

    expect(reversed.finish(meta)).toEqual(inOrder.finish(meta));
    expect(inOrder.finish(meta).samples.rejected).toEqual([
      { file: 'f0.jsonl', line: 2, reason: 'duplicate-provider-id', detail: 'same providerId as f0.jsonl:1' },
    ]);
  });

  it('keeps only the earliest samples per reason, by file then line', () => {
    const acc = new ReportAccumulator();
    for (const line of [9, 3, 7, 1, 5, 8, 2]) acc.addListing(summary(line, { status: 'rejected', reasons: ['missing-name'] }));
    acc.addListing(summary(1, { status: 'rejected', reasons: ['missing-name'], source: at(1, 1) }));
    expect(acc.finish(meta).samples.rejected.map((s) => s.line)).toEqual([1, 2, 3, 5, 7]);
  });
});

describe('ReportAccumulator issue groups', () => {
  it('counts grouped issues by what they name, most frequent first, and takes a displaced listing back out', () => {
    const acc = new ReportAccumulator();
    const esmadrid = 'website/third-party esmadrid.com';
    acc.addListing(summary(1, { issueGroups: [esmadrid] }));
    acc.addListing(summary(2, { issueGroups: [esmadrid, 'lodgingType/name-suggests bedAndBreakfast'] }));
    acc.addListing(summary(3, { issueGroups: ['website/third-party facebook.com', 'website/public-body cm-tavira.pt'] }));
    acc.addListing(summary(4, { issueGroups: ['website/third-party facebook.com'] }));
    acc.addListing(summary(4, { issueGroups: ['website/third-party facebook.com'] }), -1);
    acc.addListing(summary(5));
    const report = acc.finish(meta);
    expect(report.issueGroups).toEqual({
      'lodgingType/name-suggests': { bedAndBreakfast: 1 },
      'website/public-body': { 'cm-tavira.pt': 1 },
      'website/third-party': { 'esmadrid.com': 2, 'facebook.com': 1 },
    });
    expect(Object.keys(report.issueGroups['website/third-party']!)).toEqual(['esmadrid.com', 'facebook.com']);
  });

  it('is empty when no issue is grouped', () => {
    const acc = new ReportAccumulator();
    acc.addListing(summary(1, { issueKeys: ['phone/invalid-phone'] }));
    expect(acc.finish(meta).issueGroups).toEqual({});
  });
});
