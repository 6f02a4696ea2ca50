// Countries page: one row per country: published places now by status and lodgingType (inline SVG), current snapshot, last run, warnings.
import { COUNTRY_CODES } from '../../../model/place.ts';
import { MOVED, countryOverview, moveDirection, type CountryOverview, type RunRecord } from '../../../pipeline/index.ts';
import { when } from '../form-html.ts';
import { html, svgBarChart } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';
import { COUNTRY_NAMES, OPS, operatorOnly, sendOps, type OpsPlugin } from './ops-kit.ts';

export const STATUS_COLOURS: Record<string, string> = { published: '#1f7a3a', closed: '#8a94a3', suppressed: '#8a5a00', rejected: '#b3261e' };

export const OUTCOME_LABELS: Record<string, string> = {
  running: 'Running',
  published: 'Published',
  refused: 'Refused (held)',
  'dry-run': 'Dry run (held)',
  failed: 'Failed',
  discarded: 'Discarded',
  expired: 'Expired',
  superseded: 'Superseded',
};

export function outcomeBadge(outcome: string, forced = false): Markup {
  return html`<span class="badge outcome-${outcome}">${OUTCOME_LABELS[outcome] ?? outcome}${forced ? ' (forced)' : ''}</span>`;
}

/** A run's badge: red, never green, when its publication emptied its country or took more than half of its places. */
export function runBadge(run: RunRecord): Markup {
  if (run.outcome === 'published' && run.removal) {
    return html`<span class="badge outcome-drastic">${OUTCOME_LABELS.published}${run.forced ? ' (forced)' : ''}: ${run.removal.remaining.toLocaleString('en-GB')} of ${run.removal.current.toLocaleString('en-GB')} places left</span>`;
  }
  return outcomeBadge(run.outcome, run.forced !== null);
}

function charts(o: CountryOverview): Markup {
  const status = o.byStatus ? Object.entries(o.byStatus).map(([label, value]) => ({ label, value })) : [];
  const types = o.byLodgingType
    ? Object.entries(o.byLodgingType)
        .filter(([, v]) => (v ?? 0) > 0)
        .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
        .slice(0, 8)
        .map(([label, value]) => ({ label, value: value ?? 0 }))
    : [];
  return html`${
    status.length
      ? html`<figure class="mini"><figcaption>By status</figcaption>${svgBarChart({
          layout: 'rows',
          bars: status,
          title: `${COUNTRY_NAMES[o.country]}: places by status`,
          className: 'mini-chart',
          width: 360,
          colourOf: (l) => STATUS_COLOURS[l] ?? '#4a6fa5',
        })}</figure>`
      : ''
  }${
    types.length
      ? html`<figure class="mini"><figcaption>Published by lodgingType${o.byLodgingType && Object.keys(o.byLodgingType).length > 8 ? ' (top 8)' : ''}</figcaption>${svgBarChart({ layout: 'rows', bars: types, title: `${COUNTRY_NAMES[o.country]}: published places by lodgingType`, className: 'mini-chart', width: 360 })}</figure>`
      : ''
  }`;
}

/** The move that made the current snapshot current again, named by its direction (back to an older one, forward to a newer one). */
function moved(m: NonNullable<CountryOverview['rolledBack']>): Markup {
  const text = MOVED[moveDirection(m.from, m.to)];
  return html`<dt>${text.replace(/^r/, 'R')}</dt><dd><span class="badge warn">${text}</span> ${when(m.at)} by ${m.by}, from <code>${m.from ?? 'nothing'}</code></dd>`;
}

function warning(o: CountryOverview): Markup {
  const run = o.lastRun;
  if (!run) return html``;
  if (run.outcome === 'refused' || run.outcome === 'failed') {
    return html`<div class="notice ${run.outcome === 'failed' ? 'error' : 'warning'}" role="status">The last run was ${run.outcome === 'failed' ? 'a failure' : 'refused by a publication gate'}: ${
      run.outcome === 'failed' ? run.error ?? 'see its report' : 'nothing was published, the candidate is held'
    }. <a href="${OPS}/runs/${run.runId}">Open run ${run.runId}</a></div>`;
  }
  return html``;
}

export const countryPages: OpsPlugin = (router, kit, ops) => {
  router.get(`/ops/countries`, ...operatorOnly(kit), async (req, res) => {
    const all = await Promise.all(COUNTRY_CODES.map((cc) => countryOverview(ops.runs, ops.dataDir, cc)));
    await sendOps(kit, req, res, {
      title: 'Countries',
      body: html`<p class="lead">What the API serves now, country by country, and how the last import went.</p>
${all.map((o) => {
  const c = o.current;
  return html`<section class="card country" aria-labelledby="country-${o.country}"><h2 id="country-${o.country}">${COUNTRY_NAMES[o.country]} <small>(${o.country})</small></h2>
${warning(o)}
${
  c
    ? html`<dl class="facts">
<dt>Published places</dt><dd><strong>${c.publishedCount.toLocaleString('en-GB')}</strong></dd>
<dt>Current snapshot</dt><dd><a href="${OPS}/snapshots/${o.country}#snapshot-${c.version}"><code>${c.version}</code></a>, published ${when(c.publishedAt)}${c.forced ? ' (forced)' : ''}${
      c.runId ? html` by <a href="${OPS}/runs/${c.runId}">run ${c.runId}</a>` : ''
    }</dd>
${o.rolledBack ? moved(o.rolledBack) : ''}
<dt>Source file</dt><dd>${c.sources.length ? c.sources.map((s, i) => html`${i ? ', ' : ''}<code>${s.name}</code>`) : '—'}</dd>
</dl>
<div class="split">${charts(o)}</div>`
    : html`<p>Nothing published yet.</p>`
}
<dl class="facts">
<dt>Last run</dt><dd>${o.lastRun ? html`<a href="${OPS}/runs/${o.lastRun.runId}">${when(o.lastRun.startedAt)}</a> ${runBadge(o.lastRun)}` : '—'}</dd>
${o.held.length ? html`<dt>Held</dt><dd><a href="${OPS}/held">${o.held.length} candidate${o.held.length === 1 ? '' : 's'} waiting for review</a></dd>` : ''}
</dl>
<p><a href="${OPS}/snapshots/${o.country}">Snapshots and rollback</a> · <a href="${OPS}/runs?country=${o.country}">Runs</a> · <a href="${OPS}/imports?country=${o.country}">Start an import</a></p>
</section>`;
})}`,
    });
  });
};
