// One contract every key store passes (SQLite and Redis alike): hashes only, five active keys, immediate revocation.
import { describe, expect, it } from 'vitest';
import { createKey } from '../../../../api/keys/create-key.ts';
import { hashKeySecret } from '../../../../api/keys/key-secret.ts';
import { TooManyActiveKeysError } from '../../../../api/keys/key-store.ts';
import type { KeyStore, KeyStoreOptions } from '../../../../api/keys/key-store.ts';

export interface StoreUnderTest {
  store: KeyStore;
  /** A second, independent store over the same storage: another replica. */
  openPeer(): Promise<KeyStore>;
  /** Everything the storage holds, as text, to prove no secret is in it. */
  dump(): Promise<string>;
}

let accountCounter = 0;
const account = () => `acct-${Date.now()}-${(accountCounter += 1)}`;

export function runKeyStoreContract(name: string, open: (options?: KeyStoreOptions) => Promise<StoreUnderTest>): void {
  describe(`${name} key store contract`, () => {
    it('finds an active key by the SHA-256 of its secret, and nothing by another hash', async () => {
      const { store } = await open();
      const created = await createKey(store, { accountId: account(), name: 'ci' });
      const found = await store.findActiveByHash(hashKeySecret(created.secret));
      expect(found).toMatchObject({ id: created.key.id, name: 'ci', prefix: created.key.prefix, revokedAt: null });
      expect(await store.findActiveByHash(hashKeySecret(`${created.secret}x`))).toBeNull();
    });

    it('stores the hash, never the secret', async () => {
      const { store, dump } = await open();
      const created = await createKey(store, { accountId: account(), name: 'hash only' });
      const stored = await dump();
      expect(stored).toContain(hashKeySecret(created.secret));
      expect(stored).not.toContain(created.secret);
      expect(stored).not.toContain(created.secret.slice(12));
    });

    it("keeps the secret's last four characters for display, beside the hash; a key stored without them reads as null", async () => {
      const { store } = await open();
      const created = await createKey(store, { accountId: account(), name: 'last four' });
      expect(created.stored.lastFour).toBe(created.secret.slice(-4));
      expect((await store.findById(created.key.id))?.lastFour).toBe(created.secret.slice(-4));
      expect((await store.findActiveByHash(hashKeySecret(created.secret)))?.lastFour).toBe(created.secret.slice(-4));
      expect((await store.listByAccount(created.accountId))[0]?.lastFour).toBe(created.secret.slice(-4));
      const older = { ...created.stored, id: `${created.key.id}-older`, secretHash: hashKeySecret(`${created.secret}-older`), lastFour: null };
      await store.insert(older);
      expect((await store.findById(older.id))?.lastFour).toBeNull();
    });

    it('allows five active keys per account and refuses the sixth', async () => {
      const { store } = await open();
      const owner = account();
      for (let i = 0; i < 5; i += 1) await createKey(store, { accountId: owner, name: `k${i}` });
      await expect(createKey(store, { accountId: owner, name: 'sixth' })).rejects.toBeInstanceOf(TooManyActiveKeysError);
      await expect(createKey(store, { accountId: account(), name: 'other account' })).resolves.toBeDefined();
    });

    it('counts only active keys: revoking one makes room', async () => {
      const { store } = await open();
      const owner = account();
      const keys = [];
      for (let i = 0; i < 5; i += 1) keys.push(await createKey(store, { accountId: owner, name: `k${i}` }));
      await store.revoke(keys[0]!.key.id);
      await expect(createKey(store, { accountId: owner, name: 'replacement' })).resolves.toBeDefined();
    });

    it('enforces the limit atomically under concurrent creates', async () => {
      const { store, openPeer } = await open();
      const peer = await openPeer();
      const owner = account();
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) => createKey(i % 2 ? peer : store, { accountId: owner, name: `race${i}` })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(TooManyActiveKeysError);
      await peer.close();
    });

    it('revocation is seen by the next lookup, also through another replica', async () => {
      const { store, openPeer } = await open();
      const peer = await openPeer();
      const created = await createKey(store, { accountId: account(), name: 'to revoke' });
      const hash = hashKeySecret(created.secret);
      expect(await peer.findActiveByHash(hash)).not.toBeNull();
      const revoked = await peer.revoke(created.key.id);
      expect(revoked?.revokedAt).toEqual(expect.any(String));
      expect(await store.findActiveByHash(hash)).toBeNull();
      expect(await peer.findActiveByHash(hash)).toBeNull();
      await peer.close();
    });

    it('revoking twice keeps the first revocation time; an unknown id is null', async () => {
      const { store } = await open();
      const created = await createKey(store, { accountId: account(), name: 'twice' });
      const first = await store.revoke(created.key.id);
      const second = await store.revoke(created.key.id);
      expect(second?.revokedAt).toBe(first?.revokedAt);
      expect(await store.revoke('key_does_not_exist')).toBeNull();
    });

    it('lists an account oldest first, revoked keys included, other accounts excluded', async () => {
      const { store } = await open();
      const owner = account();
      const a = await createKey(store, { accountId: owner, name: 'a' }, () => new Date('2026-01-01T00:00:00Z'));
      const b = await createKey(store, { accountId: owner, name: 'b' }, () => new Date('2026-01-02T00:00:00Z'));
      await createKey(store, { accountId: account(), name: 'elsewhere' });
      await store.revoke(a.key.id);
      const listed = await store.listByAccount(owner);
      expect(listed.map((k) => [k.id, k.revokedAt === null])).toEqual([
        [a.key.id, false],
        [b.key.id, true],
      ]);
      expect(await store.listByAccount(account())).toEqual([]);
    });
  
    it('prunes keys revoked longer ago than the retention, and only those, when the account is listed or adds a key', async () => {
      let clock = new Date('2026-03-01T00:00:00Z');
      const { store } = await open({ now: () => clock, revokedKeepDays: 30 });
      const owner = account();
      const at = () => clock;
      const old = await createKey(store, { accountId: owner, name: 'old' }, at);
      const recent = await createKey(store, { accountId: owner, name: 'recent' }, at);
      const kept = await createKey(store, { accountId: owner, name: 'kept' }, at);
      const other = await createKey(store, { accountId: account(), name: 'elsewhere' }, at);
      await store.revoke(old.key.id);
      await store.revoke(other.key.id);
      clock = new Date('2026-03-20T00:00:00Z');
      await store.revoke(recent.key.id);
      clock = new Date('2026-03-30T23:59:59Z');
      expect((await store.listByAccount(owner)).map((k) => k.name)).toEqual(['old', 'recent', 'kept']);
      clock = new Date('2026-03-31T00:00:01Z');
      expect((await store.listByAccount(owner)).map((k) => k.name)).toEqual(['recent', 'kept']);
      expect(await store.findById(old.key.id)).toBeNull();
      expect(await store.findById(other.key.id)).not.toBeNull();
      clock = new Date('2026-05-01T00:00:00Z');
      await createKey(store, { accountId: owner, name: 'new' }, at);
      expect(await store.findById(recent.key.id)).toBeNull();
      expect(await store.findById(kept.key.id)).toMatchObject({ revokedAt: null });
      expect(await store.findActiveByHash(hashKeySecret(kept.secret))).toMatchObject({ id: kept.key.id });
    });
  });
}
