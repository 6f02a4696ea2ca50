// Suppressions page: the list with its notes, add (id, phone or domain, with a mandatory note) and remove; the same use cases as `lodging suppress`.
import type { Request, Response } from 'express';
import { z } from 'zod';
import {
  MAX_SUPPRESSION_NOTE,
  MAX_SUPPRESSION_VALUE,
  SUPPRESSION_KINDS,
  SuppressionInputError,
  addSuppression,
  listSuppressions,
  removeSuppression,
} from '../../../pipeline/index.ts';
import type { ConsoleKit } from '../console-kit.ts';
import type { Notice } from '../console-layout.ts';
import { button, field, postForm, selectField } from '../form-html.ts';
import { html } from '../../../platform/html/index.ts';
import { formChoice, formText, parseForm, requireForm } from '../form-input.ts';
import { OPS, flash, operatorOnly, recordAction, type OpsContext, type OpsPlugin, sendOps } from './ops-kit.ts';

const KIND_LABELS = { id: 'Place id', phone: 'Phone (E.164)', domain: 'Website domain' } as const;

const NOTICES: Record<string, Notice> = {
  added: { kind: 'success', text: html`Added. It applies from the next import of the country: <a href="${OPS}/imports">start an import</a>.` },
  'already-there': { kind: 'info', text: 'That entry is already on the list: nothing changed.' },
  removed: { kind: 'success', text: html`Removed. It applies from the next import of the country: <a href="${OPS}/imports">start an import</a>.` },
  'not-there': { kind: 'warning', text: 'That entry is not on the list (any more): nothing changed.' },
};

const kind = formChoice(SUPPRESSION_KINDS, `must be one of ${SUPPRESSION_KINDS.join(', ')}`);
/** The lengths the form's inputs allow; the value's form (id, phone, domain) is the use case's rule. */
const ADD_FORM = z.object({ kind, value: formText({ max: MAX_SUPPRESSION_VALUE }), note: formText({ max: MAX_SUPPRESSION_NOTE }) });
const REMOVE_FORM = z.object({ kind, value: formText({ max: MAX_SUPPRESSION_VALUE }) });

interface FormState {
  kind?: string;
  value?: string;
  note?: string;
  error?: { field: string; message: string };
}

async function suppressionsPage(kit: ConsoleKit, ops: OpsContext, req: Request, res: Response, form: FormState = {}) {
  const listing = await listSuppressions(ops.dataDir);
  const csrf = await kit.csrfToken(res);
  const err = (name: string) => (form.error?.field === name ? form.error.message : null);
  await sendOps(kit, req, res, {
    title: 'Suppressions',
    status: form.error ? 400 : 200,
    notices: [
      ...flash(kit, req, NOTICES),
      ...(listing.errors.length > 0
        ? [{ kind: 'error' as const, text: `The list has ${listing.errors.length} malformed line(s): imports fail until they are fixed (line ${listing.errors.map((e) => e.line).join(', ')}).` }]
        : []),
    ],
    body: html`<p class="lead">Listings that must never be published (opt-outs, takedowns). A change applies from the next import of the
country: <a href="${OPS}/imports">start an import</a>. The list is <code>${listing.file}</code>, reviewed like code; <code>lodging suppress</code> changes the same file.</p>
<section class="card narrow" aria-labelledby="add-heading"><h2 id="add-heading">Add a suppression</h2>
${postForm(
  `${OPS}/suppressions`,
  csrf,
  html`${selectField({ label: 'Kind', name: 'kind', options: SUPPRESSION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k], selected: k === (form.kind ?? 'id') })) })}
${field({ label: 'Value', name: 'value', value: form.value ?? '', required: true, hint: 'e.g. es-mad-78018, +34912345678 or example.com', error: err('value') ?? err('kind'), maxLength: MAX_SUPPRESSION_VALUE })}
${field({ label: 'Note', name: 'note', value: form.note ?? '', required: true, hint: 'Who asked, when, ticket: it is kept beside the entry.', error: err('note'), maxLength: MAX_SUPPRESSION_NOTE })}
${button('Add suppression')}`,
)}</section>
<h2>On the list <small>(${listing.entries.length})</small></h2>
${
  listing.entries.length === 0
    ? html`<p>The list is empty.</p>`
    : html`<div class="table-wrap"><table>
<thead><tr><th scope="col">Kind</th><th scope="col">Value</th><th scope="col">Note</th><th scope="col">Line</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
<tbody>${listing.entries.map(
        (e) => html`<tr><td>${KIND_LABELS[e.kind]}</td><th scope="row"><code>${e.value}</code></th><td>${e.note || '—'}</td><td>${e.line}</td><td class="actions"><a class="button danger-link" href="${OPS}/suppressions/remove?${new URLSearchParams({ kind: e.kind, value: e.value }).toString()}">Remove<span class="visually-hidden"> ${e.value}</span>…</a></td></tr>`,
      )}</tbody></table></div>`
}`,
  });
}

export const suppressionPages: OpsPlugin = (router, kit, ops) => {
  const guard = operatorOnly(kit);
  router.get(`/ops/suppressions`, ...guard, (req, res) => suppressionsPage(kit, ops, req, res));
  router.post(`/ops/suppressions`, ...guard, async (req, res) => {
    const form = parseForm(ADD_FORM, req);
    if (!form.ok) {
      const [field, message] = Object.entries(form.errors)[0] ?? ['value', 'could not be read'];
      return suppressionsPage(kit, ops, req, res, { error: { field, message: `${field} ${message}` } });
    }
    const { kind, value, note } = form.data;
    try {
      const result = await addSuppression(ops.dataDir, { kind, value, note });
      if (result.added) await recordAction(kit, req, res, 'suppression-added', result.line);
      res.redirect(303, `${OPS}/suppressions?notice=${result.added ? 'added' : 'already-there'}`);
    } catch (error) {
      if (!(error instanceof SuppressionInputError)) throw error;
      await suppressionsPage(kit, ops, req, res, { kind, value, note, error: { field: error.field, message: error.message } });
    }
  });
  router.post(`/ops/suppressions/remove`, ...guard, async (req, res) => {
    const { kind, value } = requireForm(REMOVE_FORM, req);
    try {
      const { removed } = await removeSuppression(ops.dataDir, { kind, value });
      for (const e of removed) await recordAction(kit, req, res, 'suppression-removed', `${e.kind} ${e.value}${e.note ? `  # ${e.note}` : ''}`);
      res.redirect(303, `${OPS}/suppressions?notice=${removed.length > 0 ? 'removed' : 'not-there'}`);
    } catch (error) {
      if (!(error instanceof SuppressionInputError)) throw error;
      await suppressionsPage(kit, ops, req, res, { error: { field: error.field, message: error.message } });
    }
  });
};
