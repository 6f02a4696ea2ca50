// A new key's secret, shown once after a redirect (POST → 303 → GET): sealed in the session between the two, never in a URL.
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { ConsoleKit } from '../console-kit.ts';
import { when } from '../form-html.ts';
import { openSealedValue, sealValue } from '../sealed-value.ts';
import { html } from '../../../platform/html/index.ts';
import type { Markup } from '../../../platform/html/index.ts';

export const SECRET_PATH = '/console/keys/secret';

const SHOWN = z.object({
  keyId: z.string(),
  name: z.string(),
  secret: z.string(),
  expiresAt: z.string().nullable(),
  /** Set for a roll: the old key as shown (prefix and last four) and when it stops (null: it stopped at once). */
  rolled: z.object({ oldPrefix: z.string(), oldUntil: z.string().nullable() }).nullable(),
});
export type ShownSecret = z.infer<typeof SHOWN>;

/** Keeps the secret for the next GET of SECRET_PATH and redirects there. */
export async function redirectToSecret(kit: ConsoleKit, req: Request, res: Response, shown: ShownSecret): Promise<void> {
  const session = kit.session(res)!;
  const key = kit.sessions.sealingKey(req);
  if (!key) throw new Error('a signed-in request without its session cookie');
  session.record.pendingSecret = sealValue(key, JSON.stringify(shown));
  await kit.sessions.save(session.record);
  res.redirect(303, SECRET_PATH);
}

/** The waiting secret, removed from the session as it is read: a reload finds nothing. */
async function takeSecret(kit: ConsoleKit, req: Request, res: Response): Promise<ShownSecret | null> {
  const session = kit.session(res)!;
  const sealed = session.record.pendingSecret;
  if (!sealed) return null;
  session.record.pendingSecret = null;
  await kit.sessions.save(session.record);
  const key = kit.sessions.sealingKey(req);
  const opened = key ? openSealedValue(key, sealed) : null;
  const parsed = opened === null ? null : SHOWN.safeParse(JSON.parse(opened));
  return parsed?.success ? parsed.data : null;
}

function intro(shown: ShownSecret): Markup {
  if (!shown.rolled) {
    return html`<p class="lead">Key “${shown.name}” is created${shown.expiresAt ? html` and expires ${when(shown.expiresAt)}` : ''}.</p>`;
  }
  return html`<p class="lead">Key “${shown.name}” is rolled. The old secret (<code>${shown.rolled.oldPrefix}</code>) ${
    shown.rolled.oldUntil === null ? 'stopped working now' : html`keeps working until ${when(shown.rolled.oldUntil)}`
  }.</p>`;
}

export async function showSecretPage(kit: ConsoleKit, req: Request, res: Response): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  const shown = await takeSecret(kit, req, res);
  if (!shown) {
    await kit.send(req, res, {
      // 200, not 410: a reload or the back button is an ordinary step, and the page says what happened.
      title: 'The secret was shown already',
      notices: [{ kind: 'info', text: 'A secret is shown only once, on the page right after the key is made; this page was opened again (a reload or the back button).' }],
      body: html`<p>The service keeps only a hash of each secret, so it cannot show it again. If you did not copy it, roll the key (a new secret, same name) or revoke it.</p>
<p><a class="button" href="/console/keys">Back to my keys</a></p>`,
    });
    return;
  }
  const example = `curl -H 'X-API-Key: ${shown.secret}' '${kit.deps.publicUrl}/api/v1/places?country=es&limit=3'`;
  await kit.send(req, res, {
    title: 'Copy your new key',
    notices: [
      {
        kind: 'warning',
        text: html`<strong>Copy the secret now.</strong> It is shown only this once: the service keeps only a hash of it and cannot show it again. If you lose it, roll or revoke the key.`,
      },
    ],
    body: html`${intro(shown)}
<div class="secret-box card">
<label for="secret">Secret of “${shown.name}”</label>
<div class="copy-row"><input id="secret" class="secret" type="text" readonly value="${shown.secret}" spellcheck="false" autocomplete="off">
<button type="button" class="button" data-copy="secret" hidden>Copy</button></div>
<p class="copied" data-copied-for="secret" role="status" hidden>Copied to the clipboard.</p>
</div>
<h2>Try it</h2>
<label for="curl-example">A request with this key</label>
<textarea id="curl-example" class="code" readonly rows="4" spellcheck="false">${example}</textarea>
<p>The API answers JSON; <a href="/docs">the API documentation</a> lists every parameter.</p>
<p><a class="button" href="/console/keys">I have copied it: back to my keys</a></p>`,
  });
}
