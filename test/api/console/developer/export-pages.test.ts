// The Exports page: each published country's version, file sizes and a copyable curl; the account's downloads today per key.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedExportsPath } from '../../../../pipeline/distribution/stored-exports.ts';
import { ES_LISTINGS } from '../../support/provider-listings.ts';
import { startConsoleHarness, type ConsoleHarness } from '../support/console-harness.ts';

let h: ConsoleHarness;
beforeAll(async () => {
  h = await startConsoleHarness('sqlite');
  await h.api.publish('es', ES_LISTINGS);
}, 60_000);
afterAll(async () => h?.close());

describe('the Exports page', () => {
  it('asks for sign-in', async () => {
    const response = await fetch(`${h.api.url}/console/exports`, { redirect: 'manual' });
    expect(response.status).toBe(303);
  });

  it('lists the version with a curl per file, and counts a key’s download of the day', async () => {
    const { client, accountId } = await h.signedIn(`exports-${process.pid}@example.com`);
    const { secret } = await h.api.newKey(accountId, 'downloads key');
    const before = await client.get('/console/exports');
    expect(before.status).toBe(200);
    const manifest = (await (await h.api.get('/api/v1/exports/es', { secret })).json()) as { version: string; files: { url: string }[] };
    expect(before.text).toContain(`ES: version ${manifest.version}`);
    expect(before.text).toContain(`/api/v1/exports/es/${manifest.version}.parquet`);
    expect(before.text).toMatch(/<label for="curl-es-parquet">/);
    expect(before.text).toContain('0 of 20');
    const download = await h.api.get(new URL(manifest.files[0]!.url).pathname, { secret });
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    const after = await client.get('/console/exports');
    expect(after.text).toContain('1 of 20');
    expect(after.text).toMatch(/GeoParquet \d[\d.,]* [KMG]i?B;/);
  });

  it('says so when this server refused the files the shared store sent for the version', async () => {
    const { client } = await h.signedIn(`exports-refused-${process.pid}@example.com`);
    const version = ((await (await h.api.get('/api/v1/exports')).json()) as { exports: { version: string }[] }).exports[0]!.version;
    const marker = refusedExportsPath(h.api.dataDir, 'es', version);
    mkdirSync(path.dirname(marker), { recursive: true });
    writeFileSync(marker, 'parquet: content digest differs\n');
    const page = await client.get('/console/exports');
    expect(page.text).toContain('GeoParquet not served here (its copy failed its check)');
  });
});
