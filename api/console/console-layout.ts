// The console's page shell: header with navigation and sign-out, notices, the expiring-keys banner; no inline script or style.
import type { Account } from '../accounts/account-store.ts';
import { html } from '../../platform/html/index.ts';
import type { Markup } from '../../platform/html/index.ts';
import { button, postForm } from './form-html.ts';

export interface NavItem {
  href: string;
  label: string;
  /** Shown only to accounts with this role (operator pages). */
  role?: Account['role'];
}

export interface Notice {
  kind: 'info' | 'success' | 'warning' | 'error';
  text: string | Markup;
}

export interface ShellInput {
  title: string;
  body: Markup;
  account: Account | null;
  csrfToken: string | null;
  nav: NavItem[];
  notices: Notice[];
  /** The path of the page, to mark its navigation link as current. */
  path: string;
}

export function renderShell(input: ShellInput): string {
  const nav = input.account
    ? input.nav.filter((item) => !item.role || item.role === input.account!.role)
    : [];
  const current = (href: string) => input.path === href || input.path.startsWith(`${href}/`);
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${input.title} · Lodging Directory console</title>
<link rel="icon" href="/console/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/console/static/console.css">
<script src="/console/static/console.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
<p class="brand"><a href="/console">Lodging Directory <span>console</span></a></p>
${
  input.account
    ? html`<nav aria-label="Console"><ul>${nav.map(
        (item) => html`<li><a href="${item.href}"${current(item.href) ? html` aria-current="page"` : ''}>${item.label}</a></li>`,
      )}<li><a href="/docs">API docs</a></li></ul></nav>
<div class="who"><span>${input.account.email ?? input.account.id}</span>${postForm('/console/sign-out', input.csrfToken ?? '', button('Sign out', { kind: 'plain' }), { className: 'inline' })}</div>`
      : html`<nav aria-label="Console"><ul><li><a href="/docs">API docs</a></li></ul></nav>`
}
</header>
<main id="main">
${input.notices.map((n) => html`<div class="notice ${n.kind}" role="${n.kind === 'error' ? 'alert' : 'status'}">${n.text}</div>`)}
<h1>${input.title}</h1>
${input.body}
</main>
<footer><p>Lodging Directory · <a href="/docs">API documentation</a> · <a href="/openapi.json">OpenAPI</a></p></footer>
</body>
</html>
`.text;
}
