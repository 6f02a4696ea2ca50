// The console's HTML template tag: every interpolated value is escaped unless it is already markup made by this tag.
import { escapeHtml } from '../pages/html.ts';

export class Markup {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** Trusted markup as is (only for strings this code built, e.g. an SVG chart). */
export function trusted(text: string): Markup {
  return new Markup(text);
}

function render(value: unknown): string {
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** html`<p>${name}</p>`: name is escaped; nested html`` values and arrays of them are kept. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Markup(out);
}
