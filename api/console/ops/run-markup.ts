// Markup shared by the run, held and country pages: a run's gates with their measured values.
import type { GateResult } from '../../../pipeline/index.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';

export function gatesTable(gates: GateResult[] | null): Markup {
  if (!gates || gates.length === 0) return html`<p>No gate results (the run ended before the gates).</p>`;
  return html`<div class="table-wrap"><table><thead><tr><th scope="col">Gate</th><th scope="col">Result</th><th scope="col">Measured</th></tr></thead>
<tbody>${gates.map((g) => html`<tr><th scope="row">${g.gate}</th><td><span class="badge ${g.status === 'fail' ? 'revoked' : g.status === 'warn' ? 'warn' : g.status === 'pass' ? 'active' : 'expired'}">${g.status}</span></td><td>${g.detail}</td></tr>`)}</tbody></table></div>`;
}
