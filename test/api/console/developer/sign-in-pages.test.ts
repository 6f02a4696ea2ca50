// The sign-in form over HTTP when the hashing queue is full: 429 with Retry-After at once, saying so, and the attempt not counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASHING_LIMITS, passwordHashing } from '../../../../api/accounts/hashing-queue.ts';
import { createConsoleClient } from '../../support/console-client.ts';
import { PASSWORD, startConsoleHarness } from '../support/console-harness.ts';
import type { ConsoleHarness } from '../support/console-harness.ts';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness('sqlite');
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('sign-in with the hashing queue full', () => {
  it('answers 429 with Retry-After at once, then signs in once the queue has room', async () => {
    const address = `queue-${process.pid}@example.com`;
    await h.signedIn(address); // the account, with its password set
    // The process's queue, full: every slot running and every place waiting taken by checks that finish when told.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const blockers = Array.from({ length: HASHING_LIMITS.running + HASHING_LIMITS.waiting }, () => passwordHashing.run('other', () => held));
    const client = createConsoleClient(h.api.url);
    await client.get('/console/sign-in');
    try {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const refused = await client.post('/console/sign-in', { email: address, password: PASSWORD });
        expect(refused.status).toBe(429);
        expect(refused.headers.get('retry-after')).toBe(String(HASHING_LIMITS.retryAfterS));
        expect(refused.text).toContain('Too many sign-ins are being checked right now');
      }
    } finally {
      release();
      await Promise.all(blockers);
    }
    // Six refusals, more than the 5 attempts an address has at one account: none of them counted.
    const signedIn = await client.post('/console/sign-in', { email: address, password: PASSWORD });
    expect(signedIn.status).toBe(303);
  }, 60_000);
});
