// Console form bodies and query strings parsed by zod schemas: the data, or one message per field to show beside it.
import type { Request } from 'express';
import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.ts';

/** Field name → what is wrong with it, worded for the page (never echoing the value). Names are the schema's own. */
export type FieldErrors = Readonly<Record<string, string>>;

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** A text field: absent reads as empty; a repeated field (an array) is refused; at most `max` characters. */
export function formText(options: { max?: number; required?: string } = {}) {
  const max = options.max ?? 1000;
  let text = z.string({ error: 'was sent more than once or not as text' }).max(max, { error: `must be at most ${max} characters` });
  if (options.required) text = text.min(1, { error: options.required });
  return z.preprocess((value) => (value === undefined ? '' : value), text);
}

/** One of a fixed set of values; anything else (`toString`, `__proto__`, `constructor` included) is the message. */
export function formChoice<const T extends readonly string[]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** A checkbox: present (any value) is true, absent false. */
export const formFlag = z.preprocess((value) => value !== undefined && value !== '', z.boolean());

/** A plain object of the request's own fields (body-parser's objects have no prototype; copied to be sure). */
function ownFields(source: unknown): Record<string, unknown> {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return {};
  return Object.fromEntries(Object.entries(source));
}

function fieldErrors(error: z.ZodError): FieldErrors {
  const errors = new Map<string, string>();
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    if (!errors.has(field)) errors.set(field, issue.message);
  }
  return Object.fromEntries(errors);
}

export function parseFields<S extends z.ZodType>(schema: S, fields: unknown): FormResult<z.output<S>> {
  const parsed = schema.safeParse(ownFields(fields));
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}

/** The posted form (application/x-www-form-urlencoded) through the schema. Unknown fields are ignored (the CSRF token is one). */
export function parseForm<S extends z.ZodType>(schema: S, req: Request): FormResult<z.output<S>> {
  return parseFields(schema, req.body);
}

/** The query string through the schema; a repeated parameter arrives as an array, so a text rule refuses it. */
export function parseQuery<S extends z.ZodType>(schema: S, req: Request): FormResult<z.output<S>> {
  const fields = new Map<string, string | string[]>();
  for (const [name, value] of new URLSearchParams(req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '')) {
    const seen = fields.get(name);
    fields.set(name, seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value]);
  }
  return parseFields(schema, Object.fromEntries(fields));
}

/** The first error of a failed parse, for a page that shows one message (a select has no room beside it). */
export function firstError(errors: FieldErrors): string {
  return Object.values(errors)[0] ?? 'The form could not be read.';
}

/** A field's error, looked up safely (the name is ours, but the record came from a parse). */
export function errorOf(errors: FieldErrors | null | undefined, field: string): string | null {
  return errors && Object.hasOwn(errors, field) ? errors[field]! : null;
}

/** A form with no visible field to put the message beside (hidden inputs, buttons): the console's error page shows it, 400. */
export class FormInputError extends AppError {
  constructor(readonly errors: FieldErrors) {
    const text = Object.entries(errors).map(([field, message]) => `${field}: ${message}`).join('; ');
    super(`the form could not be accepted (${text})`, { code: 'invalid-form', status: 400, publicMessage: `The form could not be accepted: ${text}. Nothing was changed.` });
    this.name = 'FormInputError';
  }
}

/** parseForm for forms of hidden fields: the data, or a FormInputError thrown to the console's error page. */
export function requireForm<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const form = parseForm(schema, req);
  if (!form.ok) throw new FormInputError(form.errors);
  return form.data;
}
