// The account `npm start` uses: its keys, and outside production a console sign-in kept in <dataDir>/secrets (mode 0600).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEVELOPMENT_ACCOUNT } from '../keys/development-key.ts';
import type { Account, AccountStore } from './account-store.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export { DEVELOPMENT_ACCOUNT };
export const DEVELOPMENT_EMAIL = 'developer@lodging.localhost';

export interface DevelopmentSignIn {
  email: string;
  password: string;
  file: string;
}

export function developmentSignInPath(dataDir: string): string {
  return path.join(dataDir, 'secrets', 'console-sign-in.json');
}

/** Makes sure the development account exists (an operator, so every console page can be tried locally). */
export async function ensureDevelopmentAccount(accounts: AccountStore): Promise<Account> {
  await accounts.ensureAccount({
    id: DEVELOPMENT_ACCOUNT,
    email: DEVELOPMENT_EMAIL,
    name: 'Local development',
    role: 'operator',
    status: 'active',
    createdAt: new Date().toISOString(),
    passwordHash: null,
    passwordChangedAt: null,
  });
  const account = await accounts.findAccount(DEVELOPMENT_ACCOUNT);
  if (!account) throw new Error('the development account could not be created');
  return account;
}

/** Outside production only: the development sign-in, reused across starts while its password still works. */
export async function ensureDevelopmentSignIn(accounts: AccountStore, dataDir: string): Promise<DevelopmentSignIn> {
  let account = await ensureDevelopmentAccount(accounts);
  if (account.email === null) account = (await accounts.updateAccount(account.id, { email: DEVELOPMENT_EMAIL })) ?? account;
  const file = developmentSignInPath(dataDir);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string };
    if (saved.email === account.email && account.passwordHash && (await verifyPassword(account.passwordHash, saved.password))) {
      return { ...saved, file };
    }
  }
  const password = randomBytes(15).toString('base64url');
  await accounts.updateAccount(account.id, { passwordHash: await hashPassword(password), passwordChangedAt: new Date().toISOString() });
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify({ email: account.email, password })}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { email: account.email!, password, file };
}
