// Held candidates: why each refused (or dry) run is held and what it changes; publish it (country code, reason, and the places
// that will remain when it empties or halves the country) or discard it after a confirmation page.
import type { Request, Response } from 'express';
import { z } from 'zod';
import { COUNTRY_CODES } from '../../../model/place.ts';
import {
  CountryBusyError,
  PointerMovedError,
  SigningRefusal,
  PublicationError,
  UnknownRunError,
  checkRemoval,
  discardRun,
  isHeld,
  publishHeldRun,
  type PublicationReport,
  type RemovalCheck,
  type RunRecord,
} from '../../../pipeline/index.ts';
import type { ConsoleKit } from '../console-kit.ts';
import type { Notice } from '../console-layout.ts';
import { button, field, postForm, when } from '../form-html.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';
import { runBadge } from './country-pages.ts';
import { errorOf, formText, requireForm, type FieldErrors } from '../form-input.ts';
import { confirmationPage } from './confirmation-page.ts';
import { COUNTRY_NAMES, OPS, actorName, flash, operatorOnly, recordAction, sendOps, type OpsContext, type OpsPlugin } from './ops-kit.ts';
import { changeSummary, countsLine, gatesTable } from './run-markup.ts';

/** Publish asks for the country typed out and a reason (and the remaining places when the candidate is drastic); discard sends neither. */
const HELD_FORM = z.object({ confirm: formText({ max: 100 }), reason: formText({ max: 2000 }), remaining: formText({ max: 20 }) });

const NOTICES: Record<string, Notice> = {
  published: { kind: 'success', text: 'Published: the API serves it within a second.' },
  discarded: { kind: 'success', text: 'Discarded: the candidate is gone; nothing changed for the API.' },
};

/**
 * What publishing the held candidate would take away now (null when its file is gone: publishing says so). A candidate
 * held by an import on another machine is fetched from the shared run history first.
 */
export async function removalOf(ops: OpsContext, run: RunRecord): Promise<RemovalCheck | null> {
  if (!run.candidate) return null;
  try {
    if (!(await ops.runs.fetchCandidate(run))) return null;
    return checkRemoval(ops.dataDir, run.country, run.candidate);
  } catch {
    return null;
  }
}

/** Added / removed / changed as the run's report recorded them, with the warning measured against the snapshot serving now. */
export async function decisionSummary(ops: OpsContext, run: RunRecord): Promise<Markup> {
  const removal = isHeld(run) ? await removalOf(ops, run) : null;
  const report = await ops.runs.readReport<PublicationReport>(run.runId).catch(() => null);
  return changeSummary(report?.diff ?? null, removal, run.country);
}

/** What the publish form was sent with: shown again beside an error, so only the wrong field is typed again. */
export interface HeldFormValues {
  confirm: string;
  reason: string;
  remaining: string;
}

/** The publish form and the discard link of one held run (on the held page and the run page). */
export async function heldActions(
  kit: ConsoleKit,
  ops: OpsContext,
  res: Response,
  run: RunRecord,
  errors: FieldErrors | null = null,
  values: HeldFormValues | null = null,
): Promise<Markup> {
  const csrf = await kit.csrfToken(res);
  const removal = await removalOf(ops, run);
  return html`<section class="card" aria-labelledby="held-${run.runId}"><h2 id="held-${run.runId}">Held until ${when(run.candidate?.heldUntil ?? null)}</h2>
${postForm(
  `${OPS}/held/${run.runId}/publish`,
  csrf,
  html`${field({ label: `Type the country code (${run.country}) to confirm`, name: 'confirm', value: values?.confirm, required: true, maxLength: 2, autocomplete: 'off', error: errorOf(errors, 'confirm'), hint: 'Publishing replaces what the API serves for this country.' })}
${
  removal?.drastic
    ? field({
        label: 'Places that will remain',
        name: 'remaining',
        value: values?.remaining,
        required: true,
        maxLength: 9,
        autocomplete: 'off',
        error: errorOf(errors, 'remaining'),
        hint: `This candidate ${removal.remaining === 0 ? 'leaves the country with no places' : `removes ${removal.removed.toLocaleString('en-GB')} of its ${removal.current.toLocaleString('en-GB')} places`}: type the number that will remain to publish it.`,
      })
    : ''
}
${field({ label: 'Reason', name: 'reason', value: values?.reason, required: true, maxLength: 300, error: errorOf(errors, 'reason'), hint: 'Why it is safe to publish: recorded with your account (as forced when a gate still fails).' })}
${button(`Publish ${run.country} candidate`, { kind: 'danger' })}`,
  { label: `Publish held run ${run.runId}` },
)}
<p><a class="button plain" href="${OPS}/held/${run.runId}/discard">Discard candidate…</a></p>
</section>`;
}

