// Unknown labels page: the labels recent imports met and no table knows (counts, examples), and a form mapping one to a lodgingType in its label table; the same use case as `lodging labels review --accept`.
import path from 'node:path';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { isCountryCode, type CountryCode } from '../../../model/place.ts';
import { PROJECT_ROOT } from '../../../platform/project-files.ts';
import {
  COUNTRY_LANGUAGE,
  LABEL_KEYS,
  LABEL_LANGUAGES,
  LabelReviewError,
  NON_LODGING,
  labelTableFile,
  listLabelsToMap,
  mapLabel,
  type LabelLanguage,
  type UnknownLabel,
} from './label-mapping.ts';
import { listNameSuggestions } from '../../../pipeline/index.ts';
import { nameSuggestSection } from './name-suggest-section.ts';
import type { ConsoleKit } from '../console-kit.ts';
import type { Notice } from '../console-layout.ts';
import { button, postForm, when } from '../form-html.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';
import { formText, parseQuery, requireForm } from '../form-input.ts';
import { COUNTRY_NAMES, COUNTRY_QUERY, OPS, countryChoices, operatorOnly, recordAction, type OpsContext, type OpsPlugin, sendOps } from './ops-kit.ts';

const LANGUAGE_NAMES: Record<LabelLanguage, string> = { es: 'Spanish', en: 'English', fr: 'French', pt: 'Portuguese' };

const KEY_LABELS: Record<string, string> = {
  motorhomeArea: 'motorhomeArea (motorhome area)',
  campsite: 'campsite',
  resort: 'resort',
  apartment: 'apartment',
  ruralHouse: 'ruralHouse (rural house)',
  bedAndBreakfast: 'bedAndBreakfast (B&B)',
  hostel: 'hostel',
  guesthouse: 'guesthouse',
  holidayHome: 'holidayHome (holiday home)',
  hotel: 'hotel',
  lodging: 'lodging (a place to stay, no narrower kind)',
  [NON_LODGING]: 'Not a lodging (nonLodging: rejected when a listing has only such labels)',
};

