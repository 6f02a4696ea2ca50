// Form building blocks for console pages: every field labelled, every action a named button, CSRF token in every POST form.
import { html } from '../../platform/html/index.ts';
import type { Markup } from '../../platform/html/index.ts';
import { formatTime } from '../../platform/format/index.ts';

export const CSRF_FIELD = '_csrf';

export function postForm(action: string, csrfToken: string, inner: Markup | Markup[], options: { className?: string; label?: string } = {}): Markup {
  return html`<form method="post" action="${action}"${options.className ? html` class="${options.className}"` : ''}${
    options.label ? html` aria-label="${options.label}"` : ''
  }><input type="hidden" name="${CSRF_FIELD}" value="${csrfToken}">${inner}</form>`;
}

export interface FieldOptions {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password' | 'date' | 'search';
  value?: string;
  autocomplete?: string;
  required?: boolean;
  hint?: string;
  error?: string | null;
  maxLength?: number;
  autofocus?: boolean;
}

export function field(options: FieldOptions): Markup {
  const id = `field-${options.name}`;
  const hintId = options.hint ? `${id}-hint` : null;
  const errorId = options.error ? `${id}-error` : null;
  const described = [hintId, errorId].filter(Boolean).join(' ');
  return html`<div class="field${options.error ? ' has-error' : ''}">
<label for="${id}">${options.label}</label>
${options.hint ? html`<small id="${hintId}">${options.hint}</small>` : ''}
${options.error ? html`<strong class="error" id="${errorId}">${options.error}</strong>` : ''}
<input id="${id}" name="${options.name}" type="${options.type ?? 'text'}"${options.value !== undefined ? html` value="${options.value}"` : ''}${
    options.autocomplete ? html` autocomplete="${options.autocomplete}"` : ''
  }${options.required ? html` required` : ''}${options.maxLength ? html` maxlength="${options.maxLength}"` : ''}${
    described ? html` aria-describedby="${described}"` : ''
  }${options.error ? html` aria-invalid="true"` : ''}${options.autofocus ? html` autofocus` : ''}>
</div>`;
}

export interface SelectOptions {
  label: string;
  name: string;
  options: { value: string; label: string; selected?: boolean }[];
  hint?: string;
  error?: string | null;
}

export function selectField(options: SelectOptions): Markup {
  const id = `field-${options.name}`;
  const described = [options.hint ? `${id}-hint` : null, options.error ? `${id}-error` : null].filter(Boolean).join(' ');
  return html`<div class="field${options.error ? ' has-error' : ''}">
<label for="${id}">${options.label}</label>
${options.hint ? html`<small id="${id}-hint">${options.hint}</small>` : ''}
${options.error ? html`<strong class="error" id="${id}-error">${options.error}</strong>` : ''}
<select id="${id}" name="${options.name}"${described ? html` aria-describedby="${described}"` : ''}${options.error ? html` aria-invalid="true"` : ''}>${options.options.map(
    (o) => html`<option value="${o.value}"${o.selected ? html` selected` : ''}>${o.label}</option>`,
  )}</select>
</div>`;
}

/** `ariaLabel` names what the button acts on ("Revoke key “x”") while the visible text stays short ("Revoke"). */
export function button(
  label: string,
  options: { kind?: 'primary' | 'danger' | 'plain'; name?: string; value?: string; disabled?: boolean; describedBy?: string; ariaLabel?: string } = {},
): Markup {
  return html`<button type="submit" class="button ${options.kind ?? 'primary'}"${options.ariaLabel ? html` aria-label="${options.ariaLabel}"` : ''}${options.name ? html` name="${options.name}"` : ''}${
    options.value !== undefined ? html` value="${options.value}"` : ''
  }${options.disabled ? html` disabled` : ''}${options.describedBy ? html` aria-describedby="${options.describedBy}"` : ''}>${label}</button>`;
}

/** Readable dates in UTC through the one time formatter (the server does not know the reader's zone; no script runs to ask). */
export function when(iso: string | null, empty = '—'): string {
  return formatTime(iso, { empty });
}
