// Renders the per-field quality report for a terminal: one line per field, worst first, with its issues by code.
import { MISCOUNTED_ISSUES_NOTE, type FieldQuality, type FieldQualityRow } from '../gates/field-quality.ts';
import type { RunOutcome } from '../runs/run-record.ts';
import { publishedPlacesText } from '../runs/publish-wording.ts';

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const num = (n: number) => n.toLocaleString('en-GB');

/** "−85.0 pts", "+2.0 pts", "±0" or "-" (nothing to compare with). */
export function formatChange(change: number | null): string {
  if (change === null) return '-';
  if (change === 0) return '±0';
  return `${change > 0 ? '+' : '−'}${Math.abs(change * 100).toFixed(1)} pts`;
}

/** "invalid-phone 12, duplicate-phone 3": most frequent first. */
export function formatIssueCounts(issues: Record<string, number>): string {
  return Object.entries(issues)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([code, n]) => `${code} ${num(n)}`)
    .join(', ');
}

function row(r: FieldQualityRow, width: number): string {
  const now = r.currentShare === null ? '-' : pct(r.currentShare);
  const issues = formatIssueCounts(r.issues);
  return `  ${r.field.padEnd(width)} ${num(r.filled).padStart(9)} ${pct(r.share).padStart(7)} ${now.padStart(7)} ${formatChange(r.change).padStart(10)}${issues ? `  ${issues}` : ''}`;
}

/** `outcome`: the run's, so a candidate's places are the ones it "would publish". */
export function formatFieldQuality(q: FieldQuality | null | undefined, outcome: RunOutcome = 'published'): string[] {
  if (!q) return [];
  const against = q.currentPublished === null ? 'first import: nothing to compare with' : `against the current snapshot's ${num(q.currentPublished)}`;
  const width = Math.max(5, ...q.rows.map((r) => r.field.length));
  const lines = [`Fields of ${publishedPlacesText(outcome, q.published)}, worst first (${against})`];
  lines.push(`  ${'field'.padEnd(width)} ${'filled'.padStart(9)} ${'share'.padStart(7)} ${'now'.padStart(7)} ${'change'.padStart(10)}  values dropped or changed, by issue`);
  for (const r of q.rows) lines.push(row(r, width));
  const other = formatIssueCounts(q.otherIssues);
  if (other) lines.push(`  other issues: ${other}`);
  if (!q.countedByCode) lines.push(`  NOTE: ${MISCOUNTED_ISSUES_NOTE}`);
  return lines;
}
