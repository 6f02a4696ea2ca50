// Renders the publication part of a report for a terminal: the decision, every gate with its value, the diff in brief.
import type { GateResult } from '../gates/gates.ts';
import type { ExportsWritten } from '../exports/export-manifest.ts';
import type { PublicationReport } from './publication-report.ts';
import { DIFF_KINDS } from '../snapshot/snapshot-diff.ts';
import { formatFieldQuality } from './format-field-quality.ts';
import { formatKeptFields } from './format-kept-fields.ts';

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const num = (n: number) => n.toLocaleString('en-GB');

export function formatGate(g: GateResult): string {
  const value = g.measured === null ? '-' : g.gate === 'zero-published' ? num(g.measured) : pct(g.measured);
  return `  ${g.status.toUpperCase().padEnd(7)} ${g.gate.padEnd(15)} ${value.padStart(8)}  ${g.detail}`;
}

export function formatDecision(r: PublicationReport): string {
  switch (r.outcome) {
    case 'published':
      return r.forced
        ? `PUBLISHED (FORCED by ${r.forced.by}: ${r.forced.reason}) snapshot ${r.publishedVersion}`
        : `PUBLISHED snapshot ${r.publishedVersion}`;
    case 'refused':
      return `REFUSED by a publication gate: nothing was published, the current snapshot keeps serving. Candidate ${r.candidateVersion} held until ${r.heldUntil}.`;
    case 'dry-run':
      return `DRY RUN: nothing was published (gates ${r.gates.some((g) => g.status === 'fail') ? 'WOULD REFUSE' : 'pass'}). Candidate ${r.candidateVersion} held until ${r.heldUntil}.`;
    default:
      return r.outcome.toUpperCase();
  }
}

/** What the export files took after publishing, apart from the import's own time (their sizes: --json), after the decision. */
export function formatExportsWritten(e: ExportsWritten): string {
  if (e.error !== null) return `export files not written in ${e.seconds.toFixed(1)} s (${e.error}): they are built on their first request`;
  return `export files (${e.files.map((f) => f.format).join(', ')}) written in ${e.seconds.toFixed(1)} s after publishing`;
}

export function formatPublication(r: PublicationReport, reportFile: string): string {
  const lines: string[] = ['', 'Publication gates'];
  for (const g of r.gates) lines.push(formatGate(g));
  lines.push('');
  const against = r.diff.against ? `against current snapshot ${r.diff.against.version} (${num(r.diff.against.publishedCount)} published)` : 'first import: nothing to compare with';
  lines.push(`Changes in places served, ${against}`);
  for (const kind of DIFF_KINDS) {
    const c = r.diff[kind];
    const types = Object.entries(c.byLodgingType)
      .slice(0, 4)
      .map(([k, v]) => `${k} ${num(v)}`)
      .join(', ');
    lines.push(`  ${kind.padEnd(14)} ${num(c.count).padStart(9)}${types ? `  (${types}${Object.keys(c.byLodgingType).length > 4 ? ', …' : ''})` : ''}`);
  }
  lines.push('');
  const fields = formatFieldQuality(r.fieldQuality, r.outcome);
  if (fields.length > 0) lines.push(...fields, '');
  const kept = formatKeptFields(r.fieldQuality?.kept);
  if (kept.length > 0) lines.push(...kept, '');
  lines.push(r.exports ? `${formatDecision(r)}; ${formatExportsWritten(r.exports)}` : formatDecision(r));
  lines.push(`Report: ${reportFile}`);
  for (const line of r.advice ?? []) lines.push(`Note: ${line}`);
  lines.push('Next:');
  for (const step of r.nextSteps) lines.push(`  ${step}`);
  return `${lines.join('\n')}\n`;
}
