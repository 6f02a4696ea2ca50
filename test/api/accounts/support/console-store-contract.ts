// One contract the console's stores pass on both backends: accounts, invitations, sessions, audit, throttles, usage, and key expiry, roll and disabling.
import { describe, expect, it } from 'vitest';
import { AccountExistsError } from '../../../../api/accounts/account-store.ts';
import type { Account, SessionRecord } from '../../../../api/accounts/account-store.ts';
import type { ConsoleStores } from '../../../../api/accounts/console-stores.ts';
import { migrateKeyAccounts } from '../../../../api/accounts/key-accounts-migration.ts';
import { createKey } from '../../../../api/keys/create-key.ts';
import { hashKeySecret } from '../../../../api/keys/key-secret.ts';
import { TooManyActiveKeysError } from '../../../../api/keys/key-store.ts';
import { HOUR_MS } from '../../../../api/usage/usage-store.ts';

let counter = 0;
const unique = (label: string) => `${label}-${process.pid}-${Date.now()}-${(counter += 1)}`;

function account(overrides: Partial<Account> = {}): Account {
  const id = unique('acct');
  return {
    id,
    email: `${id}@example.com`,
    name: 'Ada',
    role: 'developer',
    status: 'active',
    createdAt: new Date().toISOString(),
    passwordHash: null,
    passwordChangedAt: null,
    ...overrides,
  };
}

function session(accountId: string | null): SessionRecord {
  const now = Date.now();
  return { idHash: unique('session'), accountId, csrfToken: 'token', createdAt: now, lastSeenAt: now, formNonce: null };
}

