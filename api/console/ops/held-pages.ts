// Held candidates: why each refused (or dry) run is held; publish it (type the country code, give a reason: recorded as forced) or discard it.
import type { Request, Response } from 'express';
import { z } from 'zod';
import { COUNTRY_CODES } from '../../../model/place.ts';
import {
  CountryBusyError,
  PublicationError,
  UnknownRunError,
  discardRun,
  isHeld,
  listRuns,
  publishHeldRun,
  readRun,
  type RunRecord,
} from '../../../pipeline/index.ts';
import type { ConsoleKit } from '../console-kit.ts';
import type { Notice } from '../console-layout.ts';
import { button, field, postForm, when } from '../form-html.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';
import { outcomeBadge } from './country-pages.ts';
import { formText, requireForm } from '../form-input.ts';
import { COUNTRY_NAMES, OPS, actorName, flash, operatorOnly, recordAction, sendOps, type OpsContext, type OpsPlugin } from './ops-kit.ts';
import { gatesTable } from './run-markup.ts';

/** Publish asks for the country typed out and a reason; discard sends neither. */
const HELD_FORM = z.object({ confirm: formText({ max: 100 }), reason: formText({ max: 2000 }) });

const NOTICES: Record<string, Notice> = {
  published: { kind: 'success', text: 'Published: the API serves it within a second.' },
  discarded: { kind: 'success', text: 'Discarded: the candidate is gone; nothing changed for the API.' },
};

/** The publish and discard forms of one held run (on the held page and the run page). */
export async function heldActions(kit: ConsoleKit, res: Response, run: RunRecord, error: string | null = null): Promise<Markup> {
  const csrf = await kit.csrfToken(res);
  return html`<section class="card" aria-labelledby="held-${run.runId}"><h2 id="held-${run.runId}">Held until ${when(run.candidate?.heldUntil ?? null)}</h2>
${postForm(
  `${OPS}/held/${run.runId}/publish`,
  csrf,
  html`${field({ label: `Type the country code (${run.country}) to confirm`, name: 'confirm', required: true, maxLength: 2, autocomplete: 'off', error, hint: 'Publishing replaces what the API serves for this country.' })}
${field({ label: 'Reason', name: 'reason', required: true, maxLength: 300, hint: 'Why it is safe to publish: recorded with your account (as forced when a gate still fails).' })}
${button(`Publish ${run.country} candidate`, { kind: 'danger' })}`,
  { label: `Publish held run ${run.runId}` },
)}
${postForm(`${OPS}/held/${run.runId}/discard`, csrf, button('Discard candidate', { kind: 'plain' }), { label: `Discard held run ${run.runId}` })}
</section>`;
}

async function heldPage(kit: ConsoleKit, ops: OpsContext, req: Request, res: Response, problem: { runId: string; message: string } | null = null) {
  const held = COUNTRY_CODES.flatMap((cc) => listRuns(ops.dataDir, { country: cc }).filter((r) => isHeld(r)));
  const sections: Markup[] = [];
  for (const run of held) {
    sections.push(html`<article class="card" aria-labelledby="run-${run.runId}"><h2 id="run-${run.runId}">${COUNTRY_NAMES[run.country]}: <a href="${OPS}/runs/${run.runId}">run ${run.runId}</a> ${outcomeBadge(run.outcome)}</h2>
<p>${run.files.map((f) => f.name).join(', ')}, started ${when(run.startedAt)} by ${run.by}. <a href="${OPS}/runs/${run.runId}/report">Open its report</a> (diff, rejected lines).</p>
${gatesTable(run.gates)}
${await heldActions(kit, res, run, problem?.runId === run.runId ? problem.message : null)}
</article>`);
  }
  await sendOps(kit, req, res, {
    title: 'Held candidates',
    status: problem ? 400 : 200,
    notices: flash(kit, req, NOTICES),
    body: html`<p class="lead">Imports refused by a publication gate, and dry runs, keep their candidate for 7 days (or until a newer import of the country publishes). Nothing here is served until you publish it.</p>
${held.length === 0 ? html`<p>No candidate is held.</p>` : sections}`,
  });
}

export const heldPages: OpsPlugin = (router, kit, ops) => {
  const guard = operatorOnly(kit);
  router.get(`/ops/held`, ...guard, (req, res) => heldPage(kit, ops, req, res));

  const act = (verb: 'publish' | 'discard') =>
    router.post(`/ops/held/:id/${verb}`, ...guard, async (req, res) => {
      const runId = String(req.params.id);
      let run: RunRecord;
      try {
        run = readRun(ops.dataDir, runId);
      } catch (error) {
        if (error instanceof UnknownRunError) return heldPage(kit, ops, req, res, { runId, message: error.message });
        throw error;
      }
      const fields = requireForm(HELD_FORM, req);
      try {
        if (verb === 'publish') {
          if (fields.confirm?.trim().toLowerCase() !== run.country) {
            return heldPage(kit, ops, req, res, { runId, message: `Type ${run.country} to confirm: nothing was published.` });
          }
          if (!fields.reason?.trim()) return heldPage(kit, ops, req, res, { runId, message: 'Give a reason: nothing was published.' });
          const result = await publishHeldRun(ops.dataDir, runId, { force: { reason: fields.reason }, actor: actorName(kit, res), ...ops.publication });
          await recordAction(kit, req, res, 'held-published', `${run.country} run ${runId}${result.run.forced ? ' (forced)' : ''}: ${fields.reason.trim()}`);
        } else {
          discardRun(ops.dataDir, runId, { actor: actorName(kit, res), keep: ops.publication.keep });
          await recordAction(kit, req, res, 'held-discarded', `${run.country} run ${runId}`);
        }
      } catch (error) {
        if (error instanceof PublicationError || error instanceof CountryBusyError) return heldPage(kit, ops, req, res, { runId, message: error.message });
        throw error;
      }
      res.redirect(303, `${OPS}/held?notice=${verb === 'publish' ? 'published' : 'discarded'}`);
    });
  act('publish');
  act('discard');
};
