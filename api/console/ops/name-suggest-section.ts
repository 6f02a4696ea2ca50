// The label review page's list of listings whose name points to another kind than their label gave (lodgingType/name-suggests), with examples.
import type { NameSuggestSighting } from '../../../pipeline/index.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';
import { when } from '../form-html.ts';
import { COUNTRY_NAMES, OPS } from './ops-kit.ts';

export function nameSuggestSection(sightings: readonly NameSuggestSighting[]): Markup {
  const total = sightings.reduce((sum, s) => sum + s.count, 0);
  return html`<section aria-labelledby="name-suggests-heading" id="name-suggests">
<h2 id="name-suggests-heading">Names suggesting another kind <small>(${total})</small></h2>
<p class="aside">Listings of each country's latest import whose name points to another kind than their label gave
(<code>lodgingType/name-suggests</code>): a "Hotel" named "… Guest House". The name never changes the lodgingType; if the name is right,
the label is wrong at the provider, or its table entry is.</p>
${
  sightings.length === 0
    ? html`<p>None in the latest imports.</p>`
    : sightings.map(
        (s) => html`<h3>${COUNTRY_NAMES[s.country]} <small>${s.count} listing${s.count === 1 ? '' : 's'} · run <a href="${OPS}/runs/${s.runId}">${s.runId}</a>, ${when(s.at)}</small></h3>
<p>${Object.entries(s.bySuggested)
          .sort((a, b) => b[1] - a[1])
          .map(([kind, n], i) => html`${i > 0 ? ', ' : ''}<strong>${kind}</strong> ${n}`)}</p>
<div class="table-wrap"><table class="name-suggests"><caption>Examples (the first few of each suggested kind)</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Label given</th><th scope="col">Published as</th><th scope="col">Name suggests</th><th scope="col">Listing</th></tr></thead>
<tbody>${s.examples.map(
          (e) => html`<tr><th scope="row">${e.name}</th><td>${e.label ?? '—'}</td><td>${e.lodgingType}</td><td><strong>${e.suggested}</strong></td><td><code>${e.id}</code><br><small><code>${e.file}:${e.line}</code></small></td></tr>`,
        )}</tbody></table></div>`,
      )
}</section>`;
}
