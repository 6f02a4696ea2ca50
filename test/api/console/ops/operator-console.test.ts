// Operator pages against the real server: role checks, CSRF, suppressions, uploads that start a child import, live progress, audit.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConsoleClient } from '../../support/console-client.ts';
import { createConsoleClient } from '../../support/console-client.ts';
import { PASSWORD } from '../support/console-harness.ts';
import { postUpload, setUpSignedInOps, type OpsHarness } from './support/ops-harness.ts';

let harness: OpsHarness;
let operator: ConsoleClient;
let operatorId: string;
let developer: ConsoleClient;

setUpSignedInOps({ operator: 'ops@example.org', developer: 'dev@example.org' }, (suite) => ({ harness, operator, operatorId, developer } = suite));

const OPERATOR_PAGES = ['/console/ops/countries', '/console/ops/runs', '/console/ops/runs/r1', '/console/ops/runs/r1/report', '/console/ops/held', '/console/ops/snapshots/es', '/console/ops/accounts', '/console/ops/accounts/x', '/console/ops/imports', '/console/ops/imports/nope', '/console/ops/imports/nope/events', '/console/ops/suppressions', '/console/ops/labels', '/console/ops/queues', '/console/ops/queues/board/'];
const OPERATOR_ACTIONS: [string, Record<string, string>][] = [
  ['/console/ops/suppressions', { kind: 'id', value: 'es-x', note: 'n' }],
  ['/console/ops/suppressions/remove', { kind: 'id', value: 'es-x' }],
  ['/console/ops/labels', { label: 'Yurta', key: 'campsite', language: 'es' }],
  ['/console/ops/imports/file', { country: 'es', file: 'es.jsonl' }],
  ['/console/ops/held/r1/publish', { confirm: 'es', reason: 'r' }],
  ['/console/ops/held/r1/discard', {}],
  ['/console/ops/snapshots/es/preview', { to: 'v' }],
  ['/console/ops/snapshots/es/rollback', { to: 'v' }],
  ['/console/ops/accounts', { email: 'x@example.org' }],
  ['/console/ops/accounts/x/status', { status: 'disabled' }],
  ['/console/ops/accounts/x/role', { role: 'operator' }],
  ['/console/ops/accounts/x/invite', {}],
  ['/console/ops/keys/k/revoke', {}],
];

describe('operator pages', () => {
  it('refuse a developer account with 403 on every page and action', async () => {
    for (const page of OPERATOR_PAGES) {
      const res = await developer.get(page);
      expect(res.status, page).toBe(403);
    }
    await developer.get('/console/keys');
    for (const [action, fields] of OPERATOR_ACTIONS) {
      expect((await developer.post(action, fields)).status, action).toBe(403);
    }
    const upload = await postUpload(harness.api.url, developer, '/console/ops/imports/upload', { _csrf: developer.hidden('_csrf') ?? '', country: 'es' }, { name: 'es.jsonl', content: '{}\n' });
    expect(upload.status).toBe(403);
  });

  it('land an operator on Countries after sign-in, a developer on their keys (unless sign-in was asked for a page)', async () => {
    for (const [email, role, landing] of [
      ['land-ops@example.org', 'operator', '/console/ops/countries'],
      ['land-dev@example.org', 'developer', '/console/keys'],
    ] as const) {
      const { path: invitation, token } = await harness.invite(email, role);
      const client = createConsoleClient(harness.api.url);
      await client.get(invitation);
      expect((await client.post('/console/invitation', { token, password: PASSWORD, confirm: PASSWORD })).status).toBe(303);
      await client.get('/console/sign-in');
      expect((await client.post('/console/sign-in', { email, password: PASSWORD })).location).toBe(landing);
      expect((await client.get('/console/sign-in')).location).toBe(landing);
      expect((await client.get('/console')).location).toBe(landing);
      await client.get(landing);
      expect((await client.post('/console/sign-out', {})).status).toBe(303);
      await client.get('/console/sign-in?next=/console/ops/held');
      expect((await client.post('/console/sign-in', { email, password: PASSWORD, next: client.hidden('next') ?? '' })).location).toBe('/console/ops/held');
    }
  });

  it('send a signed-out visitor to sign in', async () => {
    const res = await fetch(`${harness.api.url}/console/ops/imports`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/console\/sign-in/);
  });

  it('show only operator links to an operator, with a strict CSP', async () => {
    const page = await operator.get('/console/ops/suppressions');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/href="\/console\/ops\/imports"/);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    const dev = await developer.get('/console/keys');
    expect(dev.text).not.toMatch(/\/console\/ops\//);
  });
});

