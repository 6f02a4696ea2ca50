// Prototype-named option values, unreadable form bodies and hostile query parameters are 4xx on every console form, the API and the CLI; never a 500.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeysCommand } from '../../api/cli/keys-command.ts';
import { UsageError } from '../../platform/cli-io.ts';
import { startOpsHarness, type OpsHarness } from '../api/console/ops/support/ops-harness.ts';
import type { ConsoleClient } from '../api/support/console-client.ts';

const HOSTILE = ['toString', '__proto__', 'constructor'] as const;

let harness: OpsHarness;
let labelsDir: string;
let developer: ConsoleClient;
let operator: ConsoleClient;
let developerId: string;
let keyId: string;

beforeAll(async () => {
  labelsDir = await mkdtemp(path.join(tmpdir(), 'lodging-hostile-labels-'));
  harness = await startOpsHarness('sqlite', { env: { LODGING_LABELS_DIR: labelsDir } });
  ({ client: developer, accountId: developerId } = await harness.signedInAs('hostile-dev@example.org', 'developer'));
  ({ client: operator } = await harness.signedInAs('hostile-ops@example.org', 'operator'));
  await developer.get('/console/keys');
  await developer.post('/console/keys', { name: 'target', expiry: 'none', nonce: developer.hidden('nonce') ?? '' });
  const list = await developer.get('/console/keys');
  keyId = /href="\/console\/keys\/(key_[A-Za-z0-9_-]+)"/.exec(list.text)![1]!;
}, 60_000);
afterAll(async () => {
  await harness?.close();
  await rm(labelsDir, { recursive: true, force: true });
});

/** Nothing the server logged for these requests is an unhandled failure. */
const unhandled = () => harness.logs.filter((line) => /"level":50|unhandled error|console request failed/.test(line));

