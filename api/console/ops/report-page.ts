// The run report as the console serves it: the file `lodging report` writes, with the console's header and next steps as console links.
import { createHash } from 'node:crypto';
import { isHeld, type RunRecord } from '../../../pipeline/index.ts';
import { html, raw } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';
import { COUNTRY_NAMES, OPS } from './ops-kit.ts';

/** The bar's own style: the report allows only its inline styles (by hash), so the console's stylesheet cannot load. */
const BAR_CSS = `.console-bar{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;align-items:center;padding:.6rem 0;margin:-8px 0 12px;border-bottom:1px solid #d8dde4;font-size:15px}
.console-bar .brand{font-weight:700;color:#1d2430;text-decoration:none}.console-bar .brand span{font-weight:400;color:#5a6472}.console-bar a{color:#1f5fbf}
.console-next{background:#e9f1fc;border-left:5px solid #1f5fbf;border-radius:6px;padding:.5rem 1rem;margin:0 0 12px}.console-next h2{border:0;margin:.25rem 0;padding:0}
.console-next ul{margin:.25rem 0;padding-left:1.25rem}.console-next li{margin:.2rem 0}.console-next p{margin:.25rem 0;color:#555}`;

/** What an operator does next, as console links; the report's own "Next steps" keep the same steps as commands. */
export function consoleNextSteps(run: RunRecord): { href: string; label: string }[] {
  const steps: { href: string; label: string }[] = [];
  if (isHeld(run)) steps.push({ href: `${OPS}/held#candidate-${run.runId}`, label: 'Review the held candidate: publish it or discard it' });
  if (run.outcome === 'published' && run.publishedVersion) {
    steps.push({ href: `${OPS}/snapshots/${run.country}#snapshot-${run.publishedVersion}`, label: `See its snapshot ${run.publishedVersion}, and roll ${run.country} back if needed` });
  }
  if (run.outcome === 'failed' || run.outcome === 'refused') steps.push({ href: `${OPS}/imports?country=${run.country}`, label: `Start another import of ${COUNTRY_NAMES[run.country]}` });
  steps.push({ href: `${OPS}/runs/${run.runId}`, label: `Back to run ${run.runId}` });
  return steps;
}

function consoleParts(run: RunRecord): Markup {
  return html`<nav class="console-bar" aria-label="Console"><a class="brand" href="/console">Lodging Directory <span>console</span></a>
<a href="${OPS}/runs/${run.runId}">← Run ${run.runId}</a><a href="${OPS}/countries">Countries</a><a href="${OPS}/runs?country=${run.country}">Runs of ${COUNTRY_NAMES[run.country]}</a><a href="${OPS}/held">Held</a></nav>
<section class="console-next" aria-labelledby="console-next"><h2 id="console-next">Next steps</h2>
<ul>${consoleNextSteps(run).map((s) => html`<li><a href="${s.href}">${s.label}</a></li>`)}</ul>
<p>The same steps as commands are at the end of this report.</p></section>`;
}

/** Where the report's own commands begin: they name files by their server paths, as they must to work when run there. */
const COMMANDS = '<h2>Next steps</h2><ul class="cmd">';

/** The report before its commands, each file named by the name the operator knows (an upload's original), not by its server path. */
function namedByTheirNames(page: string, run: RunRecord): string {
  const at = page.indexOf(COMMANDS);
  let head = at === -1 ? page : page.slice(0, at);
  // The longest path first, so no path is cut inside a longer one.
  for (const f of [...run.files].sort((a, b) => b.path.length - a.path.length)) {
    head = head.split(html`${f.path}`.text).join(html`${f.name}`.text);
  }
  return at === -1 ? head : head + page.slice(at);
}

/** The report file with the console's bar and next steps after <body>, its icon in <head>, files named as the operator knows them. */
export function reportInConsole(page: string, run: RunRecord): string {
  return namedByTheirNames(page, run)
    .replace('</head>', html`<link rel="icon" href="/console/static/favicon.svg" type="image/svg+xml"><style>${raw(BAR_CSS)}</style></head>`.text)
    .replace(/<body>(<main>)?/, (body) => `${body}${consoleParts(run).text}`);
}

/** The report's CSP: its inline <style> blocks by hash, nothing else (no script, no network). */
export function reportCsp(page: string): string {
  const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
  return `default-src 'none'; style-src ${styles.join(' ') || "'none'"}; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}
