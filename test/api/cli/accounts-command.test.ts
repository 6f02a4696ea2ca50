// `lodging accounts …` against the data dir a server reads: invitation links that work in the console, disable/enable, roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAccountsCommand } from '../../../api/cli/accounts-command.ts';
import { runKeysCommand } from '../../../api/cli/keys-command.ts';
import { openConsoleStores } from '../../../api/accounts/console-stores.ts';
import { createLogger } from '../../../api/http/request-logger.ts';
import { startServer } from '../../../api/server.ts';
import { parseConfig } from '../../../platform/environment.ts';
import { UsageError } from '../../../platform/cli-io.ts';
import { createConsoleClient } from '../support/console-client.ts';
import { startTestApi } from '../support/test-api.ts';
import type { TestApi } from '../support/test-api.ts';

let api: TestApi;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  api = await startTestApi({ exports: {} });
  env = { LODGING_DATA_DIR: api.dataDir, LODGING_PUBLIC_URL: api.url };
});
afterAll(async () => {
  await api?.close();
});

async function run(argv: string[], command = runAccountsCommand) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(argv, { stdout: (s) => void out.push(s), stderr: (s) => void err.push(s), env });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('lodging accounts', () => {
  it('create --json prints {id,email,role,inviteUrl}, and the link opens the password page once', async () => {
    const { code, stdout } = await run(['create', '--email', 'Ada@Example.com', '--role', 'operator', '--json']);
    expect(code).toBe(0);
    const created = JSON.parse(stdout);
    expect(Object.keys(created).sort()).toEqual(['email', 'id', 'inviteUrl', 'role']);
    expect(created).toMatchObject({ email: 'ada@example.com', role: 'operator' });
    expect(created.inviteUrl).toMatch(new RegExp(`^${api.url}/console/invitation\\?token=lds_inv_[A-Za-z0-9_-]{43}$`));
    const page = await createConsoleClient(api.url).get(created.inviteUrl.slice(api.url.length));
    expect(page.status).toBe(200);
    expect(page.text).toContain('ada@example.com');
  });

  it('refuses a taken e-mail, a bad e-mail and a bad role with one line', async () => {
    await run(['create', '--email', 'taken@example.com']);
    for (const argv of [['create', '--email', 'taken@example.com'], ['create', '--email', 'not-an-email'], ['create', '--email', 'x@example.com', '--role', 'admin']]) {
      const result = await run(argv);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^lodging accounts: [^\n]+\n$/);
    }
  });

  it('compares e-mails after NFKC and case folding: a fullwidth or differently cased twin is not a second account', async () => {
    expect((await run(['create', '--email', 'ab@example.org'])).code).toBe(0);
    for (const twin of ['\uff41\uff42@example.org', 'AB@EXAMPLE.ORG', '\uff21b@example.org']) {
      const result = await run(['create', '--email', twin]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('already exists');
    }
  });

  it('lists accounts whose stored e-mails collide once compared that way, and merges none', async () => {
    const stores = openConsoleStores({ dataDir: api.dataDir, redis: null, redisPrefix: 'unused:', auditKeepDays: 30 });
    const legacy = (id: string, email: string) => ({
      id, email, name: id, role: 'developer' as const, status: 'active' as const, createdAt: new Date().toISOString(), passwordHash: null, passwordChangedAt: null,
    });
    try {
      await stores.accounts.createAccount(legacy('acct_legacyplain', 'cd@example.org'));
      await stores.accounts.createAccount(legacy('acct_legacywide', '\uff43\uff44@example.org'));
    } finally {
      stores.close();
    }
    const text = await run(['list']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/same e-mail.*\n.*acct_legacyplain.*acct_legacywide|same e-mail.*\n.*acct_legacywide.*acct_legacyplain/);
    const json = JSON.parse((await run(['list', '--json'])).stdout);
    const ids = json.map((a: { id: string }) => a.id);
    expect(ids).toContain('acct_legacyplain');
    expect(ids).toContain('acct_legacywide');
    const wide = json.find((a: { id: string }) => a.id === 'acct_legacywide');
    expect(wide.collidesWith).toEqual(['acct_legacyplain']);

    const lines: string[] = [];
    const server = await startServer(parseConfig({ LODGING_DATA_DIR: api.dataDir, PORT: '0' }), {
      logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
    });
    await server.close();
    const warning = lines.map((line) => JSON.parse(line)).find((line) => /share an e-mail/.test(line.msg));
    expect(warning?.accounts).toContainEqual(expect.arrayContaining(['acct_legacyplain', 'acct_legacywide']));
  });

  it('invite issues a new link and the previous one stops working', async () => {
    const first = JSON.parse((await run(['create', '--email', 'twice@example.com', '--json'])).stdout);
    const second = JSON.parse((await run(['invite', 'twice@example.com', '--json'])).stdout);
    const client = createConsoleClient(api.url);
    expect((await client.get(first.inviteUrl.slice(api.url.length))).status).toBe(404);
    expect((await client.get(second.inviteUrl.slice(api.url.length))).status).toBe(200);
  });

  it('disable refuses the account\'s keys from the next request; enable restores them; role changes the role', async () => {
    const created = JSON.parse((await run(['create', '--email', 'dis@example.com', '--json'])).stdout);
    const key = JSON.parse((await run(['create', '--account', 'dis@example.com', '--name', 'k', '--json'], runKeysCommand)).stdout);
    expect((await api.get('/api/v1/key', { secret: key.secret })).status).toBe(200);
    expect((await run(['disable', created.id])).code).toBe(0);
    expect((await api.get('/api/v1/key', { secret: key.secret })).status).toBe(401);
    expect((await run(['enable', 'dis@example.com'])).code).toBe(0);
    expect((await api.get('/api/v1/key', { secret: key.secret })).status).toBe(200);
    expect((await run(['role', created.id, 'operator'])).stdout).toContain('is now operator');
    const listed = JSON.parse((await run(['list', '--json'])).stdout);
    expect(listed.find((a: { id: string }) => a.id === created.id)).toMatchObject({ role: 'operator', status: 'active', passwordSet: false });
  });

  it('names an unknown account in one line', async () => {
    expect(await run(['disable', 'nobody@example.com'])).toEqual({ code: 1, stdout: '', stderr: 'lodging accounts: no account nobody@example.com\n' });
  });

  it.each([[[]], [['rename']], [['create']], [['invite']], [['role', 'x']], [['disable', 'a', 'b']]])('%j is a usage error', async (argv) => {
    await expect(run(argv)).rejects.toBeInstanceOf(UsageError);
  });
});
