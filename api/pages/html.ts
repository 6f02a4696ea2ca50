// Page helpers for the server-rendered public pages: the document frame, JSON-LD that cannot close its script tag, safe links.
import { html, raw } from '../../platform/html/index.ts';
import type { Markup } from '../../platform/html/index.ts';

/** JSON for a <script type="application/ld+json">: '<' as \\u003c so no value can end the script element. */
export function jsonForScript(value: unknown): Markup {
  return raw(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}

/** Only plain http(s) URLs become links; anything else is shown as text. */
export function isLinkable(url: string | null): url is string {
  return url !== null && /^https?:\/\/[^\s"'<>]+$/i.test(url);
}

/** No script may run on these pages; inline styles only. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'";

export function renderDocument(title: string, body: Markup, head: Markup = html``): string {
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5}dt{font-weight:600}dd{margin:0 0 .5rem}small{color:#555}</style>
${head}</head>
<body>
${body}
</body>
</html>
`.text;
}
