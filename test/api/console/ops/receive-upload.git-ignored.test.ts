// Everything a console upload and its import leave in a data directory is git-ignored when that directory is ./data.
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOpsHarness, type OpsHarness } from './support/ops-harness.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** What the harness itself writes into the data directory (its test exports and suppression list), not the product. */
const HARNESS_FILES = [/^exports\//, /^suppression-list\.txt$/];

let harness: OpsHarness;
beforeAll(async () => {
  harness = await startOpsHarness();
}, 60_000);
afterAll(() => harness?.close());

/** The paths `git check-ignore` does not ignore, among these (relative to the repository root). */
async function notIgnored(paths: string[]): Promise<string[]> {
  const child = execFile('git', ['check-ignore', '--no-index', '--stdin'], { cwd: ROOT });
  const out = new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk) => void (text += String(chunk)));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 || code === 1 ? resolve(text) : reject(new Error(`git check-ignore exited ${code}`))));
  });
  child.stdin!.end(`${paths.join('\n')}\n`);
  const listed = new Set((await out).split('\n').filter(Boolean));
  return paths.filter((p) => !listed.has(p));
}

it('leaves nothing git would commit after an upload imported through the console', async () => {
  const { client } = await harness.signedInAs('uploads-ops@example.org', 'operator');
  const page = await client.get('/console/ops/imports');
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
  const body = new FormData();
  body.append('_csrf', csrf);
  body.append('country', 'es');
  const line = JSON.stringify({ providerId: 'u1', name: 'Hotel Subido', address: { city: 'Sevilla' }, phone: '954 21 11 12', categories: ['Hotel'] });
  body.append('export', new Blob([`${line}\n`]), 'subido.jsonl');
  const res = await fetch(`${harness.api.url}/console/ops/imports/upload`, { method: 'POST', body, headers: { cookie: `lodging_console=${client.cookie()}` }, redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(303);
  const events = await (await fetch(`${harness.api.url}${res.headers.get('location')!}/events`, { headers: { cookie: `lodging_console=${client.cookie()}` } })).text();
  expect(events).toMatch(/"state":"published"/);

  const made = (await readdir(harness.api.dataDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(harness.api.dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !HARNESS_FILES.some((pattern) => pattern.test(file)));
  expect(made.some((file) => file.startsWith('imports/'))).toBe(true);
  expect(await notIgnored(made.map((file) => `data/${file}`))).toEqual([]);
}, 60_000);
