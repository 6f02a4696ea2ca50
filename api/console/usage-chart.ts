// Requests per hour over 7 days as an inline SVG bar chart made on the server (no script, no library in the page).
import { HOUR_MS, hourOf } from '../usage/usage-store.ts';
import type { UsageCount } from '../usage/usage-store.ts';
import { html, svgBarChart } from '../../platform/html/index.ts';
import type { Markup } from '../../platform/html/index.ts';

export const CHART_HOURS = 7 * 24;

export interface UsageSeries {
  /** CHART_HOURS entries, oldest first, ending with the current hour. */
  hours: { hour: number; ok: number; limited: number }[];
  totalOk: number;
  totalLimited: number;
}

export function usageSeries(counts: UsageCount[], now: number): UsageSeries {
  const last = hourOf(now);
  const first = last - (CHART_HOURS - 1) * HOUR_MS;
  const byHour = new Map(counts.map((c) => [c.hour, c]));
  const hours = [];
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
  return { hours, totalOk, totalLimited };
}

const WIDTH = 720;
const HEIGHT = 200;

export function renderUsageChart(series: UsageSeries, label: string): Markup {
  const columns = series.hours.map((h) => {
    const when = new Date(h.hour).toISOString().slice(0, 13).replace('T', ' ');
    return {
      segments: [
        { value: h.ok, className: 'ok', title: `${when}:00 UTC: ${h.ok} answered` },
        { value: h.limited, className: 'limited', title: `${when}:00 UTC: ${h.limited} refused (429)` },
      ],
      tick: new Date(h.hour).getUTCHours() === 0 ? new Date(h.hour).toISOString().slice(5, 10) : null,
    };
  });
  const summary = `${label}: ${series.totalOk} requests answered and ${series.totalLimited} refused with 429 in the last 7 days`;
  return html`<figure class="chart">
${svgBarChart({ layout: 'columns', title: summary, className: 'usage', width: WIDTH, height: HEIGHT, columns })}
<figcaption><span class="swatch ok"></span> answered <span class="swatch limited"></span> refused (429) · requests per hour, last 7 days (UTC) · ${series.totalOk} answered, ${series.totalLimited} refused</figcaption>
</figure>`;
}
