// Starts the real server (SQLite or real Redis under a unique prefix) with its logs captured, and signs people in through the real pages.
import { Writable } from 'node:stream';
import { afterAll, beforeAll } from 'vitest';
import { createAccount } from '../../../../api/accounts/account-service.ts';
import { CLI_ACTOR } from '../../../../api/accounts/audit.ts';
import { createLogger } from '../../../../api/http/request-logger.ts';
import { TEST_REDIS_URL, deletePrefix, uniquePrefix } from '../../../support/redis.ts';
import { startTestApi } from '../../support/test-api.ts';
import type { TestApi } from '../../support/test-api.ts';
import { createConsoleClient } from '../../support/console-client.ts';
import type { ConsoleClient } from '../../support/console-client.ts';

export const PASSWORD = 'correct horse battery stable';

export interface ConsoleHarness {
  api: TestApi;
  /** Every log line the server wrote. */
  logs: string[];
  /** The Redis key prefix of this server (on the Redis backend). */
  redisPrefix: string;
  /** A new developer account, its invitation accepted and signed in. */
  signedIn(email: string): Promise<{ client: ConsoleClient; accountId: string }>;
  /** A new account of that role, its invitation accepted and signed in through the real pages. */
  signedInAs(email: string, role: 'developer' | 'operator'): Promise<{ client: ConsoleClient; accountId: string }>;
  invite(email: string, role?: 'developer' | 'operator'): Promise<{ path: string; token: string; accountId: string }>;
  close(): Promise<void>;
}

export type Backend = 'sqlite' | 'redis';

export async function startConsoleHarness(backend: Backend, options: { env?: NodeJS.ProcessEnv } = {}): Promise<ConsoleHarness> {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const prefix = `${uniquePrefix('console')}:`;
  const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'info', ...options.env, ...(backend === 'redis' ? { REDIS_URL: TEST_REDIS_URL, LODGING_REDIS_PREFIX: prefix } : {}) };
  const api = await startTestApi({ exports: {}, env, logger: createLogger('info', sink), start: { usageFlushIntervalMs: 50 } });

  const invite = async (email: string, role: 'developer' | 'operator' = 'developer') => {
    const { inviteUrl, account } = await createAccount(api.server.stores.accounts, { email, role }, api.publicUrl, CLI_ACTOR);
    const path = inviteUrl.slice(api.publicUrl.length);
    return { path, token: new URL(inviteUrl).searchParams.get('token')!, accountId: account.id };
  };
  const signedInAs = async (email: string, role: 'developer' | 'operator') => {
    const { path, token, accountId } = await invite(email, role);
    const client = createConsoleClient(api.url);
    await client.get(path);
    const set = await client.post('/console/invitation', { token, password: PASSWORD, confirm: PASSWORD });
    if (set.status !== 303) throw new Error(`setting the password answered ${set.status}`);
    await client.get('/console/sign-in');
    const signed = await client.post('/console/sign-in', { email, password: PASSWORD });
    if (signed.status !== 303) throw new Error(`sign-in answered ${signed.status}`);
    return { client, accountId };
  };
  return {
    api,
    logs,
    redisPrefix: prefix,
    invite,
    signedIn: (email) => signedInAs(email, 'developer'),
    signedInAs,
    async close() {
      await api.close();
      if (backend === 'redis') await deletePrefix(TEST_REDIS_URL, prefix);
    },
  };
}

/** A suite's harness: started before all its tests (handed to `ready`), closed after them. */
export function setUpConsoleHarness(backend: Backend, ready: (harness: ConsoleHarness) => void): void {
  let harness: ConsoleHarness | undefined;
  beforeAll(async () => {
    harness = await startConsoleHarness(backend);
    ready(harness);
  }, 60_000);
  afterAll(() => harness?.close());
}
