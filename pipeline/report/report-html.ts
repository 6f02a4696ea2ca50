// Renders a run's PublicationReport as one self-contained HTML page: inline CSS and SVG, no script, no network, all escaped.
import { formatCount, formatElapsed, formatTime } from '../../platform/format/index.ts';
import { html, joinHtml, raw, svgBarChart } from '../../platform/html/index.ts';
import type { Markup } from '../../platform/html/index.ts';
import type { GateResult } from '../gates/gates.ts';
import type { PublicationReport } from './publication-report.ts';
import { MISCOUNTED_ISSUES_NOTE, type FieldQuality } from '../gates/field-quality.ts';
import { formatChange, formatIssueCounts } from './format-field-quality.ts';
import type { RunOutcome } from '../runs/run-record.ts';
import { publishedPlacesText, publishedWord } from '../runs/publish-wording.ts';
import { DIFF_KINDS, EVERY_RECORD_NOTE, type DiffCategory, type DiffExample, type DiffKind } from '../snapshot/snapshot-diff.ts';
import { keptFieldRows } from './format-kept-fields.ts';
import { samePlacesSection } from './format-same-places.ts';
import type { KeptFieldFill } from '../snapshot/kept-field-fill.ts';

const STATUS_COLOURS: Record<string, string> = { published: '#2e7d32', closed: '#8d6e63', suppressed: '#6a1b9a', rejected: '#c62828' };
const GATE_LABELS: Record<string, string> = {
  'zero-published': 'Something is published',
  'rejected-share': 'Share of lines rejected or unreadable',
  'published-drop': 'Drop in published places against the current snapshot',
  'field-loss': 'Largest share of the places kept from the current snapshot that lost a field they had',
};
const KIND_LABELS: Record<DiffKind, string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed (served by both, fields differ)',
  statusChanged: 'Status changed (served by neither)',
};
const OUTCOME_TEXT: Record<string, string> = {
  published: 'Published',
  refused: 'Refused by a publication gate: nothing was published, the candidate is held for review',
  'dry-run': 'Dry run: nothing was published, the candidate is held for review',
  discarded: 'Held candidate discarded',
  expired: 'Held candidate expired',
  superseded: 'Held candidate superseded by a newer publication',
  failed: 'Failed',
  running: 'Running',
};

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1100px;padding:0 16px;color:#1c1c1c}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
h3{font-size:15px;margin:16px 0 6px}table{border-collapse:collapse;margin:6px 0 12px}th,td{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f4f4f4}td.n{text-align:right;font-variant-numeric:tabular-nums}.meta{color:#555}.banner{padding:10px 14px;border-radius:4px;margin:12px 0;font-weight:600}
.ok{background:#e8f5e9;border:1px solid #a5d6a7}.bad{background:#ffebee;border:1px solid #ef9a9a}.held{background:#fff8e1;border:1px solid #ffe082}
.pass{color:#2e7d32;font-weight:600}.warn{color:#b26a00;font-weight:600}.fail{color:#c62828;font-weight:600}.skipped{color:#666}
.charts{display:flex;flex-wrap:wrap;gap:12px 32px}.charts figure{margin:0}figcaption{font-weight:600;margin-bottom:4px}
code{font-family:ui-monospace,monospace;font-size:13px;background:#f6f6f6;padding:1px 4px;border-radius:3px}ul.cmd{padding-left:18px}
.small{font-size:12px;color:#555}.cols{display:flex;flex-wrap:wrap;gap:0 24px;align-items:flex-start}caption{text-align:left}td:first-child code{white-space:nowrap}
p,li,h1{overflow-wrap:anywhere}svg{max-width:100%;height:auto}.cols>*{min-width:0;max-width:100%}
@media (max-width:40rem){body{margin:12px auto;padding:0 10px}table{display:block;max-width:100%;overflow-x:auto}}`;

const num = formatCount;
const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

function gateValue(gate: GateResult): string {
  if (gate.measured === null) return '—';
  return gate.gate === 'zero-published' ? num(gate.measured) : pct(gate.measured);
}

function gateLimit(gate: GateResult): string {
  if (gate.gate === 'zero-published') return 'refused at 0';
  return `refused above ${pct(gate.threshold)}${gate.warnAbove === null ? '' : `, warned above ${pct(gate.warnAbove)}`}`;
}

function countsTable(title: string, counts: Record<string, number>): Markup {
  const rows = Object.entries(counts);
  if (rows.length === 0) return html`<p class="small">${title}: none</p>`;
  return html`<table><caption class="small">${title}</caption><tbody>${rows.map(([k, v]) => html`<tr><td>${k}</td><td class="n">${num(v)}</td></tr>`)}</tbody></table>`;
}

function json(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'null' : text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

function exampleRow(kind: DiffKind, x: DiffExample): Markup {
  const status = x.fromStatus ? `${x.fromStatus} → ${x.status}${x.reasons?.length ? ` (${x.reasons.join(', ')})` : ''}` : x.status;
  const fields = (x.fields ?? []).map((f) => html`<div><code>${f.field}</code>: ${json(f.before)} → ${json(f.after)}</div>`);
  return html`<tr><td><code>${x.id}</code></td><td>${x.name ?? ''}</td><td>${x.city ?? ''}</td><td>${x.lodgingType}</td><td>${status}</td>${
    kind === 'changed' || kind === 'statusChanged' ? html`<td>${fields.length ? fields : html`<span class="small">(no field differs)</span>`}</td>` : ''
  }</tr>`;
}

function diffSection(kind: DiffKind, category: DiffCategory): Markup {
  const head = html`<h3>${KIND_LABELS[kind]}: ${num(category.count)}</h3>`;
  if (category.count === 0) return head;
  const withFields = kind === 'changed' || kind === 'statusChanged';
  return html`${head}<div class="cols">${countsTable('by lodgingType', category.byLodgingType)}${countsTable('by city', category.byCity)}</div>
<table><thead><tr><th>id</th><th>name</th><th>city</th><th>lodgingType</th><th>status</th>${withFields ? html`<th>fields that changed</th>` : ''}</tr></thead><tbody>${category.examples.map((x) =>
    exampleRow(kind, x),
  )}</tbody></table>${category.count > category.examples.length ? html`<p class="small">first ${category.examples.length} of ${num(category.count)} by id</p>` : ''}`;
}

function fieldsSection(q: FieldQuality | null | undefined, outcome: RunOutcome): Markup {
  if (!q) return html`<p>Not measured for this run.</p>`;
  const against = q.currentPublished === null ? 'first import: nothing to compare with' : `compared with the current snapshot (${num(q.currentPublished)} published)`;
  return html`<p>Share of ${publishedPlacesText(outcome, q.published)} that have each field, worst first; ${against}.</p>
<table><thead><tr><th>field</th><th>filled</th><th>share</th><th>now</th><th>change</th><th>values dropped or changed, by issue</th></tr></thead><tbody>${q.rows.map(
    (r) =>
      html`<tr><td><code>${r.field}</code></td><td class="n">${num(r.filled)}</td><td class="n">${pct(r.share)}</td><td class="n">${r.currentShare === null ? '—' : pct(r.currentShare)}</td><td class="n${
        r.change !== null && r.change < 0 ? ' warn' : ''
      }">${formatChange(r.change)}</td><td>${formatIssueCounts(r.issues)}</td></tr>`,
  )}</tbody></table>${Object.keys(q.otherIssues).length ? html`<p class="small">Other issues: ${formatIssueCounts(q.otherIssues)}</p>` : ''}${
    q.countedByCode ? '' : html`<p class="warn">Issue counts ${MISCOUNTED_ISSUES_NOTE}.</p>`
  }`;
}

/** What the field-loss gate reads: the kept places' fill now and in the candidate, how many lost each field, the new places' fill. */
function keptFieldsSection(fill: KeptFieldFill | null | undefined): Markup {
  const rows = fill ? keptFieldRows(fill) : [];
  if (!fill || rows.length === 0) return html``;
  const share = (n: number, of: number) => (of === 0 ? '—' : pct(n / of));
  return html`<h3>Places kept and new places</h3><p>${num(fill.kept)} places kept from the current snapshot (same id), ${num(fill.newPlaces)} new places. The field-loss gate counts the kept places that lost a field they had; new places never refuse.</p>
<table><thead><tr><th>field</th><th>kept: now</th><th>kept: candidate</th><th>kept places that lost it</th><th>new places</th></tr></thead><tbody>${rows.map(
    (f) =>
      html`<tr><td><code>${f.field}</code></td><td class="n">${share(f.before, fill.kept)}</td><td class="n">${share(f.after, fill.kept)}</td><td class="n${f.lost > 0 ? ' warn' : ''}">${num(f.lost)}</td><td class="n">${share(f.newFilled, fill.newPlaces)}</td></tr>`,
  )}</tbody></table>`;
}

const bars = (counts: Record<string, number>) => Object.entries(counts).map(([label, value]) => ({ label, value }));

export function renderReportHtml(r: PublicationReport): string {
  const im = r.import;
  const banner =
    r.outcome === 'published'
      ? html`<div class="banner ok">${OUTCOME_TEXT.published} snapshot ${r.publishedVersion}${r.forced ? html` — FORCED by ${r.forced.by}: ${r.forced.reason}` : ''}</div>`
      : html`<div class="banner ${r.outcome === 'refused' || r.outcome === 'failed' ? 'bad' : 'held'}">${OUTCOME_TEXT[r.outcome] ?? r.outcome}${
          r.heldUntil ? html` (held until ${r.heldUntil})` : ''
        }</div>`;
  const gates = html`<table><thead><tr><th>gate</th><th>result</th><th>measured</th><th>limit</th><th>detail</th></tr></thead><tbody>${r.gates.map(
    (g) =>
      html`<tr><td>${GATE_LABELS[g.gate] ?? g.gate}</td><td class="${g.status}">${g.status}</td><td class="n">${gateValue(g)}</td><td>${gateLimit(g)}</td><td>${g.detail}</td></tr>`,
  )}</tbody></table>`;
  // Nothing is served until the run publishes: until then its publishable places "would publish".
  const word = publishedWord(r.outcome);
  const Word = word.replace(/^\w/, (c) => c.toUpperCase());
  const charts = html`<div class="charts">
<figure><figcaption>Listings by status</figcaption>${svgBarChart({
    layout: 'rows',
    bars: bars(im.byStatus).map((b) => (b.label === 'published' ? { ...b, label: word } : b)),
    title: 'Listings by status',
    colourOf: (l) => STATUS_COLOURS[l === word ? 'published' : l] ?? '#4a6fa5',
  })}</figure>
<figure><figcaption>Not published, by reason</figcaption>${svgBarChart({ layout: 'rows', bars: bars(im.byReason), title: 'Not published, by reason', colourOf: () => '#c62828' })}</figure>
<figure><figcaption>${Word}, by lodgingType</figcaption>${svgBarChart({
    layout: 'rows',
    bars: bars(im.byLodgingType).filter((b) => b.value > 0),
    title: `${Word}, by lodgingType`,
  })}</figure></div>`;
  const against = r.diff.against
    ? html`against the current snapshot ${r.diff.against.version} (${num(r.diff.against.publishedCount)} published)`
    : 'first import of this country: every place served is added';
  const unknown =
    im.unknownLabels.length === 0
      ? html`<p>None: every label is in a table.</p>`
      : html`<table><thead><tr><th>label</th><th>count</th></tr></thead><tbody>${im.unknownLabels.map(
          (u) => html`<tr><td>${u.label}</td><td class="n">${num(u.count)}</td></tr>`,
        )}</tbody></table><p class="small">top ${im.unknownLabels.length} of ${num(im.unknownLabelsDistinct)} distinct; add them to data/labels/</p>`;
  const rejected =
    r.rejectedLines.total === 0
      ? html`<p>None.</p>`
      : html`<table><thead><tr><th>file:line</th><th>reasons</th><th>detail</th></tr></thead><tbody>${r.rejectedLines.lines.map(
          (l) => html`<tr><td><code>${`${l.file}:${l.line}`}</code></td><td>${l.reasons.join(', ')}</td><td>${l.detail ?? ''}</td></tr>`,
        )}</tbody></table>${
          r.rejectedLines.total > r.rejectedLines.lines.length ? html`<p class="small">first ${r.rejectedLines.lines.length} of ${num(r.rejectedLines.total)}</p>` : ''
        }`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Import ${r.runId} of ${r.country.toUpperCase()}</title><style>${raw(CSS)}</style></head>
<body><main>
<h1>Import ${r.runId} of ${r.country.toUpperCase()}</h1>
<p class="meta">${im.runner} runner, by ${r.by}, ${formatTime(im.startedAt, { seconds: true })} to ${formatTime(im.finishedAt, { seconds: true })} (${formatElapsed(im.startedAt, im.finishedAt) ?? '—'}); files: ${joinHtml(
    im.files.map((f) => html`<code>${f}</code>`),
    ', ',
  )}</p>
${banner}
<p>${num(im.lines)} lines, ${num(im.listings)} listings, ${num(im.badLines)} unreadable lines; candidate snapshot ${r.candidateVersion ?? '—'}.</p>
${im.warnings.length ? html`<ul>${im.warnings.map((w) => html`<li class="warn">${w}</li>`)}</ul>` : ''}
<h2>Publication gates</h2>${gates}
<h2>Fields</h2>${fieldsSection(r.fieldQuality, r.outcome)}${keptFieldsSection(r.fieldQuality?.kept)}
<h2>Counts</h2>${charts}
<h2>Same place, published once</h2>${samePlacesSection(im)}
<h2>What it changes</h2><p>${against}. ${
  r.diff.servedOnly ? 'Added, removed and changed count places served: added − removed is the change in places served.' : html`<strong>Counts ${EVERY_RECORD_NOTE}.</strong>`
}</p>
${joinHtml(
  DIFF_KINDS.map((k) => diffSection(k, r.diff[k])),
  '\n',
)}
<h2>Unknown labels</h2>${unknown}
<h2>Rejected and unreadable lines</h2>${rejected}
${r.advice?.length ? html`<h2>Before the next steps</h2><ul>${r.advice.map((a) => html`<li class="warn">${a}</li>`)}</ul>` : ''}
<h2>Next steps</h2><ul class="cmd">${r.nextSteps.map((c) => html`<li><code>${c}</code></li>`)}</ul>
</main></body></html>
`.text;
}
