// `lodging suppress --id|--phone|--domain VALUE --note "..."`: adds an opt-out or takedown to the suppression list.
import { parseArgs } from 'node:util';
import { suppressionFilePath, appendSuppressionEntry } from '../suppression/suppression-file.ts';
import type { SuppressionKind } from '../normalise/suppression.ts';
import { parseConfig } from '../../platform/environment.ts';
import { UsageError, type CliIo } from '../../platform/cli-io.ts';

export const SUPPRESS_USAGE = `usage: lodging suppress (--id PLACE_ID | --phone E164 | --domain DOMAIN) --note "who asked, when"
  Adds an entry to $LODGING_DATA_DIR/suppression-list.txt. It applies from the next import of the country.`;

export async function runSuppressCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      id: { type: 'string' },
      phone: { type: 'string' },
      domain: { type: 'string' },
      note: { type: 'string' },
    },
  });
  const given = (['id', 'phone', 'domain'] as const).filter((kind) => values[kind] !== undefined);
  if (given.length !== 1) throw new UsageError('give exactly one of --id, --phone, --domain');
  const kind: SuppressionKind = given[0]!;
  const value = values[kind]!.trim();
  if (value === '') throw new UsageError(`--${kind} needs a value`);
  if (kind === 'phone' && !/^\+[1-9]\d{6,14}$/.test(value.replace(/[\s().-]/g, ''))) {
    throw new UsageError('--phone takes an E.164 number such as +34912345678');
  }
  if (!values.note?.trim()) throw new UsageError('--note is required: say who asked and when, for the review');
  const { dataDir } = parseConfig(io.env);
  const result = await appendSuppressionEntry(dataDir, kind, value, values.note);
  const file = suppressionFilePath(dataDir);
  io.stdout(result.added ? `added to ${file}: ${result.line}\n` : `already in ${file}: ${kind} ${value}\n`);
  io.stdout('It takes effect at the next import of the country.\n');
  return 0;
}
