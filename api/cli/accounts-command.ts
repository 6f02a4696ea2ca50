// `lodging accounts create|list|invite|disable|enable|role`: console accounts from a shell; invitation links are printed, never mailed.
import { parseArgs } from 'node:util';
import { UsageError } from '../../platform/cli-io.ts';
import type { CliIo } from '../../platform/cli-io.ts';
import { emailCollisions } from '../accounts/email-identity.ts';
import type { Account } from '../accounts/account-store.ts';
import { createAccount, inviteAccount, setAccountRole, setAccountStatus } from '../accounts/account-service.ts';
import { CLI_ACTOR } from '../accounts/audit.ts';
import { withConsoleStores } from './with-console-stores.ts';

export const ACCOUNTS_USAGE = `usage: lodging accounts create --email E [--name N] [--role developer|operator] [--json]
       lodging accounts list [--json]
       lodging accounts invite ACCOUNT [--email E] [--json]
       lodging accounts disable ACCOUNT
       lodging accounts enable ACCOUNT
       lodging accounts role ACCOUNT developer|operator
  create   makes an account and prints a one-time invitation link, valid 24 hours, where the person sets a password
           (--json: {id,email,role,inviteUrl}); there is no mail server: give the link to the person yourself
  invite   a new link (the previous one stops working); --email gives an e-mail to an account made from old keys
  disable  the account signs in nowhere and every one of its keys is refused from the next API request
  enable   undoes disable
ACCOUNT is an account id or an e-mail. Links start with $LODGING_PUBLIC_URL (else http://localhost:$PORT).`;

type AccountsIo = Pick<CliIo, 'stdout' | 'stderr' | 'env'>;

/** Accounts made before e-mails were compared after NFKC and case folding: named so an operator decides, never merged. */
export function collisionReport(collisions: Account[][]): string {
  const lines = collisions.map((group) => `  ${group.map((a) => `${a.id} (${JSON.stringify(a.email)})`).join(', ')}\n`);
  return `Accounts with the same e-mail once compared after NFKC and case folding (not merged: disable one, or give it another address with \`lodging accounts invite ACCOUNT --email E\`):\n${lines.join('')}`;
}

const shown = (a: Account) => ({
  id: a.id,
  email: a.email,
  name: a.name,
  role: a.role,
  status: a.status,
  createdAt: a.createdAt,
  passwordSet: a.passwordHash !== null,
});

export async function runAccountsCommand(argv: string[], io: AccountsIo): Promise<number> {
  const [action, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const json = values.json ?? false;
  const one = (what: string) => {
    const [reference, extra] = positionals;
    if (!reference || extra !== undefined) throw new UsageError(`${what} needs exactly one ACCOUNT (id or e-mail)`);
    return reference;
  };
  const printInvite = (account: Account, inviteUrl: string) => {
    io.stdout(
      json
        ? `${JSON.stringify({ id: account.id, email: account.email, role: account.role, inviteUrl })}\n`
        : `Invitation for ${account.email} (${account.id}, ${account.role}), valid 24 hours; give this link to them:\n\n  ${inviteUrl}\n\n`,
    );
  };

  if (action === 'create') {
    if (!values.email) throw new UsageError('create needs --email');
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${positionals[0]}`);
    return withConsoleStores(io, 'accounts', async (stores) => {
      const input = { email: values.email!, ...(values.name ? { name: values.name } : {}), ...(values.role ? { role: values.role } : {}) };
      const { account, inviteUrl } = await createAccount(stores.accounts, input, stores.publicUrl, CLI_ACTOR);
      printInvite(account, inviteUrl);
      return 0;
    });
  }
  if (action === 'list') {
    return withConsoleStores(io, 'accounts', async (stores) => {
      const all = await stores.accounts.listAccounts();
      const collisions = emailCollisions(all);
      const twinsOf = (id: string) => collisions.find((group) => group.some((a) => a.id === id))?.filter((a) => a.id !== id).map((a) => a.id) ?? [];
      const accounts = all.map((a) => {
        const twins = twinsOf(a.id);
        return { ...shown(a), ...(twins.length > 0 ? { collidesWith: twins } : {}) };
      });
      if (json) io.stdout(`${JSON.stringify(accounts)}\n`);
      else if (accounts.length === 0) io.stdout('No accounts yet: `lodging accounts create --email E`.\n');
      else {
        for (const a of accounts) {
          io.stdout(`${a.id}  ${(a.email ?? '(no e-mail)').padEnd(32)}  ${a.role.padEnd(9)}  ${a.status.padEnd(8)}  ${a.passwordSet ? 'password set' : 'not signed up'}\n`);
        }
        if (collisions.length > 0) io.stdout(`\n${collisionReport(collisions)}`);
      }
      return 0;
    });
  }
  if (action === 'invite') {
    const reference = one('invite');
    return withConsoleStores(io, 'accounts', async (stores) => {
      const { account, inviteUrl } = await inviteAccount(stores.accounts, reference, stores.publicUrl, CLI_ACTOR, values.email);
      printInvite(account, inviteUrl);
      return 0;
    });
  }
  if (action === 'disable' || action === 'enable') {
    const reference = one(action);
    return withConsoleStores(io, 'accounts', async (stores) => {
      const account = await setAccountStatus(stores.accounts, reference, action === 'disable' ? 'disabled' : 'active', CLI_ACTOR);
      io.stdout(
        action === 'disable'
          ? `Disabled ${account.id}: signed out everywhere, and its keys are refused from the next request.\n`
          : `Enabled ${account.id}: it can sign in again and its active keys work again.\n`,
      );
      return 0;
    });
  }
  if (action === 'role') {
    const [reference, role, extra] = positionals;
    if (!reference || !role || extra !== undefined) throw new UsageError('role needs ACCOUNT and a role (developer or operator)');
    return withConsoleStores(io, 'accounts', async (stores) => {
      const account = await setAccountRole(stores.accounts, reference, role, CLI_ACTOR);
      io.stdout(`${account.id} is now ${account.role}.\n`);
      return 0;
    });
  }
  throw new UsageError(
    action === undefined ? 'give an action: create, list, invite, disable, enable or role' : `unknown action "${action}"`,
  );
}