describe('suppressions page', () => {
  it('adds with a mandatory note, lists escaped, removes; CSRF required; every change in the audit trail', async () => {
    await operator.get('/console/ops/suppressions');
    const noNote = await operator.post('/console/ops/suppressions', { kind: 'id', value: 'es-mad-1', note: '' });
    expect(noNote.status).toBe(400);
    expect(noNote.text).toMatch(/a note is required/);
    expect((await operator.post('/console/ops/suppressions', { kind: 'id', value: 'es-mad-1', note: 'x' }, { csrf: 'forged' })).status).toBe(403);
    const added = await operator.post('/console/ops/suppressions', { kind: 'id', value: 'es-mad-1', note: 'owner <script>alert(1)</script> #7' });
    expect(added.status).toBe(303);
    const list = await operator.get(added.location!);
    expect(list.text).toMatch(/applies from the next import/);
    expect(list.text).toContain('owner &lt;script&gt;alert(1)&lt;/script&gt; #7');
    expect(list.text).not.toContain('<script>alert(1)');
    const file = await readFile(path.join(harness.api.dataDir, 'suppression-list.txt'), 'utf8');
    expect(file).toContain('id es-mad-1  # owner <script>alert(1)</script> #7');
    const removed = await operator.post('/console/ops/suppressions/remove', { kind: 'id', value: 'es-mad-1' });
    expect(removed.status).toBe(303);
    expect(await readFile(path.join(harness.api.dataDir, 'suppression-list.txt'), 'utf8')).not.toContain('es-mad-1');
    const trail = await harness.api.server.stores.accounts.listAudit(operatorId, 20);
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['suppression-added', 'suppression-removed']));
    expect(trail.find((e) => e.action === 'suppression-added')).toMatchObject({ actor: operatorId, detail: expect.stringContaining('es-mad-1') });
  });
});

describe('suppression values', () => {
  it.each([
    ['a 10,000-character value', 'x'.repeat(10_000), /at most 300 characters/],
    ['a NUL', 'es-\u0000mad', /control or text-direction/],
    ['a bidi override', 'es-\u202emad', /control or text-direction/],
    ['a C1 control', 'es-\u0085mad', /control or text-direction/],
  ])('refuses %s with a 400 form error and stores nothing', async (_what, value, message) => {
    await operator.get('/console/ops/suppressions');
    const refused = await operator.post('/console/ops/suppressions', { kind: 'id', value, note: 'hostile' });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(message);
    const file = await readFile(path.join(harness.api.dataDir, 'suppression-list.txt'), 'utf8').catch(() => '');
    expect(file).not.toContain('hostile');
  });
});

