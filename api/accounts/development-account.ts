// The accounts `npm start` uses outside production: a developer (who owns the development key) and an operator, each with
// a console sign-in kept in <dataDir>/secrets (mode 0600).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEVELOPMENT_ACCOUNT } from '../keys/development-key.ts';
import type { Account, AccountStore, Role } from './account-store.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export { DEVELOPMENT_ACCOUNT };
export const DEVELOPMENT_EMAIL = 'developer@lodging.localhost';
export const DEVELOPMENT_OPERATOR = 'local-operator';
export const DEVELOPMENT_OPERATOR_EMAIL = 'operator@lodging.localhost';

export interface DevelopmentSignIn {
  email: string;
  password: string;
  file: string;
  role: Role;
}

interface LocalAccount {
  id: string;
  email: string;
  name: string;
  role: Role;
  fileName: string;
}

const LOCAL_ACCOUNTS: Record<Role, LocalAccount> = {
  developer: { id: DEVELOPMENT_ACCOUNT, email: DEVELOPMENT_EMAIL, name: 'Local developer', role: 'developer', fileName: 'console-sign-in.json' },
  operator: { id: DEVELOPMENT_OPERATOR, email: DEVELOPMENT_OPERATOR_EMAIL, name: 'Local operator', role: 'operator', fileName: 'console-operator-sign-in.json' },
};

export function developmentSignInPath(dataDir: string, role: Role = 'developer'): string {
  return path.join(dataDir, 'secrets', LOCAL_ACCOUNTS[role].fileName);
}

/** Makes sure a local account exists with its e-mail and role (an earlier start made the developer an operator: corrected). */
async function ensureLocalAccount(accounts: AccountStore, local: LocalAccount): Promise<Account> {
  await accounts.ensureAccount({
    id: local.id,
    email: local.email,
    name: local.name,
    role: local.role,
    status: 'active',
    createdAt: new Date().toISOString(),
    passwordHash: null,
    passwordChangedAt: null,
  });
  const account = await accounts.findAccount(local.id);
  if (!account) throw new Error(`the local ${local.role} account could not be created`);
  if (account.role === local.role && account.email !== null) return account;
  return (await accounts.updateAccount(account.id, { role: local.role, email: account.email ?? local.email, name: local.name })) ?? account;
}

/** Makes sure the development account (the owner of the development key, a developer) exists. */
export function ensureDevelopmentAccount(accounts: AccountStore): Promise<Account> {
  return ensureLocalAccount(accounts, LOCAL_ACCOUNTS.developer);
}

/** Outside production only: one local sign-in, reused across starts while its password still works. */
async function ensureSignIn(accounts: AccountStore, dataDir: string, local: LocalAccount): Promise<DevelopmentSignIn> {
  const account = await ensureLocalAccount(accounts, local);
  const file = developmentSignInPath(dataDir, local.role);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string };
    if (saved.email === account.email && account.passwordHash && (await verifyPassword(account.passwordHash, saved.password))) {
      return { email: saved.email, password: saved.password, file, role: local.role };
    }
  }
  const password = randomBytes(15).toString('base64url');
  await accounts.updateAccount(account.id, { passwordHash: await hashPassword(password), passwordChangedAt: new Date().toISOString() });
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify({ email: account.email, password })}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { email: account.email!, password, file, role: local.role };
}

/** Outside production only: the developer's sign-in (keys, audit) and a separate operator's (imports, runs, accounts). */
export async function ensureDevelopmentSignIns(accounts: AccountStore, dataDir: string): Promise<DevelopmentSignIn[]> {
  return [await ensureSignIn(accounts, dataDir, LOCAL_ACCOUNTS.developer), await ensureSignIn(accounts, dataDir, LOCAL_ACCOUNTS.operator)];
}
