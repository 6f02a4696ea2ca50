// The html`` tag: every interpolated value is escaped unless it is markup made by this tag or marked raw().
import { escapeHtml } from './escape.ts';

/** Markup that is already safe to place in a page: made by html`` or raw(), never by joining strings. */
export class Markup {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** A trusted fragment as is: only for text this code built itself (a style sheet, JSON made safe for a script). */
export function raw(text: string): Markup {
  return new Markup(text);
}

function render(value: unknown): string {
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  // A page that would show "[object Promise]": the caller forgot an await.
  if (value instanceof Promise) throw new TypeError('html``: a Promise was interpolated; await it first');
  return escapeHtml(String(value));
}

/** html`<p>${name}</p>`: name is escaped; nested html`` values and arrays of them are kept; null, undefined and false are nothing. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Markup(out);
}

/** Parts joined by a separator, each escaped as html`` would (a string separator is text, html`<br>` is markup). */
export function joinHtml(parts: readonly unknown[], separator: unknown = ''): Markup {
  const glue = render(separator);
  return new Markup(parts.map(render).join(glue));
}
