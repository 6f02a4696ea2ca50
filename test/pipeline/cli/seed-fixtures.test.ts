// npm start's demo import: each country a recorded run with its report, like any import, and the "Demo data" line
// names only the countries still served from it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../../model/place.ts';
import { countriesServingDemo, DEMO_ACTOR, importFixturesWhenEmpty } from '../../../pipeline/cli/seed-fixtures.ts';
import { createInProcessRunner } from '../../../pipeline/jobs/in-process-runner.ts';
import { importWithGates } from '../../../pipeline/publish/import-with-gates.ts';
import { listSnapshots } from '../../../pipeline/publish/rollback.ts';
import { localSnapshotStore } from '../../../pipeline/publish/snapshot-store.ts';
import type { PublicationReport } from '../../../pipeline/report/publication-report.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lodging-seed-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<string> {
  let out = '';
  await importFixturesWhenEmpty({ stdout: (t) => (out += t), stderr: () => undefined, env: { LODGING_DATA_DIR: dataDir, LODGING_THREADS: '0' }, interactive: false });
  return out;
}

describe('the demo import of npm start', () => {
  it('records one published run per country, with its report, that built the snapshot each country serves', async () => {
    const printed = await start();
    const runs = localSnapshotStore.runs(dataDir);
    for (const country of COUNTRY_CODES) {
      const current = listSnapshots(dataDir, country).find((s) => s.current)!;
      expect(current.sources.map((s) => s.name), country).toEqual(['listings.jsonl']);
      const run = await runs.read(current.runId!);
      expect(run).toMatchObject({ country, outcome: 'published', by: DEMO_ACTOR, publishedVersion: current.version });
      const report = await runs.readReport<PublicationReport>(run.runId);
      expect(report?.import.byLodgingType, country).toBeTruthy();
      expect(existsSync((await runs.reportFile(run.runId))!)).toBe(true);
      expect(printed).toMatch(new RegExp(`^  ${country}: ${report!.import.byStatus.published} published, .* \\(run ${run.runId}\\)$`, 'm'));
    }
    expect(printed).toMatch(/^Demo data \(es, gb, fr, pt\): the reviewer fixtures/m);
  }, 120_000);

  it('names only the countries still served from it on a later start', async () => {
    await start();
    const file = path.join(dataDir, 'es-own.jsonl');
    await writeFile(file, `${JSON.stringify({ providerId: 'own-1', name: 'Hotel Propio', address: { city: 'Sevilla' }, phone: '954 21 11 12', categories: ['Hotel'] })}\n`);
    const runner = createInProcessRunner({ threads: 0 });
    try {
      await importWithGates({ country: 'es', files: [file], dataDir, runner, force: { reason: 'own data replaces the demo' } });
    } finally {
      await runner.close();
    }
    expect(await countriesServingDemo(dataDir)).toEqual(['gb', 'fr', 'pt']);
    const again = await start();
    expect(again).not.toMatch(/importing the demo data/);
    expect(again).toMatch(/^Demo data \(gb, fr, pt\): /m);
    expect(again).not.toMatch(/Demo data \([^)]*es/);
  }, 120_000);
});
