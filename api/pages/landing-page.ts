// GET /: a small landing page linking the docs, the OpenAPI document, the health checks, MCP and any further pages.
import { html, joinHtml } from '../../platform/html/index.ts';
import { renderDocument } from './html.ts';

/** A link on the landing page. Pages mounted later (the console at /console) add theirs through AppDeps.landingLinks. */
export interface LandingLink {
  href: string;
  label: string;
  description: string;
}

export const STANDARD_LINKS: LandingLink[] = [
  { href: '/docs', label: 'API documentation', description: 'Every endpoint, with "Try it out" (paste your key under Authorize).' },
  { href: '/openapi.json', label: 'OpenAPI document', description: 'OpenAPI 3.1, for client generators and API tools.' },
  { href: '/healthz', label: 'Health check', description: 'Liveness: answers {"status":"ok"} while the process is up.' },
  { href: '/readyz', label: 'Readiness', description: 'The snapshot served for each country, and when it was published.' },
];

const item = (link: LandingLink) => html`<li><a href="${link.href}">${link.label}</a> <small>${link.description}</small></li>`;

/** origin: where the page was requested from (escaped; only shown in the examples). */
export function renderLandingPage(origin: string, extraLinks: readonly LandingLink[] = []): string {
  const body = html`<main>
<h1>Lodging Directory</h1>
<p>A read-only directory of places to stay in Spain, the United Kingdom, France and Portugal, for applications (REST)
and AI agents (MCP). No availability, prices or booking.</p>
<h2>Start here</h2>
<ul>
${joinHtml([...extraLinks, ...STANDARD_LINKS].map(item), '\n')}
</ul>
<h2>Use the API</h2>
<p>Every call under <code>/api/v1</code> needs an API key in the <code>X-API-Key</code> header
(or <code>Authorization: Bearer</code>). Running locally, <code>npm start</code> prints a development key.</p>
<pre>curl -H 'X-API-Key: YOUR_KEY' '${origin}/api/v1/places?country=es&amp;limit=3'</pre>
<h2>Use it from an AI agent</h2>
<p>The same key, as <code>Authorization: Bearer</code>, works at <code>POST ${origin}/mcp</code> (Model Context Protocol,
Streamable HTTP) with three read-only tools: <code>search_places</code>, <code>get_place</code> and <code>suggest_places</code>.</p>
</main>`;
  return renderDocument('Lodging Directory', body);
}
