// The SQLite key store reuses a positive lookup only while the file is unchanged: every change that refuses a key refuses the next lookup.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { openSqliteAccountStore } from '../../../api/accounts/sqlite-account-store.ts';
import { createKey } from '../../../api/keys/create-key.ts';
import { hashKeySecret } from '../../../api/keys/key-secret.ts';
import type { KeyStore } from '../../../api/keys/key-store.ts';
import { openSqliteKeyStore } from '../../../api/keys/sqlite-key-store.ts';

let dir: string;
let file: string;
const closers: (() => unknown)[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lodging-key-reuse-'));
  file = path.join(dir, 'keys.sqlite');
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await rm(dir, { recursive: true, force: true });
});

function open(now?: () => Date): KeyStore {
  const store = openSqliteKeyStore(file, now);
  closers.push(() => store.close());
  return store;
}

/** A key, already looked up (so a reuse would be possible) by the store given. */
async function confirmedKey(store: KeyStore, accountId = 'acct') {
  const created = await createKey(store, { accountId, name: 'k' });
  const hash = hashKeySecret(created.secret);
  expect(await store.findActiveByHash(hash)).not.toBeNull();
  expect(await store.findActiveByHash(hash)).not.toBeNull();
  return { ...created, hash };
}

describe('SQLite key lookups after a change', () => {
  it('a revocation by another connection (CLI, console, another process) refuses the next lookup', async () => {
    const store = open();
    const other = open();
    const { key, hash } = await confirmedKey(store);
    await other.revoke(key.id);
    expect(await store.findActiveByHash(hash)).toBeNull();
  });

  it('a revocation through the same store refuses the next lookup', async () => {
    const store = open();
    const { key, hash } = await confirmedKey(store);
    await store.revoke(key.id);
    expect(await store.findActiveByHash(hash)).toBeNull();
  });

  it('a plain SQL update of revoked_at by another process refuses the next lookup', async () => {
    const store = open();
    const { key, hash } = await confirmedKey(store);
    const raw = new Database(file);
    raw.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').run(new Date().toISOString(), key.id);
    raw.close();
    expect(await store.findActiveByHash(hash)).toBeNull();
  });

  it("disabling the key's account refuses the next lookup", async () => {
    const store = open();
    const accounts = openSqliteAccountStore(file);
    closers.push(() => accounts.close());
    await accounts.createAccount({
      id: 'acct-d',
      email: null,
      name: 'D',
      role: 'developer',
      status: 'active',
      createdAt: new Date().toISOString(),
      passwordHash: null,
      passwordChangedAt: null,
    });
    const { hash } = await confirmedKey(store, 'acct-d');
    await accounts.updateAccount('acct-d', { status: 'disabled' });
    expect(await store.findActiveByHash(hash)).toBeNull();
  });

  it('an expiry that passes between two lookups refuses the second', async () => {
    let clock = Date.now();
    const store = open(() => new Date(clock));
    const created = await createKey(store, { accountId: 'acct', name: 'k', lifetimeDays: 1 }, () => new Date(clock));
    const hash = hashKeySecret(created.secret);
    expect(await store.findActiveByHash(hash)).not.toBeNull();
    clock += 2 * 86_400_000;
    expect(await store.findActiveByHash(hash)).toBeNull();
  });
});
