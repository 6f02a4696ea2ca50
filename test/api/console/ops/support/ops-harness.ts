// The console harness for operator pages: a suite's set-up with an operator (and a developer) signed in through the real pages, and multipart uploads as a browser sends them.
import { afterAll, beforeAll } from 'vitest';
import { startConsoleHarness, type Backend, type ConsoleHarness } from '../../support/console-harness.ts';
import type { ConsoleClient, PageResponse } from '../../../support/console-client.ts';

export type OpsHarness = ConsoleHarness;

/** `env` adds server variables (e.g. LODGING_LABELS_DIR, so a test never writes the committed label tables). */
export async function startOpsHarness(backend: Backend = 'sqlite', options: { env?: NodeJS.ProcessEnv } = {}): Promise<OpsHarness> {
  return startConsoleHarness(backend, options);
}

/** What a suite's set-up gives its tests: the harness and the accounts signed in (the developer's only when one was named). */
export interface SignedInOps {
  harness: OpsHarness;
  operator: ConsoleClient;
  operatorId: string;
  developer: ConsoleClient;
  developerId: string;
}

export interface OpsSuiteOptions {
  /** The operator's e-mail. */
  operator: string;
  /** A developer's e-mail, signed in too when given. */
  developer?: string;
  backend?: Backend;
  /** Server variables, read when the suite starts (so they may name a folder an earlier hook made). */
  env?: () => NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/**
 * The set-up most operator-console suites share: before all tests, a harness with the accounts signed in, handed to
 * `ready`; after all, the harness closed. A suite's own hooks registered after this one run after it.
 */
export function setUpSignedInOps(options: OpsSuiteOptions, ready: (suite: SignedInOps) => void): void {
  let harness: OpsHarness | undefined;
  beforeAll(async () => {
    harness = await startOpsHarness(options.backend ?? 'sqlite', options.env ? { env: options.env() } : {});
    const operator = await harness.signedInAs(options.operator, 'operator');
    const developer = options.developer ? await harness.signedInAs(options.developer, 'developer') : null;
    ready({
      harness,
      operator: operator.client,
      operatorId: operator.accountId,
      developer: developer?.client as ConsoleClient,
      developerId: developer?.accountId as string,
    });
  }, options.timeoutMs ?? 60_000);
  afterAll(() => harness?.close());
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
