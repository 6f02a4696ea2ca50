// The first half of `lodging start` (npm start): on a data directory with no snapshot, import the bundled fixtures.
import { fileURLToPath } from 'node:url';
import { COUNTRY_CODES } from '../../model/place.ts';
import type { CliIo } from '../../platform/cli-io.ts';
import { parseConfig } from '../../platform/environment.ts';
import { importFiles } from '../jobs/import-files.ts';
import { readPointer } from '../snapshot/snapshot-pointer.ts';

export const START_USAGE = `usage: lodging start [serve options]
  The main job on its embedded defaults: when $LODGING_DATA_DIR has no snapshot yet, imports the bundled
  fixtures (fixtures/<cc>/listings.jsonl, in-process), then serves the API like \`lodging serve --dev-key\`.`;

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));

export async function importFixturesWhenEmpty(io: CliIo): Promise<void> {
  const { dataDir, threads } = parseConfig(io.env);
  const empty = COUNTRY_CODES.every((country) => readPointer(dataDir, country) === null);
  if (!empty) return;
  io.stdout(`No snapshot in ${dataDir} yet: importing the bundled fixtures.\n`);
  for (const country of COUNTRY_CODES) {
    const { report } = await importFiles(
      { country, files: [`${FIXTURES}${country}/listings.jsonl`], dataDir },
      threads === undefined ? {} : { threads },
    );
    io.stdout(
      `  ${country}: ${report.byStatus.published} published, ${report.byStatus.rejected} rejected, ${report.badLines} bad lines\n`,
    );
  }
}
