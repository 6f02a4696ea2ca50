// The one number, size and time format: separators, binary units, UTC with seconds, durations.
import { describe, expect, it } from 'vitest';
import { formatByteCount, formatCount, formatCountOf, formatDuration, formatElapsed, formatSize, formatTime } from '../../../platform/format/index.ts';

describe('numbers and sizes', () => {
  it.each([
    [1183, '1,183'],
    [300433, '300,433'],
    [0, '0'],
    [1234567, '1,234,567'],
  ])('formatCount(%d) is %s', (n, text) => expect(formatCount(n)).toBe(text));

  it('names what it counts, singular for one', () => {
    expect(formatCountOf(1183, 'place')).toBe('1,183 places');
    expect(formatCountOf(1, 'place')).toBe('1 place');
    expect(formatByteCount(300433)).toBe('300,433 bytes');
  });

  it.each([
    [2 * 1024 ** 3, '2 GiB'],
    [1.5 * 1024 ** 2, '1.5 MiB'],
    [300433, '293.4 KiB'],
    [900, '900 bytes'],
  ])('formatSize(%d) is %s', (n, text) => expect(formatSize(n)).toBe(text));
});

describe('instants and durations', () => {
  it('writes UTC, with seconds when asked, and a dash for nothing', () => {
    expect(formatTime('2026-11-25T16:27:21.123Z')).toBe('2026-11-25 16:27 UTC');
    expect(formatTime('2026-11-25T16:27:21.123Z', { seconds: true })).toBe('2026-11-25 16:27:21 UTC');
    expect(formatTime(null)).toBe('—');
    expect(formatTime('not a date', { empty: 'never' })).toBe('never');
  });

  it.each([
    [850, '0.9 s'],
    [65_000, '1 min 5 s'],
    [7_380_000, '2 h 3 min'],
    [2 * 86_400_000, '2 d 0 h'],
  ])('formatDuration(%d) is %s', (ms, text) => expect(formatDuration(ms)).toBe(text));

  it('measures between two instants, or says nothing while one is missing', () => {
    expect(formatElapsed('2026-11-25T16:00:00Z', '2026-11-25T16:01:05Z')).toBe('1 min 5 s');
    expect(formatElapsed('2026-11-25T16:00:00Z', null)).toBeNull();
  });
});