describe('imports page', () => {
  const line = (id: string) => JSON.stringify({ providerId: id, name: `Hotel ${id}`, address: { city: 'Sevilla' }, phone: '954 21 11 12', categories: ['Hotel'] });

  it('refuses an upload without the CSRF token before writing anything', async () => {
    const res = await postUpload(harness.api.url, operator, '/console/ops/imports/upload', { country: 'es' }, { name: 'es.jsonl', content: `${line('a')}\n` });
    expect(res.status).toBe(403);
    expect(await readdir(path.join(harness.api.dataDir, 'imports')).catch(() => [])).toEqual([]);
  });

  it('uploads an export, runs it as a child import and streams its progress to the end', async () => {
    await operator.get('/console/ops/imports');
    const csrf = operator.hidden('_csrf')!;
    const res = await postUpload(harness.api.url, operator, '/console/ops/imports/upload', { _csrf: csrf, country: 'es' }, {
      name: 'sevilla.jsonl',
      content: `${[line('a'), line('b'), line('c')].join('\n')}\n`,
    });
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/^\/console\/ops\/imports\/[\w-]+$/);
    const stored = await readdir(path.join(harness.api.dataDir, 'imports'));
    expect(stored).toEqual([expect.stringMatching(/-sevilla\.jsonl$/)]);

    const events = await fetch(`${harness.api.url}${res.location}/events`, { headers: { cookie: `lodging_console=${operator.cookie()}` } });
    expect(events.headers.get('content-type')).toMatch(/text\/event-stream/);
    const stream = await events.text();
    const last = JSON.parse(stream.trim().split('\n\n').at(-1)!.split('\n').find((l) => l.startsWith('data: '))!.slice(6)) as {
      state: string;
      progress: { percent: number; linesRead: number };
    };
    expect(last.state).toBe('published');
    expect(last.progress).toMatchObject({ percent: 100, linesRead: 3 });

    const page = await operator.get(res.location!);
    expect(page.text).toMatch(/Published/);
    expect(page.text).not.toMatch(/http-equiv="refresh"/);
    const trail = await harness.api.server.stores.accounts.listAudit(operatorId, 20);
    expect(trail.find((e) => e.action === 'import-started')?.detail).toMatch(/^es .*-sevilla\.jsonl, job /);
    const api = await harness.api.get('/api/v1/places?country=es');
    expect(((await api.json()) as { places: unknown[] }).places).toHaveLength(3);
  }, 60_000);

  it('starts an import of a file already in the import directory, refusing names outside it', async () => {
    await operator.get('/console/ops/imports');
    const bad = await operator.post('/console/ops/imports/file', { country: 'es', file: '../keys.sqlite' });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/without folders/);
    const [name] = await readdir(path.join(harness.api.dataDir, 'imports'));
    await operator.get('/console/ops/imports');
    const started = await operator.post('/console/ops/imports/file', { country: 'es', file: name!, dryRun: 'yes' });
    expect(started.status).toBe(303);
    const running = await operator.get(started.location!);
    expect(running.text).toMatch(/dry run/i);
  }, 60_000);
});

describe('queues page', () => {
  it('says queue mode is off without REDIS_URL and how to turn it on', async () => {
    const page = await operator.get('/console/ops/queues');
    expect(page.text).toMatch(/Queue mode is off/);
    expect(page.text).toMatch(/REDIS_URL=redis:\/\/127\.0\.0\.1:6379 npx lodging worker/);
  });
});

describe('accounts page', () => {
  it('invites (link shown once), changes role, disables and revokes any key, each in the audit trail', async () => {
    await operator.get('/console/ops/accounts');
    const invited = await operator.post('/console/ops/accounts', { email: 'new@example.org', name: 'New <b>person</b>', role: 'developer' });
    expect(invited.status).toBe(200);
    expect(invited.text).toMatch(/not shown again/);
    expect(invited.text).toMatch(/value="http:\/\/[^"]+\/console\/invitation\?token=/);
    expect(invited.text).toContain('New &lt;b&gt;person&lt;/b&gt;');
    const list = await operator.get('/console/ops/accounts');
    expect(list.text).not.toMatch(/invitation\?token=/);

    const dev = (await harness.api.server.stores.accounts.listAccounts()).find((a) => a.email === 'dev@example.org')!;
    const key = await harness.api.newKey(dev.id, 'dev key');
    expect((await harness.api.get('/api/v1/key', { secret: key.secret })).status).toBe(200);
    const keys = await operator.get(`/console/ops/accounts/${dev.id}`);
    expect(keys.text).toMatch(/Revoke<span class="visually-hidden"> dev key<\/span>…/);
    expect((await operator.get(`/console/ops/keys/${key.id}/revoke`)).text).toMatch(/Revoke “dev key”\?/);
    expect((await operator.post(`/console/ops/keys/${key.id}/revoke`, {})).status).toBe(303);
    expect((await harness.api.get('/api/v1/key', { secret: key.secret })).status).toBe(401);
    const after = await operator.get(`/console/ops/accounts/${dev.id}`);
    expect(after.text).toMatch(/<h2 id="revoked-heading">Revoked keys<\/h2>[\s\S]*dev key/);
    expect(after.text).not.toMatch(/Revoke dev key/);

    await operator.get('/console/ops/accounts');
    expect((await operator.post(`/console/ops/accounts/${dev.id}/role`, { role: 'operator' })).status).toBe(303);
    await operator.get('/console/ops/accounts');
    expect((await operator.post(`/console/ops/accounts/${dev.id}/role`, { role: 'developer' })).status).toBe(303);
    const trail = await harness.api.server.stores.accounts.listAudit(dev.id, 20);
    expect(trail.filter((e) => e.actor === operatorId).map((e) => e.action)).toEqual(expect.arrayContaining(['key-revoked', 'role-changed']));
  });
});
