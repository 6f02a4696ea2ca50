// The first half of `lodging start` (npm start): on a data directory with no snapshot, import the demo data (the
// reviewer fixtures, with their own suppression list), keep its import reports, and say in one line what it is.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COUNTRY_CODES } from '../../model/place.ts';
import type { CliIo } from '../../platform/cli-io.ts';
import { parseConfig } from '../../platform/environment.ts';
import { projectFile } from '../../platform/project-files.ts';
import { importFiles } from '../jobs/import-files.ts';
import { readPointer } from '../snapshot/snapshot-pointer.ts';
import { DEMO_SUPPRESSION_FILE, demoReportPath } from '../suppression/lists-in-force.ts';

export { demoReportPath };

export const START_USAGE = `usage: lodging start [serve options]
  The main job on its embedded defaults: when $LODGING_DATA_DIR has no snapshot yet, imports the demo data (the
  reviewer fixtures fixtures/<cc>/listings.jsonl with their own suppression list, in-process; import reports in
  $LODGING_DATA_DIR/demo/), then serves the API like \`lodging serve --dev-key\`.`;

const FIXTURES = projectFile('fixtures/');

/** A path as the user would type it from the working directory. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

export async function importFixturesWhenEmpty(io: CliIo): Promise<void> {
  const { dataDir, threads } = parseConfig(io.env);
  const empty = COUNTRY_CODES.every((country) => readPointer(dataDir, country) === null);
  if (empty) {
    io.stdout(`No snapshot in ${shown(dataDir)} yet: importing the demo data.\n`);
    mkdirSync(path.dirname(demoReportPath(dataDir, 'es')), { recursive: true });
    for (const country of COUNTRY_CODES) {
      const { report } = await importFiles(
        { country, files: [`${FIXTURES}${country}/listings.jsonl`], dataDir, suppressionFile: DEMO_SUPPRESSION_FILE },
        threads === undefined ? {} : { threads },
      );
      writeFileSync(demoReportPath(dataDir, country), `${JSON.stringify(report, null, 2)}\n`);
      io.stdout(
        `  ${country}: ${report.byStatus.published} published, ${report.byStatus.closed} closed, ${report.byStatus.suppressed} suppressed, ` +
          `${report.byStatus.rejected} rejected, ${report.badLines} bad lines\n`,
      );
    }
  }
  if (existsSync(demoReportPath(dataDir, 'es'))) {
    io.stdout(
      'Demo data: the reviewer fixtures (fixtures/<cc>/listings.jsonl), made-up listings that each show one rule, so some are ' +
        `closed, suppressed or rejected on purpose (fixtures/README.md says which and why); import reports: ` +
        `${shown(demoReportPath(dataDir, '<cc>'))}\n`,
    );
  }
}
