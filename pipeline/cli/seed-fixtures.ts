// The first half of `lodging start` (npm start): on a data directory with no snapshot, import the demo data (the
// reviewer fixtures, with their own suppression list) as recorded runs, and say in one line which countries serve it.
import path from 'node:path';
import { COUNTRY_CODES } from '../../model/place.ts';
import type { CliIo } from '../../platform/cli-io.ts';
import { parseConfig } from '../../platform/environment.ts';
import { projectFile } from '../../platform/project-files.ts';
import { createInProcessRunner } from '../jobs/in-process-runner.ts';
import { recordImportUnknownLabels } from '../labels/unknown-label-store.ts';
import { importWithGates } from '../publish/import-with-gates.ts';
import { readPointer } from '../snapshot/snapshot-pointer.ts';
import { countriesServingDemo, DEMO_ACTOR, DEMO_SUPPRESSION_FILE } from '../suppression/lists-in-force.ts';

export { countriesServingDemo, DEMO_ACTOR };

export const START_USAGE = `usage: lodging start [serve options]
  The main job on its embedded defaults: when $LODGING_DATA_DIR has no snapshot yet, imports the demo data (the
  reviewer fixtures fixtures/<cc>/listings.jsonl with their own suppression list, in-process, each a run in the run
  history with its report, like any import), then serves the API like \`lodging serve --dev-key\`.`;

const FIXTURES = projectFile('fixtures/');

/** A path as the user would type it from the working directory. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

export async function importFixturesWhenEmpty(io: CliIo): Promise<void> {
  const config = parseConfig(io.env);
  const { dataDir } = config;
  const empty = COUNTRY_CODES.every((country) => readPointer(dataDir, country) === null);
  if (empty) {
    io.stdout(`No snapshot in ${shown(dataDir)} yet: importing the demo data.\n`);
    const runner = createInProcessRunner({ caps: config.importCaps, ...(config.threads === undefined ? {} : { threads: config.threads }) });
    try {
      for (const country of COUNTRY_CODES) {
        const { report, run } = await importWithGates({
          country,
          files: [`${FIXTURES}${country}/listings.jsonl`],
          dataDir,
          runner,
          actor: DEMO_ACTOR,
          suppressionFile: DEMO_SUPPRESSION_FILE,
          thresholds: config.gates,
          keep: config.keepSnapshots,
        });
        await recordImportUnknownLabels(dataDir, report.import, run.candidate?.file ?? null);
        const { byStatus, badLines } = report.import;
        const outcome = report.outcome === 'published' ? `${byStatus.published} published` : `${report.outcome}, nothing published`;
        io.stdout(
          `  ${country}: ${outcome}, ${byStatus.closed} closed, ${byStatus.suppressed} suppressed, ${byStatus.rejected} rejected, ` +
            `${badLines} bad lines (run ${report.runId})\n`,
        );
      }
    } finally {
      await runner.close();
    }
  }
  const demo = await countriesServingDemo(dataDir);
  if (demo.length > 0) {
    io.stdout(
      `Demo data (${demo.join(', ')}): the reviewer fixtures (fixtures/<cc>/listings.jsonl), made-up listings that each show one ` +
        'rule, so some are closed, suppressed or rejected on purpose (fixtures/README.md says which and why); their import runs ' +
        'and reports: `npx lodging runs`, or Runs in the operator console\n',
    );
  }
}
