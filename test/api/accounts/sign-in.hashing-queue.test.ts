// Sign-in through the bounded hashing queue on a real SQLite account store: 429 at once when full, the owner's known browser checked ahead of queued attack checks.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountStore } from '../../../api/accounts/account-store.ts';
import { HashingQueue, type HashingPriority } from '../../../api/accounts/hashing-queue.ts';
import { knownBrowserToken } from '../../../api/accounts/known-browser.ts';
import { hashPassword } from '../../../api/accounts/passwords.ts';
import { signIn } from '../../../api/accounts/sign-in.ts';
import { openSqliteAccountStore } from '../../../api/accounts/sqlite-account-store.ts';

const PASSWORD = 'correct horse battery staple 42';
const EMAIL = 'owner@example.org';
const logger = pino({ level: 'silent' });
const browserKey = randomBytes(32);

let dir: string;
let accounts: AccountStore;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lodging-sign-in-queue-'));
  accounts = openSqliteAccountStore(path.join(dir, 'keys.sqlite'));
  await accounts.createAccount({
    id: 'acct_owner',
    email: EMAIL,
    name: 'Owner',
    role: 'developer',
    status: 'active',
    createdAt: new Date().toISOString(),
    passwordHash: await hashPassword(PASSWORD),
    passwordChangedAt: new Date().toISOString(),
  });
}, 30_000);

afterAll(async () => {
  await accounts?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Waits (by turns of the event loop, not by time) until the queue holds `waiting` checks. */
async function untilWaiting(queue: HashingQueue, waiting: number): Promise<void> {
  for (let turn = 0; queue.load.waiting !== waiting; turn += 1) {
    if (turn > 100_000) throw new Error(`the queue never held ${waiting} checks (it holds ${queue.load.waiting})`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('sign-in in the hashing queue', () => {
  it('starvation: with attack checks filling the queue, a new one gets 429 at once and the known browser is checked first', async () => {
    const started: HashingPriority[] = [];
    const queue = new HashingQueue({ running: 1, waiting: 2, retryAfterS: 2 }, (priority) => started.push(priority));
    let release!: () => void;
    const blocker = queue.run('other', () => new Promise<void>((resolve) => (release = resolve)));
    const attack = (n: number) => signIn(accounts, { email: EMAIL, password: `wrong guess ${n}`, address: `198.51.100.${n}`, browserKey, hashing: queue }, logger);

    const queued = [attack(1), attack(2)];
    await untilWaiting(queue, 2);
    // Full: the next attack check is answered at once, without waiting for a slot.
    expect(await attack(3)).toEqual({ ok: false, reason: 'busy', retryAfterS: 2 });

    const owner = signIn(accounts, { email: EMAIL, password: PASSWORD, address: '203.0.113.9', browserKey, browserToken: knownBrowserToken(browserKey, EMAIL), hashing: queue }, logger);
    // The owner's check took the place of the newest attack check, which is refused as busy.
    expect(await queued[1]).toEqual({ ok: false, reason: 'busy', retryAfterS: 2 });
    await untilWaiting(queue, 2);

    release();
    await blocker;
    const signedIn = await owner;
    expect(signedIn.ok).toBe(true);
    expect(await queued[0]).toEqual({ ok: false, reason: 'invalid' });
    // After the check that held the slot: the known browser first, then the attack check queued before it.
    expect(started).toEqual(['other', 'known-browser', 'other']);
  }, 60_000);

  it('a check refused as busy is given back: it counts against no limit', async () => {
    const queue = new HashingQueue({ running: 1, waiting: 0, retryAfterS: 1 });
    let release!: () => void;
    const blocker = queue.run('other', () => new Promise<void>((resolve) => (release = resolve)));
    // Many more refusals from one address than its 5 attempts at one account…
    for (let n = 0; n < 8; n += 1) {
      expect(await signIn(accounts, { email: EMAIL, password: `guess ${n}`, address: '192.0.2.77', hashing: queue }, logger)).toMatchObject({ reason: 'busy' });
    }
    release();
    await blocker;
    // …and the right password from that address is still checked.
    expect((await signIn(accounts, { email: EMAIL, password: PASSWORD, address: '192.0.2.77', hashing: queue }, logger)).ok).toBe(true);
  }, 60_000);
});
