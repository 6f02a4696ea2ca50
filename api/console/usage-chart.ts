// Requests per hour over 7 days as an inline SVG bar chart made on the server (no script, no library in the page).
import { HOUR_MS, hourOf } from '../usage/usage-store.ts';
import type { UsageCount } from '../usage/usage-store.ts';
import { html, trusted } from './html-template.ts';
import type { Markup } from './html-template.ts';
import { escapeHtml } from '../pages/html.ts';

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

/** A "nice" axis maximum: 1, 2 or 5 × 10^n at or above the value. */
function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

const W = 720;
const H = 200;
const LEFT = 44;
const RIGHT = 8;
const TOP = 10;
const BOTTOM = 28;

export function renderUsageChart(series: UsageSeries, label: string): Markup {
  const max = niceMax(Math.max(...series.hours.map((h) => h.ok + h.limited)));
  const plotW = W - LEFT - RIGHT;
  const plotH = H - TOP - BOTTOM;
  const barW = plotW / series.hours.length;
  const y = (v: number) => TOP + plotH - (v / max) * plotH;
  const parts: string[] = [];
  for (const fraction of [0, 0.5, 1]) {
    const value = max * fraction;
    parts.push(`<line x1="${LEFT}" x2="${W - RIGHT}" y1="${y(value).toFixed(1)}" y2="${y(value).toFixed(1)}" class="grid"/>`);
    parts.push(`<text x="${LEFT - 6}" y="${(y(value) + 4).toFixed(1)}" text-anchor="end" class="axis">${Number.isInteger(value) ? value : value.toFixed(1)}</text>`);
  }
  series.hours.forEach((h, i) => {
    const x = (LEFT + i * barW).toFixed(2);
    const w = Math.max(barW - 0.6, 0.5).toFixed(2);
    const when = new Date(h.hour).toISOString().slice(0, 13).replace('T', ' ');
    if (h.ok > 0) {
      parts.push(
        `<rect x="${x}" y="${y(h.ok).toFixed(1)}" width="${w}" height="${(TOP + plotH - y(h.ok)).toFixed(1)}" class="ok"><title>${when}:00 UTC: ${h.ok} answered</title></rect>`,
      );
    }
    if (h.limited > 0) {
      parts.push(
        `<rect x="${x}" y="${y(h.ok + h.limited).toFixed(1)}" width="${w}" height="${(y(h.ok) - y(h.ok + h.limited)).toFixed(1)}" class="limited"><title>${when}:00 UTC: ${h.limited} refused (429)</title></rect>`,
      );
    }
    if (new Date(h.hour).getUTCHours() === 0) {
      parts.push(`<line x1="${x}" x2="${x}" y1="${TOP + plotH}" y2="${TOP + plotH + 4}" class="tick"/>`);
      parts.push(`<text x="${(Number(x) + 2).toFixed(1)}" y="${H - 8}" class="axis">${new Date(h.hour).toISOString().slice(5, 10)}</text>`);
    }
  });
  parts.push(`<line x1="${LEFT}" x2="${W - RIGHT}" y1="${TOP + plotH}" y2="${TOP + plotH}" class="baseline"/>`);
  const summary = `${label}: ${series.totalOk} requests answered and ${series.totalLimited} refused with 429 in the last 7 days`;
  return html`<figure class="chart">
${trusted(`<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(summary)}" class="usage"><title>${escapeHtml(summary)}</title>${parts.join('')}</svg>`)}
<figcaption><span class="swatch ok"></span> answered <span class="swatch limited"></span> refused (429) · requests per hour, last 7 days (UTC) · ${series.totalOk} answered, ${series.totalLimited} refused</figcaption>
</figure>`;
}
