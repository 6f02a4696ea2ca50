// `lodging exports build --country CC [--version V] [--json]`: writes the export files of a served version published before exports existed.
import { parseArgs } from 'node:util';
import { COUNTRY_CODES, isCountryCode } from '../../model/place.ts';
import { parseConfig } from '../../platform/environment.ts';
import { UsageError, type CliIo } from '../../platform/cli-io.ts';
import { exportSettingsOf } from '../distribution/open-snapshot-store.ts';
import { buildExports, keptVersion, pruneExports } from '../exports/build-exports.ts';
import { readPointer } from '../snapshot/snapshot-pointer.ts';

export const EXPORTS_USAGE = `usage: lodging exports build --country CC [--version V] [--json]
  Writes the GeoParquet and JSON Lines gzip files and the manifest of a served version (default: the current one),
  replacing any, and removes those of versions no longer kept. Publishing writes them already; this is for versions
  published before, or to rewrite them under a new LODGING_PUBLIC_URL, LODGING_EXPORTS_LICENSE or _ATTRIBUTION.`;

export async function runExportsCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { country: { type: 'string' }, version: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1 || positionals[0] !== 'build') throw new UsageError('the one subcommand is build');
  const country = values.country?.toLowerCase();
  if (!isCountryCode(country)) throw new UsageError(`--country must be one of ${COUNTRY_CODES.join(', ')}`);
  const config = parseConfig(io.env);
  const version = values.version ?? readPointer(config.dataDir, country)?.version;
  if (version === undefined) {
    io.stderr(`${country} has no published snapshot\n`);
    return 1;
  }
  const kept = keptVersion(config.dataDir, country, version);
  if (kept === null) {
    io.stderr(`${country} ${version} is not a kept published version (see lodging snapshots --country ${country})\n`);
    return 1;
  }
  const manifest = await buildExports(config.dataDir, kept, exportSettingsOf(config));
  pruneExports(config.dataDir, country);
  if (values.json) {
    io.stdout(`${JSON.stringify(manifest, null, 2)}\n`);
    return 0;
  }
  const lines = [`${country} ${version}: ${manifest.count} places`];
  for (const file of manifest.files) lines.push(`  ${file.format.padEnd(8)} ${String(file.bytes).padStart(12)} bytes  sha256 ${file.sha256}`);
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}
