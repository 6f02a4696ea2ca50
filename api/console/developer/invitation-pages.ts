// The invitation link: the invited person chooses a password (12+ characters, not a common one); the link then stops working.
import type { Request, Response } from 'express';
import { z } from 'zod';
import { AccountInputError } from '../../accounts/account-errors.ts';
import { acceptInvitation, invitationAccount } from '../../accounts/account-service.ts';
import { MIN_PASSWORD_LENGTH } from '../../accounts/passwords.ts';
import type { ConsoleKit, ConsolePlugin } from '../console-kit.ts';
import { clientAddress } from '../console-kit.ts';
import { button, field, postForm } from '../form-html.ts';
import { html } from '../../../platform/html/index.ts';
import { errorOf, formText, parseForm, parseQuery } from '../form-input.ts';
import type { FieldErrors } from '../form-input.ts';

const TOKEN = /^lds_inv_[A-Za-z0-9_-]{43}$/;
/** A token that is not one reads as empty: the page then says the link does not work. */
const token = z.string().regex(TOKEN).catch('');
const LINK_QUERY = z.object({ token });
const PASSWORD_FORM = z.object({ password: formText({ max: 1024 }), confirm: formText({ max: 1024 }) });

async function invalidLink(kit: ConsoleKit, req: Request, res: Response) {
  await kit.send(req, res, {
    title: 'This invitation link does not work',
    status: 404,
    body: html`<p>The link is wrong, was already used, or is more than 24 hours old. Ask whoever invited you for a new one.</p>
<p><a href="/console/sign-in">Sign in</a> if you have already set your password.</p>`,
  });
}

async function passwordForm(kit: ConsoleKit, req: Request, res: Response, token: string, email: string, errors: FieldErrors | null) {
  const csrf = await kit.csrfToken(res);
  await kit.send(req, res, {
    title: 'Choose your password',
    status: errors ? 400 : 200,
    body: html`<p class="lead">Welcome. Choose the password for <strong>${email}</strong>.</p>
${postForm(
  '/console/invitation',
  csrf,
  html`<input type="hidden" name="token" value="${token}">
<input type="hidden" name="username" value="${email}" autocomplete="username">
${field({
  label: 'New password',
  name: 'password',
  type: 'password',
  autocomplete: 'new-password',
  required: true,
  hint: `At least ${MIN_PASSWORD_LENGTH} characters; a passphrase of a few words is good.`,
  error: errorOf(errors, 'password'),
  autofocus: true,
})}
${field({ label: 'New password again', name: 'confirm', type: 'password', autocomplete: 'new-password', required: true, error: errorOf(errors, 'confirm') })}
${button('Set password')}`,
  { className: 'card narrow' },
)}`,
  });
}

export const invitationPages: ConsolePlugin = (router, kit) => {
  router.get('/invitation', async (req, res) => {
    res.setHeader('Referrer-Policy', 'no-referrer');
    const query = parseQuery(LINK_QUERY, req);
    const token = query.ok ? query.data.token : '';
    const account = token !== '' ? await invitationAccount(kit.deps.stores.accounts, token) : null;
    if (!account?.email) return invalidLink(kit, req, res);
    await passwordForm(kit, req, res, token, account.email, null);
  });

  router.post('/invitation', async (req, res) => {
    const link = parseForm(LINK_QUERY, req);
    const token = link.ok ? link.data.token : '';
    const account = token !== '' ? await invitationAccount(kit.deps.stores.accounts, token) : null;
    if (!account?.email) return invalidLink(kit, req, res);
    const form = parseForm(PASSWORD_FORM, req);
    if (!form.ok) return passwordForm(kit, req, res, token, account.email, form.errors);
    const { password } = form.data;
    if (password !== form.data.confirm) {
      return passwordForm(kit, req, res, token, account.email, { password: 'The two passwords are not the same.' });
    }
    try {
      const done = await acceptInvitation(kit.deps.stores.accounts, token, password, { address: clientAddress(req) });
      if (!done) return invalidLink(kit, req, res);
    } catch (error) {
      if (error instanceof AccountInputError) return passwordForm(kit, req, res, token, account.email, { password: error.message });
      throw error;
    }
    // The e-mail comes along so the sign-in page asks only for the password just chosen.
    res.redirect(303, `/console/sign-in?${new URLSearchParams({ notice: 'password-set', email: account.email }).toString()}`);
  });
};
