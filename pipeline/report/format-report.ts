// Renders an ImportReport for a person at a terminal: counts first, then what to fix, with line numbers.
import type { ImportReport } from './import-report.ts';
import { publishedWord } from '../runs/publish-wording.ts';
import { samePlacesLines } from './format-same-places.ts';

const pad = (text: string, width: number) => text.padEnd(width);
const num = (n: number) => n.toLocaleString('en-GB');

function table(title: string, rows: [string, number][], emptyText = '(none)'): string[] {
  const out = [title];
  if (rows.length === 0) return [...out, `  ${emptyText}`];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [key, value] of rows) out.push(`  ${pad(key, width)}  ${num(value).padStart(9)}`);
  return out;
}

const GROUP_NAMES: Record<string, string> = {
  'website/third-party': 'host (not published as website: data/hosts/third-party.json)',
  'website/public-body': 'host (kept)',
  'website/shared-portal-host': 'host several unrelated places share (a portal: not published as website)',
  'lodgingType/name-suggests': 'kind the name suggests (review the labels)',
};

export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  const seconds = (report.durationMs / 1000).toFixed(1);
  lines.push(`Import ${report.runId} (${report.runner}) of ${report.country.toUpperCase()}: ${report.files.join(', ')}`);
  lines.push(
    `  ${num(report.lines)} lines, ${num(report.listings)} listings, ${num(report.badLines)} bad lines, in ${seconds} s`,
  );
  if (report.snapshot) {
    lines.push(`  published snapshot ${report.snapshot.version} (${num(report.snapshot.publishedCount)} places served)`);
  }
  for (const warning of report.warnings) lines.push(`  WARNING: ${warning}`);
  lines.push('');
  // Nothing is served until its snapshot is: a candidate's publishable places "would publish".
  const word = publishedWord(report.snapshot ? 'published' : 'dry-run');
  lines.push(...table('By status', Object.entries(report.byStatus).map(([status, n]): [string, number] => [status === 'published' ? word : status, n])));
  lines.push('');
  lines.push(...table('Not published, by reason', Object.entries(report.byReason)));
  lines.push('');
  lines.push(...samePlacesLines(report));
  lines.push('');
  lines.push(...table(`${word.replace(/^\w/, (c) => c.toUpperCase())}, by lodgingType`, Object.entries(report.byLodgingType).filter(([, n]) => n > 0)));
  lines.push('');
  const invalid = report.invalid;
  lines.push(
    ...table('Contact values dropped', [
      ['phones', invalid.phones],
      ['websites', invalid.websites],
      ['sourceMapsUrls', invalid.sourceMapsUrls],
      ['emails', invalid.emails],
    ]),
  );
  lines.push('');
  // Every listing's issues; the Fields table of the publication report counts the published places' alone.
  lines.push(...table(`Values dropped or repaired in the ${num(report.listings)} listings, by field/reason`, Object.entries(report.issues)));
  lines.push('');
  for (const [key, groups] of Object.entries(report.issueGroups ?? {})) {
    lines.push(...table(`${key}, by ${GROUP_NAMES[key] ?? 'group'}`, Object.entries(groups).slice(0, 20)));
    lines.push('');
  }
  const unknownTitle = `Unknown labels (top ${report.unknownLabels.length} of ${report.unknownLabelsDistinct}; add them to data/labels/)`;
  lines.push(...table(unknownTitle, report.unknownLabels.map((u) => [JSON.stringify(u.label), u.count])));
  if (report.samples.badLines.length > 0) {
    lines.push('');
    lines.push(`Bad lines (first ${report.samples.badLines.length} of ${num(report.badLines)}):`);
    for (const s of report.samples.badLines) lines.push(`  ${s.file}:${s.line}  ${s.reason}${s.detail ? `: ${s.detail}` : ''}`);
  }
  if (report.samples.rejected.length > 0) {
    lines.push('');
    lines.push(`Rejected listings (first lines per reason; \`npx lodging explain --country ${report.country} FILE:LINE\` tells the whole story):`);
    for (const s of report.samples.rejected) lines.push(`  ${s.file}:${s.line}  ${s.reason}${s.detail ? ` (${s.detail})` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}
