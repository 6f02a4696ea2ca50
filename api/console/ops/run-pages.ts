// Runs page (history with country and outcome filters), one run (gates, counts, events) and its report: the same HTML file as `lodging report`.
import { readFile } from 'node:fs/promises';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { COUNTRY_CODES } from '../../../model/place.ts';
import { isHeld, publishedCountText, UnknownRunError, type RunRecord } from '../../../pipeline/index.ts';
import type { ConsoleKit } from '../console-kit.ts';
import { when } from '../form-html.ts';
import { parseQuery } from '../form-input.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';
import { OUTCOME_LABELS, runBadge } from './country-pages.ts';
import { decisionSummary, heldActions } from './held-pages.ts';
import { reportCsp, reportInConsole } from './report-page.ts';
import { countsLine, fieldQualityTable, gatesTable, keptFieldsTable } from './run-markup.ts';
import { COUNTRY_NAMES, OPS, operatorOnly, parseCountry, sendOps, type OpsContext, type OpsPlugin } from './ops-kit.ts';
import { formatByteCount, formatCount, formatElapsed, formatTime } from '../../../platform/format/index.ts';

const PAGE_SIZE = 100;

function select(name: string, label: string, options: { value: string; label: string }[], selected: string | null): Markup {
  return html`<div class="field"><label for="filter-${name}">${label}</label><select id="filter-${name}" name="${name}"><option value="">All</option>${options.map(
    (o) => html`<option value="${o.value}"${o.value === selected ? html` selected` : ''}>${o.label}</option>`,
  )}</select></div>`;
}

/** The filters: a value that is not a country or an outcome (or a repeated one) filters nothing. */
const RUNS_QUERY = z.object({ country: z.string().optional().catch(undefined), outcome: z.string().optional().catch(undefined) });

async function runsPage(kit: ConsoleKit, ops: OpsContext, req: Request, res: Response) {
  const query = parseQuery(RUNS_QUERY, req);
  const country = parseCountry(query.ok ? query.data.country : undefined);
  const asked = query.ok ? query.data.outcome : undefined;
  const outcome = asked !== undefined && Object.hasOwn(OUTCOME_LABELS, asked) ? asked : null;
  const runs = (await ops.runs.list(country ? { country } : {})).filter((r) => !outcome || r.outcome === outcome);
  await sendOps(kit, req, res, {
    title: 'Runs',
    body: html`<p class="lead">Every import, dry run, refusal and failure, newest first. Each opens its report: the same page as <code>lodging report RUN_ID --html FILE</code>.</p>
<form method="get" action="${OPS}/runs" class="filters" role="search" aria-label="Filter runs">
${select('country', 'Country', COUNTRY_CODES.map((cc) => ({ value: cc, label: `${COUNTRY_NAMES[cc]} (${cc})` })), country)}
${select('outcome', 'Outcome', Object.entries(OUTCOME_LABELS).map(([value, label]) => ({ value, label })), outcome)}
<div class="field"><button type="submit" class="button plain">Filter</button></div>
</form>
${
  runs.length === 0
    ? html`<p>No run matches.</p>`
    : html`<div class="table-wrap"><table><caption>${runs.length} run${runs.length === 1 ? '' : 's'}${runs.length > PAGE_SIZE ? `, the newest ${PAGE_SIZE} shown` : ''}</caption>
<thead><tr><th scope="col">Started</th><th scope="col">Country</th><th scope="col">Outcome</th><th scope="col" class="num">Published</th><th scope="col">File</th><th scope="col">By</th><th scope="col">Report</th></tr></thead>
<tbody>${runs.slice(0, PAGE_SIZE).map(
        (r) => html`<tr><td><a href="${OPS}/runs/${r.runId}">${when(r.startedAt)}</a></td><td>${r.country}</td><td>${runBadge(r)}</td><td class="num">${
          r.counts ? (r.outcome === 'published' ? formatCount(r.counts.byStatus.published) : html`<small>${publishedCountText(r.outcome, r.counts.byStatus.published)}</small>`) : '—'
        }</td><td>${r.files.map((f, i) => html`${i ? ', ' : ''}<code>${f.name}</code>`)}</td><td>${r.by}</td><td><a href="${OPS}/runs/${r.runId}/report">Report</a></td></tr>`,
      )}</tbody></table></div>`
}`,
  });
}

