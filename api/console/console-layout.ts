// The console's page shell: header with grouped navigation and sign-out, notices, the expiring-keys banner; no inline script or style.
import type { Account } from '../accounts/account-store.ts';
import { html } from '../../platform/html/index.ts';
import type { Markup } from '../../platform/html/index.ts';
import { button, postForm } from './form-html.ts';
import { labelTableCells } from './table-cards.ts';

export interface NavItem {
  href: string;
  label: string;
  /** Shown only to accounts with this role (operator pages, grouped under "Operations"). */
  role?: Account['role'];
  /** A number shown as a badge beside the label when above zero (e.g. held candidates), read at each page. */
  count?: () => number | Promise<number>;
}

/** The two navigation groups: what every account has (its keys), and the operators' pages. */
const NAV_GROUPS = [
  { name: 'Your API access', operator: false },
  { name: 'Operations', operator: true },
] as const;

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
  /** Badge numbers of navigation items by href (only items with a count). */
  counts?: ReadonlyMap<string, number>;
}

function navLink(item: NavItem, current: boolean, count: number): Markup {
  const badge = count > 0 ? html` <span class="count">${count}<span class="visually-hidden"> waiting</span></span>` : '';
  return html`<li><a href="${item.href}"${current ? html` aria-current="page"` : ''}>${item.label}${badge}</a></li>`;
}

/** The visible navigation items of an account, in their groups (a group with no item is left out). */
export function navGroupsOf(nav: readonly NavItem[], role: Account['role']): { name: string; items: NavItem[] }[] {
  const visible = nav.filter((item) => !item.role || item.role === role);
  return NAV_GROUPS.map((group) => ({
    name: group.name,
    items: visible.filter((item) => (item.role === 'operator') === group.operator),
  })).filter((group) => group.items.length > 0);
}

export function renderShell(input: ShellInput): string {
  const current = (href: string) => input.path === href || input.path.startsWith(`${href}/`);
  const groups = input.account ? navGroupsOf(input.nav, input.account.role) : [];
  const page = html`<!DOCTYPE html>
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
<div class="bar">
<p class="brand"><a href="/console">Lodging Directory <span>console</span></a></p>
${
  input.account
    ? html`<div class="who"><a class="docs" href="/docs">API docs</a><span class="who-name" title="${input.account.email ?? input.account.id}">${input.account.email ?? input.account.id}</span>${
        input.account.role === 'operator' ? html` <span class="badge">operator</span>` : ''
      }${postForm('/console/sign-out', input.csrfToken ?? '', button('Sign out', { kind: 'plain' }), { className: 'inline' })}</div>`
    : html`<nav aria-label="Console" class="guest"><ul><li><a href="/docs">API docs</a></li></ul></nav>`
}
</div>
${
  groups.length > 0
    ? html`<nav aria-label="Console" class="groups">${groups.map(
        (group, i) => html`<div class="nav-group"><p class="nav-name" id="nav-group-${i}">${group.name}</p><ul aria-labelledby="nav-group-${i}">${group.items.map(
          (item) => navLink(item, current(item.href), input.counts?.get(item.href) ?? 0),
        )}</ul></div>`,
      )}</nav>`
    : ''
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
  return labelTableCells(page);
}