export function runConsoleStoreContract(name: string, open: () => Promise<ConsoleStores>): void {
  describe(`${name} console store contract`, () => {
    it('creates accounts, finds them by id and e-mail, refuses a taken id or e-mail, and lists them', async () => {
      const { accounts } = await open();
      const ada = account();
      await accounts.createAccount(ada);
      expect(await accounts.findAccount(ada.id)).toEqual(ada);
      expect(await accounts.findAccountByEmail(ada.email!)).toEqual(ada);
      await expect(accounts.createAccount({ ...account(), email: ada.email })).rejects.toBeInstanceOf(AccountExistsError);
      await expect(accounts.createAccount({ ...ada, email: 'other@example.com' })).rejects.toBeInstanceOf(AccountExistsError);
      expect((await accounts.listAccounts()).map((a) => a.id)).toContain(ada.id);
      expect(await accounts.ensureAccount(ada)).toBe(false);
    });

    it('updates role, e-mail and password; a taken e-mail is refused', async () => {
      const { accounts } = await open();
      const ada = account();
      const bob = account();
      await accounts.createAccount(ada);
      await accounts.createAccount(bob);
      const updated = await accounts.updateAccount(ada.id, { role: 'operator', email: `new-${ada.email}`, passwordHash: 'h' });
      expect(updated).toMatchObject({ role: 'operator', email: `new-${ada.email}`, passwordHash: 'h' });
      expect(await accounts.findAccountByEmail(ada.email!)).toBeNull();
      expect((await accounts.findAccountByEmail(`new-${ada.email}`))?.id).toBe(ada.id);
      await expect(accounts.updateAccount(ada.id, { email: bob.email })).rejects.toBeInstanceOf(AccountExistsError);
      expect(await accounts.updateAccount('nobody', { role: 'operator' })).toBeNull();
    });

    it("disabling an account refuses its keys at the very next lookup; enabling restores them", async () => {
      const { accounts, keys } = await open();
      const ada = account();
      await accounts.createAccount(ada);
      const created = await createKey(keys, { accountId: ada.id, name: 'k' });
      const hash = hashKeySecret(created.secret);
      expect(await keys.findActiveByHash(hash)).not.toBeNull();
      await accounts.updateAccount(ada.id, { status: 'disabled' });
      expect(await keys.findActiveByHash(hash)).toBeNull();
      await accounts.updateAccount(ada.id, { status: 'active' });
      expect(await keys.findActiveByHash(hash)).not.toBeNull();
    });

    it('an invitation is found, used once, replaced by a newer one, and refused after expiry', async () => {
      const { accounts } = await open();
      const ada = account();
      await accounts.createAccount(ada);
      const now = Date.now();
      await accounts.putInvitation({ tokenHash: unique('t1'), accountId: ada.id, expiresAt: now + 60_000 });
      const second = { tokenHash: unique('t2'), accountId: ada.id, expiresAt: now + 60_000 };
      await accounts.putInvitation(second);
      expect(await accounts.peekInvitation(second.tokenHash, now)).toEqual(second);
      expect(await accounts.takeInvitation(second.tokenHash, now)).toEqual(second);
      expect(await accounts.takeInvitation(second.tokenHash, now)).toBeNull();
      const third = { tokenHash: unique('t3'), accountId: ada.id, expiresAt: now + 60_000 };
      await accounts.putInvitation(third);
      expect(await accounts.takeInvitation(third.tokenHash, now + 61_000)).toBeNull();
    });

    it('an older invitation stops working when a new one is issued', async () => {
      const { accounts } = await open();
      const ada = account();
      await accounts.createAccount(ada);
      const first = { tokenHash: unique('old'), accountId: ada.id, expiresAt: Date.now() + 60_000 };
      await accounts.putInvitation(first);
      await accounts.putInvitation({ tokenHash: unique('new'), accountId: ada.id, expiresAt: Date.now() + 60_000 });
      expect(await accounts.peekInvitation(first.tokenHash, Date.now())).toBeNull();
    });

    it("deleting an account's invitations voids its link", async () => {
      const { accounts } = await open();
      const ada = account();
      await accounts.createAccount(ada);
      const link = { tokenHash: unique('link'), accountId: ada.id, expiresAt: Date.now() + 60_000 };
      await accounts.putInvitation(link);
      await accounts.deleteInvitationsOf(ada.id);
      expect(await accounts.peekInvitation(link.tokenHash, Date.now())).toBeNull();
      expect(await accounts.takeInvitation(link.tokenHash, Date.now())).toBeNull();
    });

    it('keeps sessions until they expire, deletes one, and deletes every session of an account', async () => {
      const { accounts } = await open();
      const a = session('acct-a');
      const b = session('acct-a');
      const anonymous = session(null);
      for (const s of [a, b, anonymous]) await accounts.putSession(s, Date.now() + 60_000);
      expect(await accounts.getSession(a.idHash, Date.now())).toEqual(a);
      await accounts.deleteSession(anonymous.idHash);
      expect(await accounts.getSession(anonymous.idHash, Date.now())).toBeNull();
      await accounts.deleteSessionsOf('acct-a');
      expect(await accounts.getSession(a.idHash, Date.now())).toBeNull();
      expect(await accounts.getSession(b.idHash, Date.now())).toBeNull();
      const short = session(null);
      await accounts.putSession(short, Date.now() + 30);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await accounts.getSession(short.idHash, Date.now())).toBeNull();
    });

    it('lists audit entries newest first, per account', async () => {
      const { accounts } = await open();
      const id = unique('audited');
      for (const action of ['key-created', 'key-rolled', 'key-revoked'] as const) {
        await accounts.appendAudit({ at: new Date().toISOString(), accountId: id, action, actor: 'cli', address: null, keyId: 'k', detail: null });
      }
      expect((await accounts.listAudit(id, 10)).map((e) => e.action)).toEqual(['key-revoked', 'key-rolled', 'key-created']);
      expect(await accounts.listAudit(id, 1)).toHaveLength(1);
      expect(await accounts.listAudit(unique('nobody'), 10)).toEqual([]);
    });

    it('keeps audit entries by age, never by count: 1,500 stay; one older than the retention goes', async () => {
      const { accounts } = await open();
      const id = unique('flooded');
      const old = new Date(Date.now() - 91 * 86_400_000).toISOString();
      await accounts.appendAudit({ at: old, accountId: id, action: 'signed-in', actor: id, address: '203.0.113.9', keyId: null, detail: null });
      const at = new Date().toISOString();
      for (let i = 0; i < 1500; i += 1) {
        await accounts.appendAudit({ at, accountId: id, action: 'key-created', actor: id, address: null, keyId: `k${i}`, detail: null });
      }
      const kept = await accounts.listAudit(id, 5000);
      expect(kept).toHaveLength(1500);
      expect(kept.some((e) => e.action === 'signed-in')).toBe(false);
    }, 60_000);

    it('counts attempts atomically: of 40 concurrent ones at a limit of 5, exactly 5 are admitted', async () => {
      const { accounts } = await open();
      const pair = unique('pair');
      const counted = unique('account');
      const counters = [
        { subject: pair, limit: 5, windowMs: 60_000 },
        { subject: counted, limit: null, windowMs: 60_000 },
      ];
      const results = await Promise.all(Array.from({ length: 40 }, () => accounts.countAttempt(counters, Date.now())));
      const admitted = results.filter((r) => r.admitted);
      expect(admitted).toHaveLength(5);
      expect(admitted.map((r) => r.counts[0]).sort()).toEqual([1, 2, 3, 4, 5]);
      // Refused attempts go on counting the limited counter, never the unlimited one.
      expect(Math.max(...results.map((r) => r.counts[0]!))).toBe(40);
      expect(Math.max(...results.map((r) => r.counts[1]!))).toBe(5);
      for (const refused of results.filter((r) => !r.admitted)) {
        expect(refused.retryAfterMs).toBeGreaterThan(0);
        expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
      }
    });

    it('a full counter refuses even when another is free; a refund and a clear give attempts back; windows close', async () => {
      const { accounts } = await open();
      const [a, b] = [unique('a'), unique('b')];
      const both = [
        { subject: a, limit: 1, windowMs: 300 },
        { subject: b, limit: 3, windowMs: 60_000 },
      ];
      expect((await accounts.countAttempt(both, Date.now())).admitted).toBe(true);
      expect(await accounts.countAttempt(both, Date.now())).toMatchObject({ admitted: false, counts: [2, 2] });
      await accounts.clearAttempts([a]);
      expect(await accounts.countAttempt(both, Date.now())).toMatchObject({ admitted: true, counts: [1, 3] });
      await accounts.refundAttempt([a, b], Date.now());
      expect(await accounts.countAttempt(both, Date.now())).toMatchObject({ admitted: true, counts: [1, 3] });
      await new Promise((resolve) => setTimeout(resolve, 400));
      // a's window has closed: it starts again at 1; b is over its limit.
      expect(await accounts.countAttempt(both, Date.now())).toMatchObject({ admitted: false, counts: [1, 4] });
    });

    it('adds hourly usage per key and reads a range', async () => {
      const { usage } = await open();
      const keyId = unique('key');
      const hour = Date.now() - (Date.now() % HOUR_MS);
      await usage.add([
        { keyId, hour, ok: 3, limited: 1 },
        { keyId, hour: hour - HOUR_MS, ok: 2, limited: 0 },
      ]);
      await usage.add([{ keyId, hour, ok: 1, limited: 2 }]);
      expect(await usage.hourly(keyId, hour - 2 * HOUR_MS)).toEqual([
        { keyId, hour: hour - HOUR_MS, ok: 2, limited: 0 },
        { keyId, hour, ok: 4, limited: 3 },
      ]);
      expect(await usage.hourly(keyId, hour)).toEqual([{ keyId, hour, ok: 4, limited: 3 }]);
    });

    it('refuses an expired key, and does not count it toward the five', async () => {
      const { keys } = await open();
      const owner = unique('expiry');
      const past = new Date(Date.now() - 40 * 86_400_000);
      const expired = await createKey(keys, { accountId: owner, name: 'old', lifetimeDays: 30 }, () => past);
      expect(await keys.findActiveByHash(hashKeySecret(expired.secret))).toBeNull();
      for (let i = 0; i < 5; i += 1) await createKey(keys, { accountId: owner, name: `k${i}` });
      await expect(createKey(keys, { accountId: owner, name: 'sixth' })).rejects.toBeInstanceOf(TooManyActiveKeysError);
    });

    it('a roll retires the old key in the same step: "now" works at five keys, an overlap does not', async () => {
      const { keys } = await open();
      const owner = unique('roll');
      const five = [];
      for (let i = 0; i < 5; i += 1) five.push(await createKey(keys, { accountId: owner, name: `k${i}` }));
      const old = five[0]!;
      const later = new Date(Date.now() + 86_400_000).toISOString();
      await expect(
        createKey(keys, { accountId: owner, name: 'k0', rolledFrom: old.key.id }, undefined, { replacing: { id: old.key.id, expiresAt: later } }),
      ).rejects.toBeInstanceOf(TooManyActiveKeysError);
      const replaced = await createKey(keys, { accountId: owner, name: 'k0', rolledFrom: old.key.id }, undefined, {
        replacing: { id: old.key.id, expiresAt: new Date().toISOString() },
      });
      expect(await keys.findActiveByHash(hashKeySecret(old.secret))).toBeNull();
      expect(await keys.findActiveByHash(hashKeySecret(replaced.secret))).toMatchObject({ rolledFrom: old.key.id });
      expect(await keys.findById(old.key.id)).toMatchObject({ rolledTo: replaced.key.id });
    });

    it('a roll with an overlap keeps the old key working until its end', async () => {
      const { keys } = await open();
      const owner = unique('overlap');
      const old = await createKey(keys, { accountId: owner, name: 'k' });
      const end = new Date(Date.now() + 3_600_000).toISOString();
      await createKey(keys, { accountId: owner, name: 'k', rolledFrom: old.key.id }, undefined, { replacing: { id: old.key.id, expiresAt: end } });
      expect(await keys.findActiveByHash(hashKeySecret(old.secret))).toMatchObject({ expiresAt: end });
    });

    it('records last use, and the migration makes an account for every account id keys reference', async () => {
      const { keys, accounts } = await open();
      const owner = unique('legacy');
      const created = await createKey(keys, { accountId: owner, name: 'from before accounts' });
      const at = new Date().toISOString();
      await keys.recordLastUse([{ id: created.key.id, at, address: '203.0.113.7' }]);
      expect(await keys.findById(created.key.id)).toMatchObject({ lastUsedAt: at, lastUsedAddress: '203.0.113.7' });
      expect(await keys.listAccountIds()).toContain(owner);
      expect(await migrateKeyAccounts(keys, accounts)).toContain(owner);
      expect(await accounts.findAccount(owner)).toMatchObject({ id: owner, status: 'active', passwordHash: null, email: null });
      expect(await migrateKeyAccounts(keys, accounts)).not.toContain(owner);
      expect(await keys.findActiveByHash(hashKeySecret(created.secret))).not.toBeNull();
    });
  });
}
