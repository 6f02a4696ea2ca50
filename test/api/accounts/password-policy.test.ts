// New-password policy and console input hygiene: the rules as tables, then the real server (SQLite) refusing them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '@zxcvbn-ts/language-common';
import { createAccount } from '../../../api/accounts/account-service.ts';
import { CLI_ACTOR } from '../../../api/accounts/audit.ts';
import { cleanText } from '../../../api/accounts/input-hygiene.ts';
import { newPasswordProblem } from '../../../api/accounts/password-policy.ts';
import { createConsoleClient } from '../support/console-client.ts';
import { startConsoleHarness } from '../console/support/console-harness.ts';
import type { ConsoleHarness } from '../console/support/console-harness.ts';

const owner = { email: 'ada.lovelace@example.com' };

describe('new-password policy', () => {
  it('checks against a list of at least 10,000 common and breached passwords', () => {
    expect((dictionary['passwords-common'] as string[]).length).toBeGreaterThanOrEqual(10_000);
  });
  it.each([
    ['Password1234!', 'too common'],
    ['Summer2024!!', 'too common'],
    ['qwertyuiop123', 'too common'],
    ['ada.lovelace@example.com', 'e-mail'],
    ['my ada.lovelace pass', 'e-mail'],
    ['AdaLovelace!!', 'e-mail'],
    ['lodging-is-great-2024', 'name of this service'],
    ['short', 'at least'],
  ])('refuses %s', (password, words) => {
    expect(newPasswordProblem(password, owner)).toContain(words);
  });
  it.each(['letmeinletmein', 'monkeymonkey1', 'dragondragon', 'asdfghjklzxc', 'Spain2024Spain'])(
    'refuses %s: the strength estimator scores it below 3',
    (password) => {
      expect(newPasswordProblem(password, owner)).toContain('too easy to guess');
    },
  );
  it('counts the account\'s e-mail as guessable, whatever its shape', () => {
    expect(newPasswordProblem('zanzibar-quokka-77', { email: 'zanzibar.quokka@example.com' })).not.toBeNull();
    expect(newPasswordProblem('zanzibar-quokka-77', owner)).toBeNull();
  });
  it.each(['correct horse battery stable', 'a long and sunny passphrase', 'Tr0ub4dor&3-river-kite'])('accepts %s', (password) => {
    expect(newPasswordProblem(password, owner)).toBeNull();
  });
});

describe('input hygiene', () => {
  it.each([
    ['Ada\u0000', 'control'],
    ['Ada\u0085', 'control'],
    ['evil\u202Egnp.exe', 'text-direction'],
    ['x\u2066y', 'text-direction'],
    ['Ada\u200eLovelace', 'invisible'],
    ['Ada\u200f', 'invisible'],
    ['Ada\u061c', 'invisible'],
    ['A\u200bda', 'invisible'],
    ['A\u200cda', 'invisible'],
    ['A\u200dda', 'invisible'],
    ['A\u2060da', 'invisible'],
    ['\ufeffAda', 'invisible'],
    ['Ada\u2028Lovelace', 'invisible'],
    ['Ada\u2029Lovelace', 'invisible'],
    ['Ada\u{e0041}\u{e007f}', 'invisible'],
    ['\u3164', 'invisible'],
    ['Ada\u115f', 'invisible'],
    ['Ada\uffa0', 'invisible'],
    ['x'.repeat(101), '1 to 100'],
    ['x'.repeat(10_000), 'at most 100'],
    ['   ', '1 to 100'],
  ])('refuses %j', (value, words) => {
    const result = cleanText(value, 'name', { max: 100 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toContain(words);
  });
  it('normalises to NFC and trims', () => {
    expect(cleanText(' Jose\u0301 ', 'name', { max: 100 })).toEqual({ ok: true, value: 'Jos\u00e9' });
  });
});

describe('on the real server', () => {
  let h: ConsoleHarness;
  beforeAll(async () => {
    h = await startConsoleHarness('sqlite');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('an invitation refuses a common password, the own e-mail and the product name', async () => {
    const address = `policy-${process.pid}@example.com`;
    const { path, token } = await h.invite(address);
    const client = createConsoleClient(h.api.url);
    for (const password of ['Password1234!', 'Summer2024!!', address, `policy-${process.pid}-secret`, 'my lodging password']) {
      await client.get(path);
      const answer = await client.post('/console/invitation', { token, password, confirm: password });
      expect(answer.status, password).toBe(400);
    }
  });

  it('refuses control and bidi characters in account e-mails and names, and in key names', async () => {
    const accounts = h.api.server.stores.accounts;
    await expect(createAccount(accounts, { email: `bidi\u202E-${process.pid}@example.com` }, h.api.publicUrl, CLI_ACTOR)).rejects.toThrow(/text-direction/);
    await expect(createAccount(accounts, { email: `nul-${process.pid}@example.com`, name: 'A\u0000da' }, h.api.publicUrl, CLI_ACTOR)).rejects.toThrow(/control/);
    const { client } = await h.signedIn(`keys-hygiene-${process.pid}@example.com`);
    await client.get('/console/keys');
    const page = await client.post('/console/keys', { name: 'invoice\u202Etxt.exe', expiry: 'none', nonce: client.hidden('nonce') ?? '' });
    expect(page.status).toBe(400);
    expect((await client.get('/console/keys')).text).not.toContain('\u202E');
  });
});
