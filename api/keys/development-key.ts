// The key `npm start` prints outside production: one stable key per data directory, its secret kept in
// <dataDir>/secrets/development-key (0600), so an MCP client config or .env holding it survives restarts.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createKey } from './create-key.ts';
import { hashKeySecret, looksLikeKeySecret } from './key-secret.ts';
import type { KeyStore } from './key-store.ts';

export const DEVELOPMENT_ACCOUNT = 'local-development';
export const DEVELOPMENT_KEY_NAME = 'printed by npm start';

export interface DevelopmentKey {
  secret: string;
  /** true when the key of a previous start is still active and was kept; false when one was created now. */
  reused: boolean;
  /** Where the secret is kept (owner-only). */
  file: string;
}

export function developmentKeyPath(dataDir: string): string {
  return path.join(dataDir, 'secrets', 'development-key');
}

function readKeptSecret(file: string): string | null {
  try {
    const secret = readFileSync(file, 'utf8').trim();
    return looksLikeKeySecret(secret) ? secret : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function keepSecret(file: string, secret: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, `${secret}\n`, { mode: 0o600 });
  chmodSync(draft, 0o600); // whatever the umask
  renameSync(draft, file);
}

/**
 * The kept key while it is still active in the store; otherwise (first start, revoked, store replaced) a new one,
 * kept for the next start. Earlier printed keys of the development account are revoked, so restarts never reach five.
 */
export async function ensureDevelopmentKey(store: KeyStore, dataDir: string): Promise<DevelopmentKey> {
  const file = developmentKeyPath(dataDir);
  const kept = readKeptSecret(file);
  const keptKey = kept === null ? null : await store.findActiveByHash(hashKeySecret(kept));
  const keep = keptKey?.accountId === DEVELOPMENT_ACCOUNT ? keptKey : null;
  // Only earlier printed keys: keys the developer made in the console with this account stay.
  for (const key of await store.listByAccount(DEVELOPMENT_ACCOUNT)) {
    if (key.revokedAt === null && key.name === DEVELOPMENT_KEY_NAME && key.id !== keep?.id) await store.revoke(key.id);
  }
  if (keep && kept) {
    chmodSync(file, 0o600);
    return { secret: kept, reused: true, file };
  }
  const created = await createKey(store, { accountId: DEVELOPMENT_ACCOUNT, name: DEVELOPMENT_KEY_NAME });
  keepSecret(file, created.secret);
  return { secret: created.secret, reused: false, file };
}
