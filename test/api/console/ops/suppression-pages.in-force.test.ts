// The Suppressions page shows the list in force: the demo data's places were suppressed by the demo's own list, shown for the
// countries still serving it; a country imported since is served under this data directory's list.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/commands.ts';
import { importFixturesWhenEmpty } from '../../../../pipeline/cli/seed-fixtures.ts';
import type { ConsoleClient } from '../../support/console-client.ts';
import { setUpSignedInOps, type OpsHarness } from './support/ops-harness.ts';

let harness: OpsHarness;
let operator: ConsoleClient;
let files: string;

setUpSignedInOps({ operator: 'in-force@example.org' }, (suite) => ({ harness, operator } = suite));
beforeAll(async () => {
  files = await mkdtemp(path.join(tmpdir(), 'lodging-suppressions-in-force-'));
  // What `npm start` does on an empty data directory: the demo data, with the fixtures' own suppression list.
  await importFixturesWhenEmpty({ env: { LODGING_DATA_DIR: harness.api.dataDir, LODGING_THREADS: '0' }, interactive: false, stdout: () => undefined, stderr: () => undefined });
}, 120_000);
afterAll(async () => {
  if (files) await rm(files, { recursive: true, force: true });
});

describe('the list in force', () => {
  it('after the demo import: the demo list, with its entries, for the four countries; this directory\'s list applies from the next import', async () => {
    const page = await operator.get('/console/ops/suppressions');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<h2 id="in-force-heading">In force now<\/h2>/);
    expect(page.text).toMatch(/Spain, United Kingdom, France and Portugal serve the demo data, imported with the demo's own list <code>fixtures\/suppression-list\.txt<\/code> \(12 entries\)/);
    expect(page.text).toContain('<code>es-es-16-suppressed-by-id</code>');
    expect(page.text).toContain('<code>hostalcalma.es</code>');
    expect(page.text).toContain('<code>+34971724418</code>');
    expect(page.text).toMatch(/until each country's next import, which applies this data directory's list instead \(\d+ entr(?:y|ies), below\)/);
  });

  it('a country imported since is served under this directory\'s list; the others still under the demo\'s', async () => {
    const file = path.join(files, 'es.jsonl');
    await writeFile(file, `${JSON.stringify({ providerId: 'a', name: 'Hotel a', address: { city: 'Sevilla' }, phone: '954 21 11 12', categories: ['Hotel'] })}\n`);
    await main(['import', '--country', 'es', '--force', '--reason', 'test', file], { env: { LODGING_DATA_DIR: harness.api.dataDir, LODGING_THREADS: '0' }, interactive: false, stdout: () => undefined, stderr: () => undefined });
    const page = await operator.get('/console/ops/suppressions');
    expect(page.text).toMatch(/United Kingdom, France and Portugal serve the demo data/);
    expect(page.text).not.toMatch(/Spain, United Kingdom/);
  });
});