/** A table file named from the project root when it is one of the project's (data/labels/es.json), else in full. */
function shownPath(file: string): string {
  const relative = path.relative(PROJECT_ROOT, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

/** What the audit trail records of a mapping, and what the notice after the redirect reads back. */
function auditDetail(done: { file: string; lineNumber: number; section: string; line: string; key: string }): string {
  return `${shownPath(done.file)}:${done.lineNumber} ${done.section} ${done.line}`;
}

const AUDIT_DETAIL = /^(.+):(\d+) (exact\.\w+|nonLodging) (.+)$/;

/** The notice of ?notice=mapped: this account's latest mapping, from its audit trail (not from the address bar). */
async function mappedNotice(kit: ConsoleKit, req: Request, res: Response): Promise<Notice[]> {
  if (kit.query(req).get('notice') !== 'mapped') return [];
  const trail = await kit.deps.stores.accounts.listAudit(kit.account(res).id, 20);
  const match = AUDIT_DETAIL.exec(trail.find((entry) => entry.action === 'label-mapped')?.detail ?? '');
  if (!match) return [];
  const [, file, lineNumber, section, line] = match;
  const key = section === NON_LODGING ? 'not a lodging' : section!.slice('exact.'.length);
  let label = line!;
  try {
    label = String(JSON.parse(line!));
  } catch {
    // The line as written is shown below anyway.
  }
  return [
    {
      kind: 'success',
      text: html`<q>${label}</q> mapped to <strong>${key}</strong>. Added line ${lineNumber} of <code>${file}</code>, under <code>${section}</code>:
<code class="line-preview added-line">${line}</code>
It applies from the next import: <a href="${OPS}/imports">start an import</a>.`,
    },
  ];
}

interface FormState {
  label: string;
  key: string;
  language: string;
  status: 400 | 409;
  message: string;
}

function option(value: string, label: string, selected: boolean): Markup {
  return html`<option value="${value}"${selected ? html` selected` : ''}>${label}</option>`;
}

function mapForm(item: UnknownLabel, index: number, csrf: string, labelsDir: string, error: FormState | null): Markup {
  // The table's file name only: the page's lead names the directory.
  const id = `label-${index}`;
  const language = (error?.language as LabelLanguage | undefined) ?? COUNTRY_LANGUAGE[item.country];
  // Never preselected, not even the suggestion: the operator picks the kind.
  const key = error?.key ?? '';
  return postForm(
    `${OPS}/labels`,
    csrf,
    html`<input type="hidden" name="label" value="${item.label}">
${error ? html`<strong class="error" id="${id}-error">Not mapped: ${error.message}</strong>` : ''}
<div class="map-fields">
<div class="field"><label for="${id}-key">lodgingType</label>
<select id="${id}-key" name="key" required${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${option('', 'Choose…', key === '')}${LABEL_KEYS.map((k) =>
      option(k, KEY_LABELS[k] ?? k, k === key),
    )}</select></div>
<div class="field"><label for="${id}-language">Table</label>
<select id="${id}-language" name="language">${LABEL_LANGUAGES.map((lang) =>
      option(lang, `${LANGUAGE_NAMES[lang]} (${path.basename(labelTableFile(labelsDir, lang))})`, lang === language),
    )}</select></div>
${button('Map label')}
</div>
<p class="aside" id="${id}-writes">Writes one line to <code>${shownPath(labelTableFile(labelsDir, language))}</code> (the chosen table's file), a reviewed file of the repository's <code>data/labels</code> tables: commit the change.</p>`,
    { className: 'map-form', label: `Map the label ${item.label}` },
  );
}

function labelCard(item: UnknownLabel, index: number, csrf: string, labelsDir: string, error: FormState | null): Markup {
  const suggestion = item.suggestion.key === null ? 'none' : html`<strong>${item.suggestion.key}</strong>${item.suggestion.why ? html` <small>(${item.suggestion.why})</small>` : ''}`;
  return html`<section class="card unknown-label${error ? ' has-error' : ''}" aria-labelledby="label-${index}-name" id="label-${index}">
<h3 id="label-${index}-name"><q>${item.label}</q> <small>${COUNTRY_NAMES[item.country]} (${item.country})</small></h3>
<dl class="facts">
<dt>Latest import</dt><dd><strong>${item.count}</strong> listing${item.count === 1 ? '' : 's'} (run <a href="${OPS}/runs/${item.lastRunId}">${item.lastRunId}</a>, ${when(item.lastSeen)})</dd>
<dt>All imports</dt><dd>${item.totalCount} listing${item.totalCount === 1 ? '' : 's'} over ${item.runs} import${item.runs === 1 ? '' : 's'} since ${when(item.firstSeen)}</dd>
<dt>Suggested</dt><dd>${suggestion}${item.suggestion.key ? html` <small>(not preselected: choose the kind below)</small>` : ''}</dd>
</dl>
${
  item.examples.length > 0
    ? html`<details><summary>Example listings (${item.examples.length})</summary><ul class="examples">${item.examples.map(
        (e) => html`<li><code>${e.id}</code> ${e.name ?? '(no name)'} <small><code>${e.file}:${e.line}</code></small></li>`,
      )}</ul></details>`
    : html`<p class="aside">No example listings kept for this label (met before imports kept examples of every run).</p>`
}
${mapForm(item, index, csrf, labelsDir, error)}
</section>`;
}

async function labelsPage(kit: ConsoleKit, ops: OpsContext, req: Request, res: Response, form: FormState | null = null) {
  const query = parseQuery(COUNTRY_QUERY, req);
  const chosen = (query.ok ? query.data.country : undefined) ?? '';
  const country: CountryCode | undefined = isCountryCode(chosen) ? chosen : undefined;
  const items = await listLabelsToMap(ops.dataDir, country ? { country } : {});
  const names = await listNameSuggestions(ops.dataDir, country ? { country } : {});
  const csrf = await kit.csrfToken(res);
  const errorIndex = form ? items.findIndex((item) => item.label === form.label) : -1;
  await sendOps(kit, req, res, {
    title: 'Unknown labels',
    status: form?.status ?? 200,
    notices: [
      ...(await mappedNotice(kit, req, res)),
      ...(form ? [{ kind: 'error' as const, text: html`<q>${form.label}</q> was not mapped and nothing was written: ${form.message}` }] : []),
    ],
    body: html`<p class="lead">Category labels recent imports met that no label table knows, most frequent first. Such a listing is published as
<code>lodging</code>; mapping its label gives it its lodgingType <strong>from the next import</strong>. Mapping adds one line to the
reviewed table <code>${shownPath(ops.labelsDir)}/&lt;language&gt;.json</code>, after the same checks as <code>lodging labels check</code>;
from a shell: <code>lodging labels review --accept "LABEL=KEY" --lang LANG</code>.</p>
<form method="get" action="${OPS}/labels" class="filters" aria-label="Filter by country">
<div class="field"><label for="filter-country">Country</label><select id="filter-country" name="country">${option('', 'All countries', !country)}${countryChoices(country).map((c) =>
      option(c.value, c.label, c.selected === true),
    )}</select></div>
${button('Show labels', { kind: 'plain' })}
</form>
<h2>Unknown labels <small>(${items.length})</small></h2>
${
  items.length === 0
    ? html`<p>No unknown labels${country ? html` for ${COUNTRY_NAMES[country]}` : ''}: every label the imports met is in a table.</p>`
    : items.map((item, i) => labelCard(item, i, csrf, ops.labelsDir, i === errorIndex ? form : null))
}
${nameSuggestSection(names)}`,
  });
}

/** A label as met, the key and the table chosen; their rules (known key, known language) are the use case's. */
const LABEL_FORM = z.object({ label: formText({ max: 500 }), key: formText({ max: 100 }), language: formText({ max: 20 }) });

export const labelPages: OpsPlugin = (router, kit, ops) => {
  const guard = operatorOnly(kit);
  router.get(`/ops/labels`, ...guard, (req, res) => labelsPage(kit, ops, req, res));
  router.post(`/ops/labels`, ...guard, async (req, res) => {
    const { label, key, language } = requireForm(LABEL_FORM, req);
    try {
      if (!(LABEL_LANGUAGES as readonly string[]).includes(language)) throw new LabelReviewError(`choose the table (${LABEL_LANGUAGES.join(', ')})`, 'bad-language');
      if (key === '') throw new LabelReviewError('choose a lodgingType', 'bad-key');
      const done = await mapLabel({ dataDir: ops.dataDir, labelsDir: ops.labelsDir, label, key, language: language as LabelLanguage, onlyMet: true });
      await recordAction(kit, req, res, 'label-mapped', auditDetail(done));
      res.redirect(303, `${OPS}/labels?notice=mapped`);
    } catch (error) {
      if (!(error instanceof LabelReviewError)) throw error;
      const status = error.problem === 'already-mapped' || error.problem === 'conflict' ? 409 : 400;
      const reason = error.message.replace(/^not written: /, '');
      const message = error.problem === 'already-mapped' ? `it is already in the tables (${reason})` : reason;
      await labelsPage(kit, ops, req, res, { label, key, language, status, message });
    }
  });
};
