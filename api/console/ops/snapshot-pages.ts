// Snapshots and rollback: a country's kept snapshots; rolling back shows the diff first, then points the country at the chosen snapshot.
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { CountryCode } from '../../../model/place.ts';
import { CountryBusyError, PointerMovedError, PublicationError, SigningRefusal, moveDirection, previewRollback, type SnapshotDiff } from '../../../pipeline/index.ts';
import type { ConsoleKit } from '../console-kit.ts';
import type { Notice } from '../console-layout.ts';
import { button, postForm, when } from '../form-html.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';
import { formText, requireForm } from '../form-input.ts';
import { COUNTRY_NAMES, OPS, actorName, flash, operatorOnly, parseCountry, recordAction, sendOps, type OpsContext, type OpsPlugin } from './ops-kit.ts';

/** The snapshot version to roll back to; which versions exist is the use case's check. */
const SNAPSHOT_FORM = z.object({ to: formText({ max: 200 }) });

const NOTICES: Record<string, Notice> = {
  'rolled-back': { kind: 'success', text: 'Rolled back: every API process serves this snapshot within a second.' },
  'rolled-forward': { kind: 'success', text: 'Rolled forward: every API process serves this snapshot within a second.' },
};

const KIND_TEXT = { added: 'Places that come back', removed: 'Places that go away', changed: 'Places whose fields change', statusChanged: 'Records served by neither whose status changes' } as const;

function diffSummary(diff: SnapshotDiff): Markup {
  return html`<ul class="diff-list">${(Object.keys(KIND_TEXT) as (keyof typeof KIND_TEXT)[]).map((kind) => {
    const c = diff[kind];
    return html`<li><strong>${c.count.toLocaleString('en-GB')}</strong> ${KIND_TEXT[kind].toLowerCase()}${
      c.examples.length
        ? html`: ${c.examples.slice(0, 5).map((e, i) => html`${i ? ', ' : ''}<code>${e.id}</code>${e.name ? ` (${e.name})` : ''}`)}${c.count > 5 ? '…' : ''}`
        : ''
    }</li>`;
  })}</ul>`;
}

async function snapshotsPage(kit: ConsoleKit, ops: OpsContext, req: Request, res: Response, country: CountryCode, error: string | null = null) {
  const kept = await ops.snapshots.list(ops.dataDir, country);
  const current = kept.find((s) => s.current)?.version ?? null;
  /** A snapshot newer than the one serving is a roll forward, an older one a rollback. */
  const review = (version: string) => (moveDirection(current, version) === 'forward' ? 'Review roll forward' : 'Review rollback');
  const csrf = await kit.csrfToken(res);
  await sendOps(kit, req, res, {
    title: `Snapshots of ${COUNTRY_NAMES[country]}`,
    status: error ? 409 : 200,
    notices: [...flash(kit, req, NOTICES), ...(error ? [{ kind: 'error' as const, text: error }] : [])],
    body: html`<p class="lead">The kept published snapshots, newest first. Rolling back makes an earlier one current at once, rolling forward a newer one (the same as <code>lodging rollback --country ${country} --to ID</code>); every other country is untouched.</p>
${
  kept.length === 0
    ? html`<p>Nothing published yet.</p>`
    : html`<div class="table-wrap"><table><thead><tr><th scope="col">Snapshot</th><th scope="col">Published</th><th scope="col" class="num">Places</th><th scope="col">Source</th><th scope="col">Run</th><th scope="col">By</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
<tbody>${kept.map(
        (s) => html`<tr id="snapshot-${s.version}"><th scope="row"><code>${s.version}</code>${s.current ? html` <span class="badge active">current</span>` : ''}${s.forced ? html` <span class="badge warn">forced</span>` : ''}</th><td>${when(s.publishedAt)}</td><td class="num">${s.publishedCount.toLocaleString('en-GB')}</td><td>${s.sources.map((f, i) => html`${i ? ', ' : ''}<code>${f.name}</code>`)}</td><td>${s.runId ? html`<a href="${OPS}/runs/${s.runId}">${s.runId}</a>` : '—'}</td><td>${s.by || '—'}</td><td class="actions">${
          s.current
            ? ''
            : postForm(`${OPS}/snapshots/${country}/preview`, csrf, html`<input type="hidden" name="to" value="${s.version}">${button(review(s.version), { kind: 'plain' })}`, { className: 'inline', label: `${review(s.version)} to ${s.version}` })
        }</td></tr>`,
      )}</tbody></table></div>`
}`,
  });
}

export const snapshotPages: OpsPlugin = (router, kit, ops) => {
  const guard = operatorOnly(kit);
  const countryOf = async (req: Request, res: Response): Promise<CountryCode | null> => {
    const country = parseCountry(req.params.country);
    if (!country) await sendOps(kit, req, res, { title: 'No such country', status: 404, body: html`<p><a href="${OPS}/countries">Countries</a></p>` });
    return country;
  };
  router.get(`/ops/snapshots/:country`, ...guard, async (req, res) => {
    const country = await countryOf(req, res);
    if (country) await snapshotsPage(kit, ops, req, res, country);
  });

  // A POST that changes nothing: the confirmation page with the diff (a GET would put the choice in links and history).
  router.post(`/ops/snapshots/:country/preview`, ...guard, async (req, res) => {
    const country = await countryOf(req, res);
    if (!country) return;
    const { to } = requireForm(SNAPSHOT_FORM, req);
    let preview;
    try {
      preview = previewRollback(ops.dataDir, country, to);
    } catch (error) {
      if (error instanceof PublicationError) return snapshotsPage(kit, ops, req, res, country, error.message);
      throw error;
    }
    const csrf = await kit.csrfToken(res);
    const way = moveDirection(preview.from?.version ?? null, preview.to.version);
    await sendOps(kit, req, res, {
      title: `Roll ${COUNTRY_NAMES[country]} ${way}?`,
      body: html`<p class="lead">The API will serve snapshot <code>${preview.to.version}</code> (published ${when(preview.to.publishedAt)}, ${preview.to.publishedCount.toLocaleString('en-GB')} places) instead of
${preview.from ? html`<code>${preview.from.version}</code> (${preview.from.publishedCount.toLocaleString('en-GB')} places)` : 'nothing'}.</p>
<h2>What changes</h2>
${diffSummary(preview.diff)}
${postForm(`${OPS}/snapshots/${country}/rollback`, csrf, html`<input type="hidden" name="to" value="${preview.to.version}">${button(`Roll ${way} ${country} to ${preview.to.version}`, { kind: 'danger' })}`)}
<p><a href="${OPS}/snapshots/${country}">Cancel</a></p>`,
    });
  });

  router.post(`/ops/snapshots/:country/rollback`, ...guard, async (req, res) => {
    const country = await countryOf(req, res);
    if (!country) return;
    const { to } = requireForm(SNAPSHOT_FORM, req);
    let way: 'back' | 'forward';
    try {
      const result = await ops.snapshots.rollback(ops.dataDir, country, { to, actor: actorName(kit, res) });
      way = moveDirection(result.from, result.to.version);
      await recordAction(kit, req, res, way === 'forward' ? 'rolled-forward' : 'rolled-back', `${country} from ${result.from ?? 'nothing'} to ${result.to.version}`);
    } catch (error) {
      if (error instanceof PublicationError || error instanceof CountryBusyError || error instanceof PointerMovedError || error instanceof SigningRefusal) return snapshotsPage(kit, ops, req, res, country, error.message);
      throw error;
    }
    res.redirect(303, `${OPS}/snapshots/${country}?notice=rolled-${way}`);
  });
};
