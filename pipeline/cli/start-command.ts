// `lodging start` (npm start): on a fresh data directory, imports the bundled fixtures, then serves with a development key.
import { fileURLToPath } from 'node:url';
import { importFiles } from '../jobs/import-files.ts';
import { readPointer } from '../snapshot/snapshot-pointer.ts';
import { COUNTRY_CODES } from '../snapshot/public-place.ts';
import { loadPipelineConfig } from './cli-config.ts';
import type { CliIo } from './cli-io.ts';
import { runServeCommand, SERVE_USAGE } from './serve-command.ts';

export const START_USAGE = `usage: lodging start [serve options]
  The main job on its embedded defaults: when $LODGING_DATA_DIR has no snapshot yet, imports the bundled
  fixtures (fixtures/<cc>/listings.jsonl, in-process), then serves the API like \`lodging serve --dev-key\`.
${SERVE_USAGE.split('\n').slice(1).join('\n')}`;

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));

export async function runStartCommand(argv: string[], io: CliIo): Promise<number> {
  const { dataDir, threads } = loadPipelineConfig(io.env);
  const empty = COUNTRY_CODES.every((country) => readPointer(dataDir, country) === null);
  if (empty) {
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
  return runServeCommand(argv.includes('--dev-key') ? argv : [...argv, '--dev-key'], io);
}
