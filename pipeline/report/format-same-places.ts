// The report's same-place section, for the terminal and the HTML page: each listing not served, the id kept, the signals that matched.
import { html, type Markup } from '../../platform/html/index.ts';
import type { ImportReport } from './import-report.ts';
import type { SamePlaceRecord } from '../snapshot/snapshot-types.ts';

/** "name, distance 35 m, phone": the signals that agreed, the distance where both had a point. */
export function signalsText(d: SamePlaceRecord): string {
  return d.signals.map((s) => (s === 'distance' && d.metres !== null ? `distance ${d.metres} m` : s)).join(', ');
}

/** A report without the section merged nothing (and reports written before the same-place pass have none). */
function samePlacesOf(report: ImportReport): NonNullable<ImportReport['samePlaces']> {
  return report.samePlaces ?? { merged: 0, listed: [] };
}

export function samePlacesLines(report: ImportReport): string[] {
  const { merged, listed } = samePlacesOf(report);
  if (merged === 0) return ['Same place as another listing (not served): none'];
  const lines = [`Same place as another listing (not served): ${merged.toLocaleString('en-GB')}${listed.length < merged ? ` (first ${listed.length} listed)` : ''}`];
  for (const d of listed) lines.push(`  ${d.id} → ${d.keptId}  ${JSON.stringify(d.name ?? '')} = ${JSON.stringify(d.keptName ?? '')} (${signalsText(d)})`);
  return lines;
}

export function samePlacesSection(report: ImportReport): Markup {
  const { merged, listed } = samePlacesOf(report);
  if (merged === 0) return html`<p>None: no two listings of this import are one place.</p>`;
  return html`<p>${merged.toLocaleString('en-GB')} listings are the same place as another listing of this import: their ids are not served and answer 404 with a link to the id kept (docs/data-rules.md, "One place, published once").</p>
<table><thead><tr><th>id not served</th><th>name</th><th>id kept</th><th>name kept</th><th>matched with</th><th>signals</th></tr></thead><tbody>${listed.map(
    (d) => html`<tr><td><code>${d.id}</code></td><td>${d.name ?? ''}</td><td><code>${d.keptId}</code></td><td>${d.keptName ?? ''}</td><td><code>${d.matchedId}</code></td><td>${signalsText(d)}</td></tr>`,
  )}</tbody></table>${listed.length < merged ? html`<p class="small">first ${listed.length} of ${merged.toLocaleString('en-GB')}</p>` : ''}`;
}
