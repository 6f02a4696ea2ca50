import { describe, expect, it } from 'vitest';
import { formatProgressLine, progressFigures } from '../../../pipeline/cli/progress-line.ts';
import { parseProgressLine } from '../../../api/console/ops/read-progress-line.ts';

describe('progress lines', () => {
  it('round-trips progress, started and notice events', () => {
    const progress = { event: 'progress' as const, ...progressFigures({ phase: 'reading', linesRead: 10, listingsWritten: 8, bytesRead: 50, bytesTotal: 200 }) };
    expect(progress.percent).toBe(25);
    expect(parseProgressLine(formatProgressLine(progress))).toEqual(progress);
    expect(parseProgressLine(formatProgressLine({ event: 'started', runId: 'r1' }))).toEqual({ event: 'started', runId: 'r1' });
    expect(parseProgressLine(formatProgressLine({ event: 'notice', text: 'no worker' }))).toEqual({ event: 'notice', text: 'no worker' });
  });

  it('counts publishing as 100% read', () => {
    expect(progressFigures({ phase: 'publishing', linesRead: 1, listingsWritten: 1, bytesRead: 0, bytesTotal: 0 }).percent).toBe(100);
  });

  it.each(['lodging import: unreadable file', '{"event":"progress","phase":"x"}', '{"event":"progress"', '{"event":"progress","phase":"reading","linesRead":-1,"listingsWritten":0,"bytesRead":0,"bytesTotal":0}', ''])(
    'ignores %j',
    (line) => {
      expect(parseProgressLine(line)).toBeNull();
    },
  );
});
