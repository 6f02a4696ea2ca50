// Suppressions page: the list with notes, who and when; add (id, phone or website, stored in canonical form, note required) and remove; the same use cases as `lodging suppress`.
import type { Request, Response } from 'express';
import { z } from 'zod';
import { COUNTRY_CODES, type CountryCode } from '../../../model/place.ts';
import {
  MAX_SUPPRESSION_NOTE,
  MAX_SUPPRESSION_VALUE,
  SUPPRESSION_KINDS,
  SuppressionInputError,
  addSuppression,
  demoListInForce,
  listSuppressions,
  removeSuppression,
  type DemoListInForce,
  type SuppressionEntry,
} from '../../../pipeline/index.ts';
import type { ConsoleKit } from '../console-kit.ts';
import type { Notice } from '../console-layout.ts';
import { button, field, postForm, selectField, when } from '../form-html.ts';
import { html } from '../../../platform/html/index.ts';
import { formChoice, formText, parseForm, parseQuery, requireForm } from '../form-input.ts';
import { COUNTRY_NAMES, OPS, actorName, countryChoices, operatorOnly, parseCountry, recordAction, showActor, type OpsContext, type OpsPlugin, sendOps } from './ops-kit.ts';

const KIND_LABELS = { id: 'Place id', phone: 'Phone', domain: 'Website (domain or address)' } as const;
const KIND_SHOWN = { id: 'Place id', phone: 'Phone', domain: 'Website domain' } as const;

const importLink = (country: CountryCode | null) =>
  html`<a href="${OPS}/imports${country ? `?country=${country}` : ''}">start an import${country ? ` of ${COUNTRY_NAMES[country]}` : ''}</a>`;

function notices(key: string | undefined, country: CountryCode | null, value: string | undefined): Notice[] {
  const stored = value ? html` Stored as <code>${value}</code>.` : '';
  switch (key) {
    case 'added':
      return [{ kind: 'success', text: html`Added.${stored} It applies from the next import of the country: ${importLink(country)}.` }];
    case 'added-unknown-id':
      return [
        { kind: 'success', text: html`Added. It applies from the next import of the country: ${importLink(country)}.` },
        { kind: 'warning', text: html`No current snapshot has a place with the id <code>${value ?? ''}</code>: check it. It is kept, and applies if an import brings that id.` },
      ];
    case 'already-there':
      return [{ kind: 'info', text: html`That entry is already on the list${value ? html` (as <code>${value}</code>)` : ''}: nothing changed.` }];
    case 'removed':
      return [{ kind: 'success', text: html`Removed. It applies from the next import of the country: ${importLink(country)}.` }];
    case 'not-there':
      return [{ kind: 'warning', text: 'That entry is not on the list (any more): nothing changed.' }];
    default:
      return [];
  }
}

const NOTICE_QUERY = z.object({
  notice: z.string().max(40).optional().catch(undefined),
  country: z.string().max(4).optional().catch(undefined),
  value: z.string().max(200).optional().catch(undefined),
});

const kind = formChoice(SUPPRESSION_KINDS, `must be one of ${SUPPRESSION_KINDS.join(', ')}`);
/** The lengths the form's inputs allow; the value's canonical form (domain, E.164, id) is the use case's rule. */
const ADD_FORM = z.object({ kind, value: formText({ max: MAX_SUPPRESSION_VALUE }), note: formText({ max: MAX_SUPPRESSION_NOTE }), country: formText({ max: 10 }) });
const REMOVE_FORM = z.object({ kind, value: formText({ max: MAX_SUPPRESSION_VALUE }) });

interface FormState {
  kind?: string;
  value?: string;
  note?: string;
  country?: string;
  error?: { field: string; message: string };
}

/** The country an entry points at, for the "start an import" link: an id's prefix, a phone's calling code. */
function countryOf(entry: { kind: string; value: string }, chosen: CountryCode | null): CountryCode | null {
  if (chosen) return chosen;
  if (entry.kind === 'id') return parseCountry(entry.value.split('-')[0]);
  if (entry.kind === 'phone') {
    const code = ({ '+34': 'es', '+44': 'gb', '+33': 'fr', '+351': 'pt' } as const satisfies Record<string, CountryCode>);
    return Object.entries(code).find(([prefix]) => entry.value.startsWith(prefix))?.[1] ?? null;
  }
  return null;
}

function entryRow(e: SuppressionEntry) {
  return html`<tr><td>${KIND_SHOWN[e.kind]}</td><th scope="row"><code>${e.value}</code></th><td>${e.note || '—'}</td><td>${
    e.addedBy ? html`${showActor(e.addedBy)}<br><small>${when(e.addedAt ?? null)}</small>` : html`<small>not recorded (line ${e.line})</small>`
  }</td><td class="actions"><a class="button danger-link" href="${OPS}/suppressions/remove?${new URLSearchParams({ kind: e.kind, value: e.value }).toString()}">Remove<span class="visually-hidden"> ${e.kind} ${e.value}</span>…</a></td></tr>`;
}

/** The countries still serving the demo data, and the demo's own list that suppressed their places (read only: it is a project file). */
function demoSection(demo: DemoListInForce, own: number) {
  const names = demo.countries.map((c) => COUNTRY_NAMES[c]);
  const countries = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return html`<section class="card" aria-labelledby="in-force-heading"><h2 id="in-force-heading">In force now</h2>
<p>${countries} serve the demo data, imported with the demo's own list <code>${demo.file}</code> (${demo.entries.length} entries): it decided which of their places are suppressed until each country's next import, which applies this data directory's list instead (${own} ${own === 1 ? 'entry' : 'entries'}, below).</p>
<div class="table-wrap"><table><caption>The demo's list</caption>
<thead><tr><th scope="col">Kind</th><th scope="col">Value</th><th scope="col">Note</th></tr></thead>
<tbody>${demo.entries.map((e) => html`<tr><td>${KIND_SHOWN[e.kind]}</td><th scope="row"><code>${e.value}</code></th><td>${e.note || '—'}</td></tr>`)}</tbody></table></div></section>`;
}

