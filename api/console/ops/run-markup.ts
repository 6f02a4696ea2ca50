// Markup shared by the run, held and country pages: a run's gates with their measured values, what it changes, its fields' fill shares.
import { EVERY_RECORD_NOTE, MISCOUNTED_ISSUES_NOTE, formatIssueCounts, keptFieldRows, publishedCountText, publishedPlacesText, type FieldQuality, type GateResult, type KeptFieldFill, type RemovalCheck, type RunOutcome, type RunRecord, type SnapshotDiff } from '../../../pipeline/index.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';

export function gatesTable(gates: GateResult[] | null): Markup {
  if (!gates || gates.length === 0) return html`<p>No gate results (the run ended before the gates).</p>`;
  return html`<div class="table-wrap"><table><thead><tr><th scope="col">Gate</th><th scope="col">Result</th><th scope="col">Measured</th></tr></thead>
<tbody>${gates.map((g) => html`<tr><th scope="row">${g.gate}</th><td><span class="badge ${g.status === 'fail' ? 'revoked' : g.status === 'warn' ? 'warn' : g.status === 'pass' ? 'active' : 'expired'}">${g.status}</span></td><td>${g.detail}</td></tr>`)}</tbody></table></div>`;
}

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const change = (c: number | null) => (c === null ? '—' : c === 0 ? '±0' : `${c > 0 ? '+' : '−'}${Math.abs(c * 100).toFixed(1)} pts`);

/** The per-field quality table, worst field first (the largest fall of its fill share, then the lowest share); a candidate's places "would publish". */
export function fieldQualityTable(q: FieldQuality | null | undefined, outcome: RunOutcome): Markup {
  if (!q) return html`<p>No field measures (the run ended before the gates, or it predates them).</p>`;
  return html`<div class="table-wrap"><table><caption>${publishedPlacesText(outcome, q.published).replace(/^the /, '').replace(/^\w/, (c) => c.toUpperCase())}${
    q.currentPublished === null ? ' (first import: nothing to compare with)' : ` against ${q.currentPublished} now`
  }</caption><thead><tr><th scope="col">Field</th><th scope="col" class="num">Share</th><th scope="col" class="num">Now</th><th scope="col" class="num">Change</th><th scope="col">Dropped or changed, by issue</th></tr></thead>
<tbody>${q.rows.map(
    (r) =>
      html`<tr><th scope="row"><code>${r.field}</code></th><td class="num">${pct(r.share)}</td><td class="num">${r.currentShare === null ? '—' : pct(r.currentShare)}</td><td class="num">${change(r.change)}</td><td>${formatIssueCounts(r.issues)}</td></tr>`,
  )}</tbody></table></div>${Object.keys(q.otherIssues ?? {}).length ? html`<p class="aside">Other issues: ${formatIssueCounts(q.otherIssues)}</p>` : ''}${
    q.countedByCode ? '' : html`<p class="aside">Issue counts ${MISCOUNTED_ISSUES_NOTE}.</p>`
  }`;
}

const n = (value: number) => value.toLocaleString('en-GB');

/** What the field-loss gate reads: per field, the kept places' fill now and in the candidate, how many lost it, the new places' fill. */
export function keptFieldsTable(fill: KeptFieldFill | null | undefined): Markup {
  const rows = fill ? keptFieldRows(fill) : [];
  if (!fill || rows.length === 0) return html``;
  const share = (count: number, of: number) => (of === 0 ? '—' : pct(count / of));
  return html`<div class="table-wrap"><table><caption>${n(fill.kept)} places kept from the current snapshot (same id), ${n(fill.newPlaces)} new places</caption><thead><tr><th scope="col">Field</th><th scope="col" class="num">Kept: now</th><th scope="col" class="num">Kept: candidate</th><th scope="col" class="num">Kept places that lost it</th><th scope="col" class="num">New places</th></tr></thead>
<tbody>${rows.map(
    (f) =>
      html`<tr><th scope="row"><code>${f.field}</code></th><td class="num">${share(f.before, fill.kept)}</td><td class="num">${share(f.after, fill.kept)}</td><td class="num">${n(f.lost)}</td><td class="num">${share(f.newFilled, fill.newPlaces)}</td></tr>`,
  )}</tbody></table></div>`;
}

/** Where the lines went: lines = published + rejected + suppressed + closed + unreadable; a dry run "would publish". */
export function countsLine(run: Pick<RunRecord, 'counts' | 'dryRun' | 'outcome'>): string {
  const c = run.counts;
  if (!c) return '—';
  const s = c.byStatus;
  return `${n(c.lines)} lines: ${publishedCountText(run.outcome, s.published)}, ${n(s.rejected)} rejected, ${n(s.suppressed)} suppressed, ${n(s.closed)} closed, ${n(c.badLines)} unreadable`;
}

/**
 * What a candidate changes, on the card where it is decided: added, removed, changed against the snapshot it was
 * compared with; a warning when most of the places served now would go (the drop gate reads totals only).
 */
export function changeSummary(diff: SnapshotDiff | null, removal: RemovalCheck | null, country: string): Markup {
  const warning =
    removal && removal.drastic
      ? html`<div class="notice error" role="alert"><strong>Most of ${country}'s places would go:</strong> ${n(removal.removed)} of the ${n(removal.current)} places served now are not in this candidate${
          removal.remaining === 0 ? html`, and it has <strong>none</strong> to publish` : html`; ${n(removal.remaining)} would remain`
        }. Publishing asks for the number that will remain.</div>`
      : '';
  if (!diff) return html`${warning}<p class="changes">No diff recorded for this run.</p>`;
  return html`${warning}<p class="changes" aria-label="What it changes"><strong class="added">+${n(diff.added.count)} added</strong> · <strong class="removed">−${n(diff.removed.count)} removed</strong> · <strong>${n(diff.changed.count)} changed</strong> · ${n(diff.statusChanged.count)} changed status (not served) <small>${
    diff.against ? `against snapshot ${diff.against.version} (${n(diff.against.publishedCount)} places)` : '(first import: everything is added)'
  }${diff.servedOnly ? '' : ` (${EVERY_RECORD_NOTE})`}</small></p>`;
}
