// The signed-in person's account: details, change password, sign out everywhere.
import type { Request, Response } from 'express';
import { z } from 'zod';
import { AccountInputError } from '../../accounts/account-errors.ts';
import { changePassword } from '../../accounts/account-service.ts';
import { audit } from '../../accounts/audit.ts';
import { MIN_PASSWORD_LENGTH } from '../../accounts/passwords.ts';
import type { ConsoleKit, ConsolePlugin } from '../console-kit.ts';
import { button, field, postForm, when } from '../form-html.ts';
import { html } from '../../../platform/html/index.ts';
import { errorOf, formText, parseForm } from '../form-input.ts';
import type { FieldErrors } from '../form-input.ts';

/** Lengths are generous here; the password rules themselves are the use case's. */
const PASSWORD_FORM = z.object({ current: formText({ max: 1024 }), password: formText({ max: 1024 }), confirm: formText({ max: 1024 }) });

async function accountPage(kit: ConsoleKit, req: Request, res: Response, errors: FieldErrors | null = null) {
  const account = kit.account(res);
  const csrf = await kit.csrfToken(res);
  await kit.send(req, res, {
    title: 'Your account',
    status: errors ? 400 : 200,
    body: html`<dl class="facts">
<dt>E-mail</dt><dd>${account.email ?? '—'}</dd>
<dt>Name</dt><dd>${account.name}</dd>
<dt>Role</dt><dd>${account.role}</dd>
<dt>Account id</dt><dd><code>${account.id}</code></dd>
<dt>Created</dt><dd>${when(account.createdAt)}</dd>
<dt>Password changed</dt><dd>${when(account.passwordChangedAt)}</dd>
</dl>
<section aria-labelledby="password-heading" class="card narrow"><h2 id="password-heading">Change password</h2>
${postForm(
  '/console/password',
  csrf,
  html`<input type="hidden" name="username" value="${account.email ?? ''}" autocomplete="username">
${field({ label: 'Current password', name: 'current', type: 'password', autocomplete: 'current-password', required: true, error: errorOf(errors, 'current') })}
${field({ label: 'New password', name: 'password', type: 'password', autocomplete: 'new-password', required: true, hint: `At least ${MIN_PASSWORD_LENGTH} characters.`, error: errorOf(errors, 'password') })}
${field({ label: 'New password again', name: 'confirm', type: 'password', autocomplete: 'new-password', required: true, error: errorOf(errors, 'confirm') })}
${button('Change password')}`,
)}</section>
<section aria-labelledby="everywhere-heading"><h2 id="everywhere-heading">Sessions</h2>
<p>Signing out everywhere ends every console session of this account, on every device (your API keys keep working).</p>
${postForm('/console/sign-out-everywhere', csrf, button('Sign out everywhere', { kind: 'danger' }))}</section>`,
  });
}

export const accountPages: ConsolePlugin = (router, kit) => {
  kit.nav.push({ href: '/console/account', label: 'Account' });
  router.get('/account', kit.requireAccount, (req, res) => accountPage(kit, req, res));

  router.post('/password', kit.requireAccount, async (req, res) => {
    const form = parseForm(PASSWORD_FORM, req);
    if (!form.ok) return accountPage(kit, req, res, form.errors);
    const { current, password, confirm } = form.data;
    const account = kit.account(res);
    if (password !== confirm) return accountPage(kit, req, res, { password: 'The two new passwords are not the same.' });
    try {
      await changePassword(kit.deps.stores.accounts, account.id, current, password, kit.actor(req, res));
    } catch (error) {
      if (error instanceof AccountInputError) return accountPage(kit, req, res, { password: error.message });
      throw error;
    }
    // A new password ends every session, this one included: whoever knew the old one is out.
    await kit.deps.stores.accounts.deleteSessionsOf(account.id);
    await kit.sessions.end(res, kit.session(res));
    res.redirect(303, '/console/sign-in?notice=password-changed');
  });

  router.post('/sign-out-everywhere', kit.requireAccount, async (req, res) => {
    const account = kit.account(res);
    await kit.deps.stores.accounts.deleteSessionsOf(account.id);
    await audit(kit.deps.stores.accounts, account.id, 'signed-out-everywhere', kit.actor(req, res));
    await kit.sessions.end(res, kit.session(res));
    res.redirect(303, '/console/sign-in?notice=signed-out-everywhere');
  });
};