async function suppressionsPage(kit: ConsoleKit, ops: OpsContext, req: Request, res: Response, form: FormState = {}) {
  const listing = await listSuppressions(ops.dataDir);
  const demo = await demoListInForce(ops.dataDir);
  const csrf = await kit.csrfToken(res);
  const err = (name: string) => (form.error?.field === name ? form.error.message : null);
  const query = parseQuery(NOTICE_QUERY, req);
  const q = query.ok ? query.data : {};
  await sendOps(kit, req, res, {
    title: 'Suppressions',
    status: form.error ? 400 : 200,
    notices: [
      ...(form.error ? [] : notices(q.notice, parseCountry(q.country), q.value)),
      ...(listing.errors.length > 0
        ? [{ kind: 'error' as const, text: `The list has ${listing.errors.length} malformed line(s): imports fail until they are fixed (line ${listing.errors.map((e) => e.line).join(', ')}).` }]
        : []),
    ],
    body: html`<p class="lead">Listings that must never be published (opt-outs, takedowns). A change applies from the next import of the
country: <a href="${OPS}/imports">start an import</a>. The list is <code>${listing.file}</code>, reviewed like code; <code>lodging suppress</code> changes the same file.</p>
${demo ? demoSection(demo, listing.entries.length) : ''}<section class="card narrow" aria-labelledby="add-heading"><h2 id="add-heading">Add a suppression</h2>
${postForm(
  `${OPS}/suppressions`,
  csrf,
  html`${selectField({ label: 'Kind', name: 'kind', options: SUPPRESSION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k], selected: k === (form.kind ?? 'id') })) })}
${field({ label: 'Value', name: 'value', value: form.value ?? '', required: true, hint: 'A place id (es-mad-78018), a phone (+34 912 345 678) or a website (hotel-sol.es or its address): stored as its registrable domain or E.164 number.', error: err('value') ?? err('kind'), maxLength: MAX_SUPPRESSION_VALUE })}
${selectField({
  label: 'Country of a national phone number (optional)',
  name: 'country',
  hint: 'Only for a phone written without its +country code.',
  options: [{ value: '', label: 'None: the phone has its +code', selected: !form.country }, ...countryChoices(form.country ?? null).filter((o) => (COUNTRY_CODES as readonly string[]).includes(o.value))],
  error: err('country'),
})}
${field({ label: 'Note', name: 'note', value: form.note ?? '', required: true, hint: 'Who asked, when, ticket: it is kept beside the entry, with your account and the time.', error: err('note'), maxLength: MAX_SUPPRESSION_NOTE })}
${button('Add suppression')}`,
)}</section>
<h2>On the list <small>(${listing.entries.length})</small></h2>
${
  listing.entries.length === 0
    ? html`<p>${demo ? "This data directory's list is empty: the next import of a country suppresses nothing." : 'The list is empty.'}</p>`
    : html`<div class="table-wrap"><table>
<thead><tr><th scope="col">Kind</th><th scope="col">Value</th><th scope="col">Note</th><th scope="col">Added</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
<tbody>${listing.entries.map((e) => entryRow(e))}</tbody></table></div>`
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
    const country = form.data.country === '' ? null : parseCountry(form.data.country);
    if (form.data.country !== '' && country === null) {
      return suppressionsPage(kit, ops, req, res, { kind, value, note, error: { field: 'country', message: 'Choose one of the listed countries, or none.' } });
    }
    try {
      const result = await addSuppression(ops.dataDir, { kind, value, note, country, by: actorName(kit, res) });
      if (result.added) await recordAction(kit, req, res, 'suppression-added', result.line);
      const notice = !result.added ? 'already-there' : result.warnings.length > 0 ? 'added-unknown-id' : 'added';
      const target = countryOf(result, country);
      const params = new URLSearchParams({ notice, value: result.value, ...(target ? { country: target } : {}) });
      res.redirect(303, `${OPS}/suppressions?${params.toString()}`);
    } catch (error) {
      if (!(error instanceof SuppressionInputError)) throw error;
      await suppressionsPage(kit, ops, req, res, { kind, value, note, country: country ?? '', error: { field: error.field, message: error.message } });
    }
  });
  router.post(`/ops/suppressions/remove`, ...guard, async (req, res) => {
    const { kind, value } = requireForm(REMOVE_FORM, req);
    try {
      const { removed } = await removeSuppression(ops.dataDir, { kind, value });
      for (const e of removed) await recordAction(kit, req, res, 'suppression-removed', `${e.kind} ${e.value}${e.note ? `  # ${e.note}` : ''}`);
      const target = removed[0] ? countryOf(removed[0], null) : null;
      const params = new URLSearchParams({ notice: removed.length > 0 ? 'removed' : 'not-there', ...(target ? { country: target } : {}) });
      res.redirect(303, `${OPS}/suppressions?${params.toString()}`);
    } catch (error) {
      if (!(error instanceof SuppressionInputError)) throw error;
      await suppressionsPage(kit, ops, req, res, { error: { field: error.field, message: error.message } });
    }
  });
};