async function runPage(kit: ConsoleKit, ops: OpsContext, req: Request, res: Response, run: RunRecord) {
  const rolledBack = run.events.filter((e) => /^rolled (back|forward)/.test(e.what)).at(-1);
  await sendOps(kit, req, res, {
    title: `Run ${run.runId}`,
    body: html`<p class="lead">${COUNTRY_NAMES[run.country]} · ${runBadge(run)}${run.dryRun && run.outcome !== 'dry-run' ? ' · dry run' : ''}</p>
<p><a class="button" href="${OPS}/runs/${run.runId}/report">Open the report</a></p>
${run.removal ? html`<div class="notice error" role="status">Published although it left ${COUNTRY_NAMES[run.country]} ${run.removal.remaining.toLocaleString('en-GB')} of its ${run.removal.current.toLocaleString('en-GB')} places (the remaining count was typed to confirm).</div>` : ''}
${rolledBack ? html`<div class="notice warning" role="status">${rolledBack.what.startsWith('rolled forward') ? 'Rolled forward' : 'Rolled back'} ${when(rolledBack.at)} by ${rolledBack.by}: ${rolledBack.detail ?? ''}. <a href="${OPS}/snapshots/${run.country}">Snapshots of ${COUNTRY_NAMES[run.country]}</a></div>` : ''}
<dl class="facts">
<dt>Started</dt><dd>${formatTime(run.startedAt, { seconds: true })} by ${run.by} (${run.runner})</dd>
<dt>Finished</dt><dd>${formatTime(run.finishedAt, { seconds: true, empty: 'not yet' })}${run.finishedAt ? `, after ${formatElapsed(run.startedAt, run.finishedAt) ?? '—'}` : ''}</dd>
<dt>Files</dt><dd>${run.files.map((f, i) => html`${i ? ', ' : ''}<code>${f.name}</code> (${formatByteCount(f.size)}, SHA-256 <code>${f.sha256.slice(0, 12)}…</code>)`)}</dd>
<dt>Counts</dt><dd>${countsLine(run)}</dd>
${run.publishedVersion ? html`<dt>Published snapshot</dt><dd><a href="${OPS}/snapshots/${run.country}#snapshot-${run.publishedVersion}"><code>${run.publishedVersion}</code></a></dd>` : ''}
${run.forced ? html`<dt>Forced</dt><dd>by ${run.forced.by}: ${run.forced.reason}</dd>` : ''}
${run.error ? html`<dt>Error</dt><dd>${run.error}</dd>` : ''}
</dl>
<h2>What it changes</h2>
${await decisionSummary(ops, run)}
<h2>Gates</h2>
${gatesTable(run.gates)}
${isHeld(run) ? await heldActions(kit, ops, res, run) : ''}
<h2>Fields</h2>
${fieldQualityTable(run.fieldQuality, run.outcome)}
${keptFieldsTable(run.fieldQuality?.kept)}
<h2>Events</h2>
<ul>${run.events.map((e) => html`<li>${formatTime(e.at, { seconds: true })}: ${e.what} (${e.by})${e.detail ? html` — ${e.detail}` : ''}</li>`)}</ul>`,
  });
}

export const runPages: OpsPlugin = (router, kit, ops) => {
  const guard = operatorOnly(kit);
  const notFound = (req: Request, res: Response) =>
    sendOps(kit, req, res, { title: 'No such run', status: 404, body: html`<p>There is no run with that id. <a href="${OPS}/runs">All runs</a></p>` });

  router.get(`/ops/runs`, ...guard, (req, res) => runsPage(kit, ops, req, res));
  router.get(`/ops/runs/:id`, ...guard, async (req, res) => {
    let run: RunRecord;
    try {
      run = await ops.runs.read(String(req.params.id));
    } catch (error) {
      if (error instanceof UnknownRunError) return notFound(req, res);
      throw error;
    }
    await runPage(kit, ops, req, res, run);
  });
  router.get(`/ops/runs/:id/report`, ...guard, async (req, res) => {
    let page: string;
    let run: RunRecord;
    try {
      run = await ops.runs.read(String(req.params.id));
      const file = await ops.runs.reportFile(run.runId);
      if (!file) return notFound(req, res);
      page = await readFile(file, 'utf8');
    } catch (error) {
      if (error instanceof UnknownRunError || (error as NodeJS.ErrnoException).code === 'ENOENT') return notFound(req, res);
      throw error;
    }
    // The file exactly as `lodging report` writes it, with the console's bar, its next steps as links, and its icon.
    const served = reportInConsole(page, run);
    res.setHeader('Content-Security-Policy', reportCsp(served));
    res.type('html').send(served);
  });
};
