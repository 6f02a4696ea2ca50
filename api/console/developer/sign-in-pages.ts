// Sign in and sign out: one answer for an unknown e-mail and a wrong password; 429 with Retry-After while locked out.
import type { Request, Response } from 'express';
import { z } from 'zod';
import { signIn } from '../../accounts/sign-in.ts';
import { audit } from '../../accounts/audit.ts';
import type { ConsoleKit, ConsolePlugin } from '../console-kit.ts';
import { clientAddress, landingPath, setConsoleSession } from '../console-kit.ts';
import { button, field, postForm } from '../form-html.ts';
import { html } from '../../../platform/html/index.ts';
import type { Notice } from '../console-layout.ts';
import { formText, parseForm, parseQuery } from '../form-input.ts';
import { readKnownBrowserCookie, setKnownBrowserCookie } from '../known-browser-cookie.ts';

const NOTICES: ReadonlyMap<string, Notice> = new Map([
  ['password-set', { kind: 'success', text: 'Your password is set. Sign in with it.' }],
  ['signed-out', { kind: 'info', text: 'You are signed out.' }],
  ['signed-out-everywhere', { kind: 'info', text: 'You are signed out on every device.' }],
  ['password-changed', { kind: 'success', text: 'Password changed. Sign in again with the new one.' }],
]);

/** A malformed query (a repeated parameter) shows the plain page: nothing in it is needed. */
const PAGE_QUERY = z.object({
  notice: z.string().optional().catch(undefined),
  next: z.string().optional().catch(undefined),
  /** Filled in after setting a password (the invitation page sends it along); anything but an address is ignored. */
  email: z.string().max(254).regex(/^[^\s@<>"]+@[^\s@<>"]+$/).optional().catch(undefined),
});
/** An over-long e-mail is cut (as before), not refused: the answer must not tell an existing e-mail from another. */
const SIGN_IN_FORM = z.object({ email: formText({ max: 100_000 }), password: formText({ max: 1024 }), next: formText({ max: 2000 }) });

/** Only a console path may follow sign-in (never another site); null: the account's own landing page (landingPath). */
function safeNext(value: string | null | undefined): string | null {
  return value && /^\/console(?:\/[A-Za-z0-9_/-]*)?$/.test(value) ? value : null;
}

async function signInPage(kit: ConsoleKit, req: Request, res: Response, options: { email?: string; notices?: Notice[]; status?: number; next?: string | null }) {
  const token = await kit.csrfToken(res);
  await kit.send(req, res, {
    title: 'Sign in',
    status: options.status ?? 200,
    notices: options.notices ?? [],
    body: html`<p class="lead">Sign in to manage your API keys, or, with an operator account, to import, review and publish country data.</p>
${postForm(
  '/console/sign-in',
  token,
  html`${options.next ? html`<input type="hidden" name="next" value="${options.next}">` : ''}
${field({ label: 'E-mail', name: 'email', type: 'email', autocomplete: 'username', required: true, value: options.email ?? '', autofocus: !options.email })}
${field({ label: 'Password', name: 'password', type: 'password', autocomplete: 'current-password', required: true, autofocus: Boolean(options.email) })}
${button('Sign in')}`,
  { className: 'card narrow' },
)}
<p class="aside">No account? Accounts are made by invitation: ask the team that runs this service.</p>`,
  });
}

export const signInPages: ConsolePlugin = (router, kit) => {
  router.get('/sign-in', async (req, res) => {
    const account = kit.session(res)?.account;
    if (account) return res.redirect(303, landingPath(account.role));
    const query = parseQuery(PAGE_QUERY, req);
    const notice = query.ok && query.data.notice !== undefined ? NOTICES.get(query.data.notice) : undefined;
    const email = query.ok ? query.data.email : undefined;
    await signInPage(kit, req, res, { notices: notice ? [notice] : [], next: safeNext(query.ok ? query.data.next : null), ...(email ? { email } : {}) });
  });

  router.post('/sign-in', async (req, res) => {
    const form = parseForm(SIGN_IN_FORM, req);
    if (!form.ok) return signInPage(kit, req, res, { status: 400, notices: [{ kind: 'error', text: 'The sign-in form could not be read. Fill it in again.' }] });
    const body = form.data;
    const email = body.email.slice(0, 254);
    const secure = kit.deps.publicUrl.startsWith('https:');
    const browser = { browserKey: kit.deps.browserKey ?? null, browserToken: readKnownBrowserCookie(req, secure) };
    const result = await signIn(kit.deps.stores.accounts, { email, password: body.password, address: clientAddress(req), ...browser }, kit.deps.logger);
    if (result.ok) {
      if (result.knownBrowser) setKnownBrowserCookie(res, secure, result.knownBrowser);
      setConsoleSession(res, await kit.sessions.signIn(res, kit.session(res), result.account));
      return res.redirect(303, safeNext(body.next) ?? landingPath(result.account.role));
    }
    if (result.reason === 'busy') {
      res.setHeader('Retry-After', String(result.retryAfterS));
      return signInPage(kit, req, res, {
        email,
        status: 429,
        notices: [{ kind: 'error', text: 'Too many sign-ins are being checked right now. Try again in a moment.' }],
      });
    }
    if (result.reason === 'locked') {
      res.setHeader('Retry-After', String(result.retryAfterS));
      const minutes = Math.ceil(result.retryAfterS / 60);
      return signInPage(kit, req, res, {
        email,
        status: 429,
        notices: [{ kind: 'error', text: `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` }],
      });
    }
    await signInPage(kit, req, res, { email, status: 401, notices: [{ kind: 'error', text: 'The e-mail or the password is not right.' }] });
  });

  router.post('/sign-out', async (req, res) => {
    const session = kit.session(res);
    if (session?.account) await audit(kit.deps.stores.accounts, session.account.id, 'signed-out', kit.actor(req, res));
    await kit.sessions.end(res, session);
    res.redirect(303, '/console/sign-in?notice=signed-out');
  });
};
