// The console harness with accounts of either role signed in through the real pages, and multipart uploads as a browser sends them.
import { PASSWORD, startConsoleHarness, type Backend, type ConsoleHarness } from '../../support/console-harness.ts';
import { createConsoleClient, type ConsoleClient, type PageResponse } from '../../../support/console-client.ts';

export interface OpsHarness extends ConsoleHarness {
  signedInAs(email: string, role: 'developer' | 'operator'): Promise<{ client: ConsoleClient; accountId: string }>;
}

/** `env` adds server variables (e.g. LODGING_LABELS_DIR, so a test never writes the committed label tables). */
export async function startOpsHarness(backend: Backend = 'sqlite', options: { env?: NodeJS.ProcessEnv } = {}): Promise<OpsHarness> {
  const harness = await startConsoleHarness(backend, options);
  return {
    ...harness,
    async signedInAs(email, role) {
      const { path, token, accountId } = await harness.invite(email, role);
      const client = createConsoleClient(harness.api.url);
      await client.get(path);
      const set = await client.post('/console/invitation', { token, password: PASSWORD, confirm: PASSWORD });
      if (set.status !== 303) throw new Error(`setting the password answered ${set.status}`);
      await client.get('/console/sign-in');
      const signed = await client.post('/console/sign-in', { email, password: PASSWORD });
      if (signed.status !== 303) throw new Error(`sign-in answered ${signed.status}`);
      return { client, accountId };
    },
  };
}

/** POSTs a multipart form (CSRF token first, as the upload form puts it), with the client's session cookie. */
export async function postUpload(
  baseUrl: string,
  client: ConsoleClient,
  path: string,
  fields: Record<string, string>,
  file: { name: string; content: string | Uint8Array<ArrayBuffer> } | null,
): Promise<PageResponse> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append('export', new Blob([file.content]), file.name);
  const headers = new Headers();
  const cookie = client.cookie();
  if (cookie) headers.set('cookie', `lodging_console=${cookie}`);
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', body, headers, redirect: 'manual' });
  return { status: res.status, text: await res.text(), headers: res.headers, location: res.headers.get('location') };
}
