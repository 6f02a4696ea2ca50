// `lodging snapshots --country CC [--json]`: the kept snapshots of a country (for rollback), which one is current.
import { parseArgs } from 'node:util';
import { openSnapshotStore } from '../distribution/open-snapshot-store.ts';
import { COUNTRY_CODES, isCountryCode } from '../../model/place.ts';
import { parseConfig } from '../../platform/environment.ts';
import { UsageError, type CliIo } from '../../platform/cli-io.ts';

export const SNAPSHOTS_USAGE = `usage: lodging snapshots --country CC [--json]
  The kept snapshots of a country, newest publication first (LODGING_KEEP_SNAPSHOTS of them, default 5): id,
  publication time, counts per status, source files (size, SHA-256), run, forced or not, which one is current.`;

export async function runSnapshotsCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { country: { type: 'string' }, json: { type: 'boolean', default: false } } });
  if (positionals.length > 0) throw new UsageError(`unexpected ${positionals.join(' ')}`);
  const country = values.country?.toLowerCase();
  if (!isCountryCode(country)) throw new UsageError(`--country must be one of ${COUNTRY_CODES.join(', ')}`);
  const config = parseConfig(io.env);
  const store = await openSnapshotStore(config, 'lodging-snapshots');
  const snapshots = await store.list(config.dataDir, country).finally(() => store.close());
  if (values.json) {
    io.stdout(`${JSON.stringify(snapshots, null, 2)}\n`);
    return 0;
  }
  if (snapshots.length === 0) {
    io.stdout(`${country} has no published snapshot\n`);
    return 0;
  }
  const lines: string[] = [];
  for (const s of snapshots) {
    const counts = s.byStatus ? `published ${s.byStatus.published}, closed ${s.byStatus.closed}, suppressed ${s.byStatus.suppressed}, rejected ${s.byStatus.rejected}` : `published ${s.publishedCount}`;
    lines.push(`${s.current ? '* ' : '  '}${s.version}  published ${s.publishedAt}  run ${s.runId}${s.forced ? `  FORCED by ${s.by}: ${s.reason}` : s.by ? `  by ${s.by}` : ''}${s.current ? '  (current)' : ''}`);
    lines.push(`    ${counts}`);
    for (const f of s.sources) lines.push(`    source ${f.name}  ${f.size} bytes  sha256 ${f.sha256}`);
  }
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}
