// The confirmation page of a destructive operator action: a GET page that names the consequence, with the one POST button and Cancel.
import type { Request, Response } from 'express';
import type { ConsoleKit } from '../console-kit.ts';
import { button, postForm } from '../form-html.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';
import { sendOps } from './ops-kit.ts';

export interface Confirmation {
  /** A question naming the action and its object: "Disable dev@example.com?". */
  title: string;
  /** What happens, for whom, and whether it can be undone. */
  consequence: Markup;
  /** The POST route that does it (the same route the list used to post to). */
  action: string;
  /** Hidden fields the action reads (e.g. the new status). */
  fields?: Record<string, string>;
  /** The button's label: the verb alone, as on the developer side's revoke page. */
  button: string;
  /** Where Cancel goes back to. */
  cancel: string;
}

/** The developer side's revoke page, for every destructive operator action: lists link here and never post directly. */
export async function confirmationPage(kit: ConsoleKit, req: Request, res: Response, c: Confirmation): Promise<void> {
  const hidden = Object.entries(c.fields ?? {}).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);
  await sendOps(kit, req, res, {
    title: c.title,
    body: html`<div class="confirmation">${c.consequence}
${postForm(c.action, await kit.csrfToken(res), html`${hidden}${button(c.button, { kind: 'danger' })} <a class="button plain" href="${c.cancel}">Cancel</a>`)}</div>`,
  });
}