async function heldPage(kit: ConsoleKit, ops: OpsContext, req: Request, res: Response, problem: { runId: string; errors: FieldErrors; values?: HeldFormValues } | null = null) {
  const held = (await ops.runs.list()).filter((r) => isHeld(r)).sort((a, b) => COUNTRY_CODES.indexOf(a.country) - COUNTRY_CODES.indexOf(b.country));
  const sections: Markup[] = [];
  for (const run of held) {
    sections.push(html`<article class="card" aria-labelledby="run-${run.runId}" id="candidate-${run.runId}"><h2 id="run-${run.runId}">${COUNTRY_NAMES[run.country]}: <a href="${OPS}/runs/${run.runId}">run ${run.runId}</a> ${runBadge(run)}</h2>
<p>${run.files.map((f) => f.name).join(', ')}, started ${when(run.startedAt)} by ${run.by}. ${countsLine(run)}. <a href="${OPS}/runs/${run.runId}/report">Open its report</a> (diff, rejected lines).</p>
${await decisionSummary(ops, run)}
${gatesTable(run.gates)}
${await heldActions(kit, ops, res, run, problem?.runId === run.runId ? problem.errors : null, problem?.runId === run.runId ? (problem.values ?? null) : null)}
</article>`);
  }
  await sendOps(kit, req, res, {
    title: 'Held candidates',
    status: problem ? 400 : 200,
    notices: [...flash(kit, req, NOTICES), ...(problem?.errors.form ? [{ kind: 'error' as const, text: problem.errors.form }] : [])],
    body: html`<p class="lead">Imports refused by a publication gate, and dry runs, keep their candidate for 7 days (or until a newer import of the country publishes). Nothing here is served until you publish it.</p>
${held.length === 0 ? html`<p>No candidate is held.</p>` : sections}`,
  });
}

/** The typed count: digits only, else null (the use case then names the number it expects). */
const typedCount = (text: string): number | null => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text.trim()) : null);

export const heldPages: OpsPlugin = (router, kit, ops) => {
  const guard = operatorOnly(kit);
  router.get(`/ops/held`, ...guard, (req, res) => heldPage(kit, ops, req, res));

  const heldRun = async (req: Request, res: Response): Promise<RunRecord | null> => {
    const runId = String(req.params.id);
    try {
      return await ops.runs.read(runId);
    } catch (error) {
      if (!(error instanceof UnknownRunError)) throw error;
      await heldPage(kit, ops, req, res, { runId, errors: { form: error.message } });
      return null;
    }
  };

  // The confirmation of a discard: what goes, what stays; the list links here instead of posting.
  router.get(`/ops/held/:id/discard`, ...guard, async (req, res) => {
    const run = await heldRun(req, res);
    if (!run) return;
    if (!isHeld(run)) return res.redirect(303, `${OPS}/runs/${run.runId}`);
    await confirmationPage(kit, req, res, {
      title: `Discard the ${COUNTRY_NAMES[run.country]} candidate of run ${run.runId}?`,
      consequence: html`<p>The candidate snapshot (${run.candidate?.publishedCount.toLocaleString('en-GB') ?? 0} places from ${run.files.map((f) => f.name).join(', ')}) is deleted and can no longer be published: to serve it later, import the file again. What the API serves for ${run.country} does not change.</p>`,
      action: `${OPS}/held/${run.runId}/discard`,
      button: 'Discard candidate',
      cancel: `${OPS}/held`,
    });
  });

  const act = (verb: 'publish' | 'discard') =>
    router.post(`/ops/held/:id/${verb}`, ...guard, async (req, res) => {
      const run = await heldRun(req, res);
      if (!run) return;
      const runId = run.runId;
      const fields = requireForm(HELD_FORM, req);
      try {
        if (verb === 'publish') {
          const errors: Record<string, string> = {};
          if (fields.confirm.trim().toLowerCase() !== run.country) errors.confirm = `Type ${run.country} to confirm: nothing was published.`;
          if (!fields.reason.trim()) errors.reason = 'Give a reason: nothing was published.';
          if (Object.keys(errors).length > 0) return heldPage(kit, ops, req, res, { runId, errors, values: fields });
          const result = await publishHeldRun(ops.dataDir, runId, {
            force: { reason: fields.reason },
            confirmRemaining: typedCount(fields.remaining),
            actor: actorName(kit, res),
            ...ops.publication,
            store: ops.snapshots,
          });
          const removal = result.run.removal ? `, leaving ${result.run.removal.remaining} of ${result.run.removal.current} places` : '';
          await recordAction(kit, req, res, 'held-published', `${run.country} run ${runId}${result.run.forced ? ' (forced)' : ''}${removal}: ${fields.reason.trim()}`);
        } else {
          await discardRun(ops.dataDir, runId, { actor: actorName(kit, res), keep: ops.publication.keep, store: ops.snapshots });
          await recordAction(kit, req, res, 'held-discarded', `${run.country} run ${runId}`);
        }
      } catch (error) {
        const values = verb === 'publish' ? fields : undefined;
        if (error instanceof PublicationError && error.code === 'confirm-remaining') return heldPage(kit, ops, req, res, { runId, errors: { remaining: error.message }, values });
        if (error instanceof PublicationError || error instanceof CountryBusyError || error instanceof PointerMovedError || error instanceof SigningRefusal) return heldPage(kit, ops, req, res, { runId, errors: { confirm: error.message }, values });
        throw error;
      }
      res.redirect(303, `${OPS}/held?notice=${verb === 'publish' ? 'published' : 'discarded'}`);
    });
  act('publish');
  act('discard');
};
