// `lodging publish RUN_ID [--force --reason "…"] [--confirm-remaining N]`: publishes a held candidate after review, gates re-checked now.
import { parseArgs } from 'node:util';
import { formatDecision, formatGate } from '../report/format-publication.ts';
import { publishHeldRun } from '../publish/publish-held-run.ts';
import { openSnapshotStore } from '../distribution/open-snapshot-store.ts';
import { parseConfig } from '../../platform/environment.ts';
import { UsageError, type CliIo } from '../../platform/cli-io.ts';
import { parseForce, parseGateOptions } from './publication-options.ts';

export const PUBLISH_USAGE = `usage: lodging publish RUN_ID [--force --reason "…"] [--confirm-remaining N] [--max-rejected-share X] [--max-drop X] [--max-field-loss X] [--json]
  Publishes the candidate a refused import or a dry run holds, after checking the gates again against the
  snapshot serving now. A candidate that leaves its country no places, or removes more than half of them, needs
  --confirm-remaining N: the number of places that will remain. Exit status: 0 published; 3 still refused
  (nothing changed); 1 not held / busy / not confirmed; 2 usage.`;

/** A count of places: digits only (what a person types, not "1e3" or "-0"). */
function parseRemaining(value: string | undefined): number | null {
  if (value === undefined) return null;
  if (!/^\d{1,9}$/.test(value.trim())) throw new UsageError(`--confirm-remaining needs the number of places that will remain (digits), not "${value}"`);
  return Number(value.trim());
}

export async function runPublishCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      force: { type: 'boolean', default: false },
      reason: { type: 'string' },
      'confirm-remaining': { type: 'string' },
      'max-rejected-share': { type: 'string' },
      'max-drop': { type: 'string' },
      'max-field-loss': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) throw new UsageError('give one RUN_ID (see `lodging runs`)');
  const config = parseConfig(io.env);
  const force = parseForce(values);
  const thresholds = parseGateOptions(values, config.gates);
  const confirmRemaining = parseRemaining(values['confirm-remaining']);
  const store = await openSnapshotStore(config, 'lodging-publish');
  const result = await publishHeldRun(config.dataDir, positionals[0]!, { force, confirmRemaining, thresholds, keep: config.keepSnapshots, store }).finally(() =>
    store.close(),
  );
  if (values.json) io.stdout(`${JSON.stringify(result.run, null, 2)}\n`);
  else {
    const lines = ['Publication gates (checked against the snapshot serving now)', ...(result.run.gates ?? []).map(formatGate)];
    lines.push(result.report ? formatDecision(result.report) : result.run.outcome);
    io.stdout(`${lines.join('\n')}\n`);
  }
  if (result.exitCode === 3) io.stderr(`lodging publish: still refused by a publication gate; nothing was published (add --force --reason "…" to override)\n`);
  return result.exitCode;
}
