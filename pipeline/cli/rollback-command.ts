// `lodging rollback --country CC [--to SNAPSHOT_ID]`: an earlier kept snapshot becomes current, atomically.
import { parseArgs } from 'node:util';
import { openSnapshotStore } from '../distribution/open-snapshot-store.ts';
import { MOVED, moveDirection } from '../publish/move-direction.ts';
import { COUNTRY_CODES, isCountryCode } from '../../model/place.ts';
import { parseConfig } from '../../platform/environment.ts';
import { UsageError, type CliIo } from '../../platform/cli-io.ts';

export const ROLLBACK_USAGE = `usage: lodging rollback --country CC [--to SNAPSHOT_ID] [--json]
  Makes the snapshot published before the current one (or SNAPSHOT_ID, see \`lodging snapshots\`) current: back
  to an older snapshot, or forward to a newer one (after a rollback); the pointer is replaced atomically and every API process serves it within its refresh interval (1 s).
  Exit status: 0 done; 1 nothing to roll back to, or the country is busy; 2 a usage error.`;

export async function runRollbackCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { country: { type: 'string' }, to: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected ${positionals.join(' ')}`);
  const country = values.country?.toLowerCase();
  if (!isCountryCode(country)) throw new UsageError(`--country must be one of ${COUNTRY_CODES.join(', ')}`);
  const config = parseConfig(io.env);
  const store = await openSnapshotStore(config, 'lodging-rollback');
  const result = await store.rollback(config.dataDir, country, values.to === undefined ? {} : { to: values.to }).finally(() => store.close());
  const direction = moveDirection(result.from, result.to.version);
  io.stdout(
    values.json
      ? `${JSON.stringify({ ...result, direction }, null, 2)}\n`
      : `${country} now serves snapshot ${result.to.version} (${result.to.publishedCount} published, from run ${result.to.runId}): ${MOVED[direction]} from ${result.from ?? 'nothing'}\n`,
  );
  return 0;
}
