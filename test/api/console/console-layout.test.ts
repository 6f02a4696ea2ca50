// The page shell over HTTP: navigation in two groups (developer, operations) with a held badge; sign-in text for both roles.
import { describe, expect, it } from 'vitest';
import { navGroupsOf } from '../../../api/console/console-layout.ts';
import { createConsoleClient } from '../support/console-client.ts';
import { PASSWORD, setUpConsoleHarness } from './support/console-harness.ts';
import type { ConsoleHarness } from './support/console-harness.ts';

let h: ConsoleHarness;
setUpConsoleHarness('sqlite', (started) => (h = started));

describe('navigation', () => {
  it('groups the pages: a developer sees one group, an operator two (developer pages first)', () => {
    const nav = [
      { href: '/console/keys', label: 'Keys' },
      { href: '/console/ops/countries', label: 'Countries', role: 'operator' as const },
      { href: '/console/audit', label: 'Audit trail' },
    ];
    expect(navGroupsOf(nav, 'developer').map((g) => [g.name, g.items.length])).toEqual([['Your API access', 2]]);
    expect(navGroupsOf(nav, 'operator').map((g) => [g.name, g.items.length])).toEqual([
      ['Your API access', 2],
      ['Operations', 1],
    ]);
  });

  it('a developer page shows the developer group only; an operator page both, with Held in Operations', async () => {
    const { client } = await h.signedIn(`nav-dev-${process.pid}@example.com`);
    const dev = await client.get('/console/keys');
    expect(dev.text).toContain('<p class="nav-name" id="nav-group-0">Your API access</p>');
    expect(dev.text).not.toContain('Operations</p>');

    const address = `nav-ops-${process.pid}@example.com`;
    const { path, token } = await h.invite(address, 'operator');
    const ops = createConsoleClient(h.api.url);
    await ops.get(path);
    await ops.post('/console/invitation', { token, password: PASSWORD, confirm: PASSWORD });
    await ops.get('/console/sign-in');
    await ops.post('/console/sign-in', { email: address, password: PASSWORD });
    const page = await ops.get('/console/keys');
    expect(page.text).toContain('id="nav-group-1">Operations</p>');
    expect(page.text).toMatch(/aria-labelledby="nav-group-1">.*href="\/console\/ops\/held">Held/s);
  });

  it('the sign-in page speaks to operators too', async () => {
    const page = await createConsoleClient(h.api.url).get('/console/sign-in');
    expect(page.text).toContain('with an operator account, to import, review and publish country data');
  });
});
