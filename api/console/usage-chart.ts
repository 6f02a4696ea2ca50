// A key's requests as inline SVG bar charts made on the server: per hour on a wide screen, per day on a phone (CSS picks one).
import { HOUR_MS, hourOf } from '../usage/usage-store.ts';
import type { UsageCount } from '../usage/usage-store.ts';
import { html, svgBarChart } from '../../platform/html/index.ts';
import type { Column, Markup } from '../../platform/html/index.ts';
import { formatCount } from '../../platform/format/index.ts';
import { formatDay, formatTime } from '../../platform/format/index.ts';

export const CHART_HOURS = 7 * 24;
/** A key younger than a week is drawn from its first hour, but over at least this many hours, so one hour is not a sliver of a week. */
const MIN_HOURS = 24;

interface Hour {
  hour: number;
  ok: number;
  limited: number;
}

export interface UsageSeries {
  /** Oldest first, ending with the current hour: the last 7 days, or since the key was made (at least MIN_HOURS). */
  hours: Hour[];
  totalOk: number;
  totalLimited: number;
  /** True when the first hour is the key's own first hour (not hours before it was made, drawn so a day shows whole). */
  fromCreation: boolean;
}

/** The usage store has answered and refused (429) counts per hour; it keeps no endpoint, so the split shown is by status. */
export function usageSeries(counts: UsageCount[], now: number, createdAt: number | null = null): UsageSeries {
  const last = hourOf(now);
  const weekStart = last - (CHART_HOURS - 1) * HOUR_MS;
  const since = createdAt === null || Number.isNaN(createdAt) ? weekStart : Math.min(hourOf(createdAt), last - (MIN_HOURS - 1) * HOUR_MS);
  const first = Math.max(weekStart, since);
  const byHour = new Map(counts.map((c) => [c.hour, c]));
  const hours: Hour[] = [];
  let totalOk = 0;
  let totalLimited = 0;
  for (let hour = first; hour <= last; hour += HOUR_MS) {
    const count = byHour.get(hour);
    const ok = count?.ok ?? 0;
    const limited = count?.limited ?? 0;
    totalOk += ok;
    totalLimited += limited;
    hours.push({ hour, ok, limited });
  }
  const fromCreation = createdAt !== null && !Number.isNaN(createdAt) && hourOf(createdAt) === first;
  return { hours, totalOk, totalLimited, fromCreation };
}

/** The hours summed per UTC day. */
export function dailyUsage(series: UsageSeries): Hour[] {
  const days = new Map<number, Hour>();
  for (const h of series.hours) {
    const day = h.hour - (h.hour % (24 * HOUR_MS));
    const sum = days.get(day) ?? { hour: day, ok: 0, limited: 0 };
    sum.ok += h.ok;
    sum.limited += h.limited;
    days.set(day, sum);
  }
  return [...days.values()];
}

function segments(span: string, h: Hour): Column['segments'] {
  return [
    { value: h.ok, className: 'ok', title: `${span}: ${formatCount(h.ok)} answered, ${formatCount(h.limited)} refused (429)` },
    { value: h.limited, className: 'limited', title: `${span}: ${formatCount(h.limited)} refused (429), ${formatCount(h.ok)} answered` },
  ];
}

/** Midnight is named by its date on both scales, so an hour of yesterday evening never reads as one still to come today. */
function hourTick(hour: number, short: boolean): string | null {
  const date = new Date(hour);
  if (date.getUTCHours() === 0) return formatDay(hour).slice(5);
  return short && date.getUTCHours() % 6 === 0 ? `${String(date.getUTCHours()).padStart(2, '0')}:00` : null;
}

export function renderUsageChart(series: UsageSeries, label: string): Markup {
  const short = series.hours.length <= 48;
  const hourly = series.hours.map((h) => ({ segments: segments(`${formatTime(h.hour)}, that hour`, h), tick: hourTick(h.hour, short) }));
  const daily = dailyUsage(series).map((d) => ({ segments: segments(formatDay(d.hour), d), tick: formatDay(d.hour).slice(5) }));
  const span =
    series.hours.length >= CHART_HOURS ? 'the last 7 days' : series.fromCreation ? `the ${series.hours.length} hours since the key was made` : `the last ${series.hours.length} hours`;
  const summary = `${label}: ${formatCount(series.totalOk)} requests answered and ${formatCount(series.totalLimited)} refused with 429 in ${span}`;
  return html`<figure class="chart">
<div class="hourly">${svgBarChart({ layout: 'columns', title: `${summary}, per hour`, className: 'usage', width: 720, height: 200, columns: hourly })}</div>
<div class="daily">${svgBarChart({ layout: 'columns', title: `${summary}, per day`, className: 'usage', width: 340, height: 190, columns: daily, focusable: true })}</div>
<figcaption><span class="swatch ok"></span> answered <span class="swatch limited"></span> refused (429) · requests per hour (per day on a narrow screen), ${span} (UTC); point at or focus a bar for its numbers · ${formatCount(
    series.totalOk,
  )} answered, ${formatCount(series.totalLimited)} refused</figcaption>
</figure>`;
}
