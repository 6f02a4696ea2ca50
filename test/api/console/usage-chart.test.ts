// The key usage chart: only hours that have begun, an axis a reader cannot misread as later today, whole-number counts.
import { describe, expect, it } from 'vitest';
import { renderUsageChart, usageSeries } from '../../../api/console/usage-chart.ts';
import { HOUR_MS, hourOf } from '../../../api/usage/usage-store.ts';

const NOW = Date.parse('2026-11-27T16:35:00Z');
const axisLabels = (svg: string) => [...svg.matchAll(/class="axis">([^<]*)<\/text>/g)].map((m) => m[1]!);
const hourlyOf = (text: string) => /<div class="hourly">([\s\S]*?)<\/div>/.exec(text)![1]!;

describe('usageSeries', () => {
  it.each([
    ['a key made a minute ago', NOW - 60_000],
    ['a key made a month ago', NOW - 30 * 24 * HOUR_MS],
    ['a key whose creation time is ahead of this clock (another replica)', NOW + 3 * HOUR_MS],
  ])('%s: ends with the current hour and holds no later hour', (_what, createdAt) => {
    const series = usageSeries([{ keyId: 'k', hour: hourOf(NOW), ok: 2, limited: 0 }], NOW, createdAt);
    expect(series.hours.at(-1)!.hour).toBe(hourOf(NOW));
    expect(series.hours.every((h) => h.hour <= NOW)).toBe(true);
  });
});

describe('renderUsageChart', () => {
  it('a young key: the hours before it was made are "the last 24 hours", not hours "since the key was made"', () => {
    const text = renderUsageChart(usageSeries([], NOW, NOW - 60_000), 'Key k').text;
    expect(text).toContain('the last 24 hours');
    expect(text).not.toContain('since the key was made');
  });

  it('a day-old key: the hours since it was made', () => {
    const text = renderUsageChart(usageSeries([], NOW, NOW - 30 * HOUR_MS), 'Key k').text;
    expect(text).toContain('the 31 hours since the key was made');
  });

  it('a 24-hour axis names the day at midnight, so yesterday evening is not read as an hour still to come', () => {
    const labels = axisLabels(hourlyOf(renderUsageChart(usageSeries([], NOW, NOW - 60_000), 'Key k').text));
    // 17:00 yesterday … 16:00 today: 18:00 (yesterday), the date at midnight, then today's 06:00 and 12:00.
    expect(labels.filter((l) => /:|-/.test(l))).toEqual(['18:00', '11-27', '06:00', '12:00']);
  });

  it('counts on the value axis are whole numbers', () => {
    const text = renderUsageChart(usageSeries([{ keyId: 'k', hour: hourOf(NOW), ok: 1, limited: 0 }], NOW, NOW - 60_000), 'Key k').text;
    for (const label of axisLabels(text).filter((l) => /^[\d.,]+$/.test(l))) expect(label).toMatch(/^[\d,]+$/);
  });
});