describe('developer console', () => {
  it.each(HOSTILE)('key roll with overlap=%s is a 400 with the error beside the field, and the key is not rolled', async (overlap) => {
    await developer.get(`/console/keys/${keyId}`);
    const res = await developer.post(`/console/keys/${keyId}/roll`, { overlap, nonce: developer.hidden('nonce') ?? '' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('id="field-overlap-error"');
    expect(res.text).toContain('Choose when the old key stops working.');
    expect((await developer.get(`/console/keys/${keyId}`)).text).not.toContain('Replaced by');
  });

  it.each(HOSTILE)('key creation with expiry=%s is a 400 beside the expiry field, and no key is made', async (expiry) => {
    await developer.get('/console/keys');
    const res = await developer.post('/console/keys', { name: `made with ${expiry}`, expiry, nonce: developer.hidden('nonce') ?? '' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('id="field-expiry-error"');
    expect((await developer.get('/console/keys')).text).not.toContain(`made with ${expiry}`);
  });

  it.each(HOSTILE)('notice=%s on the keys and sign-in pages shows no notice (200)', async (notice) => {
    expect((await developer.get(`/console/keys?notice=${notice}`)).status).toBe(200);
    const fresh = await fetch(`${harness.api.url}/console/sign-in?notice=${notice}&next=${notice}`, { redirect: 'manual' });
    expect(fresh.status).toBe(200);
  });

  it('a repeated field is a 400, not a 500', async () => {
    await developer.get(`/console/keys/${keyId}`);
    const body = new URLSearchParams([['overlap', 'now'], ['overlap', '7d'], ['nonce', developer.hidden('nonce') ?? ''], ['_csrf', developer.hidden('_csrf') ?? '']]);
    const res = await fetch(`${harness.api.url}/console/keys/${keyId}/roll`, {
      method: 'POST',
      body: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `lodging_console=${developer.cookie()}` },
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
  });
});

describe('operator console', () => {
  it.each(HOSTILE)('account role and status of %s are 4xx and change nothing', async (value) => {
    await operator.get('/console/ops/accounts');
    expect((await operator.post(`/console/ops/accounts/${developerId}/role`, { role: value })).status).toBe(400);
    await operator.get('/console/ops/accounts');
    expect((await operator.post(`/console/ops/accounts/${developerId}/status`, { status: value })).status).toBe(400);
    await operator.get('/console/ops/accounts');
    const invite = await operator.post('/console/ops/accounts', { email: `x-${value.replace(/_/g, '')}@example.org`, role: value });
    expect(invite.status).toBe(400);
    expect(invite.text).toContain('id="field-role-error"');
    const page = await operator.get('/console/ops/accounts');
    expect(page.text).toMatch(/hostile-dev@example\.org[\s\S]*?<td[^>]*>developer<\/td><td[^>]*><span class="badge active">active<\/span>/);
  });

  it.each(HOSTILE)('suppression kind=%s is a 400 naming the field, and the list is unchanged', async (kind) => {
    await operator.get('/console/ops/suppressions');
    const res = await operator.post('/console/ops/suppressions', { kind, value: 'es-mad-1', note: 'test' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('kind must be one of');
    await operator.get('/console/ops/suppressions');
    expect((await operator.post('/console/ops/suppressions/remove', { kind, value: 'es-mad-1' })).status).toBe(400);
  });

  it('a suppression domain of dots is a 400 beside the value field', async () => {
    await operator.get('/console/ops/suppressions');
    const res = await operator.post('/console/ops/suppressions', { kind: 'domain', value: '.', note: 'asked by the owner' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('a domain needs a name');
  });

  it.each(HOSTILE)('%s as label key and language, snapshot, import file and country, and page filters: 4xx or ignored, never 500', async (value) => {
    await operator.get('/console/ops/labels');
    expect((await operator.post('/console/ops/labels', { label: 'hostel', key: value, language: value })).status).toBeGreaterThanOrEqual(400);
    await operator.get('/console/ops/snapshots/es');
    const preview = await operator.post('/console/ops/snapshots/es/preview', { to: value });
    expect(preview.status).toBeGreaterThanOrEqual(400);
    expect(preview.status).toBeLessThan(500);
    await operator.get('/console/ops/imports');
    const started = await operator.post('/console/ops/imports/file', { file: value, country: value });
    expect(started.status).toBeGreaterThanOrEqual(400);
    expect(started.status).toBeLessThan(500);
    for (const page of [`/console/ops/runs?country=${value}&outcome=${value}`, `/console/ops/labels?country=${value}`, `/console/ops/imports?country=${value}`, `/console/ops/held?notice=${value}`]) {
      expect((await operator.get(page)).status, page).toBe(200);
    }
  });
});

describe('unreadable form bodies', () => {
  const post = (body: string, contentType: string) =>
    fetch(`${harness.api.url}/console/sign-in`, { method: 'POST', body, headers: { 'content-type': contentType }, redirect: 'manual' });

  it('a form in charset=utf-7 is a 415 page inside the console layout', async () => {
    const res = await post('email=a%40b.c&password=x', 'application/x-www-form-urlencoded; charset=utf-7');
    expect(res.status).toBe(415);
    const text = await res.text();
    expect(text).toContain('UTF-8');
    expect(text).toContain('<a href="/console">Go to the console</a>');
    expect(text).toContain('console.css');
  });

  it('a form over the size limit is a 413, one with too many fields a 413, an aborted gzip body a 4xx', async () => {
    expect((await post(`email=${'a'.repeat(20_000)}`, 'application/x-www-form-urlencoded')).status).toBe(413);
    expect((await post(Array.from({ length: 40 }, (_, i) => `f${i}=1`).join('&'), 'application/x-www-form-urlencoded')).status).toBe(413);
    const gz = await fetch(`${harness.api.url}/console/sign-in`, {
      method: 'POST',
      body: 'not gzip',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
      redirect: 'manual',
    });
    expect(gz.status).toBeGreaterThanOrEqual(400);
    expect(gz.status).toBeLessThan(500);
  });

  it('none of the requests above logged an unhandled failure', () => {
    expect(unhandled()).toEqual([]);
  });
});

describe('the API', () => {
  it('prototype names as query parameters are named in the problem+json errors list (400)', async () => {
    const res = await harness.api.get('/api/v1/places?country=es&__proto__=x&constructor=y&toString=z');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { parameter: string }[] };
    expect(body.errors.map((e) => e.parameter).sort()).toEqual(['__proto__', 'constructor', 'toString']);
  });

  it.each(HOSTILE)('%s as country and lodgingType is a 400 naming both parameters', async (value) => {
    const res = await harness.api.get(`/api/v1/places?country=${value}&lodgingType=${value}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { parameter: string }[] };
    expect(body.errors.map((e) => e.parameter).sort()).toEqual(['country', 'lodgingType']);
  });
});

describe('the CLI', () => {
  it.each(HOSTILE)('keys roll --overlap %s is a usage error (exit 2)', async (overlap) => {
    const io = { stdout: () => undefined, stderr: () => undefined, env: { LODGING_DATA_DIR: harness.api.dataDir } };
    await expect(runKeysCommand(['roll', keyId, '--overlap', overlap], io)).rejects.toBeInstanceOf(UsageError);
  });
});
