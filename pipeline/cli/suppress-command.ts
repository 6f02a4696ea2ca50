// `lodging suppress`: add an opt-out or takedown to the suppression list, remove one, or list them with their notes.
import { parseArgs } from 'node:util';
import {
  addSuppression,
  listSuppressions,
  removeSuppression,
  SuppressionInputError,
  type SuppressionKind,
} from '../suppression/suppressions.ts';
import { parseConfig } from '../../platform/environment.ts';
import { isCountryCode, type CountryCode } from '../../model/place.ts';
import { CommandFailure, UsageError, type CliIo } from '../../platform/cli-io.ts';

export const SUPPRESS_USAGE = `usage: lodging suppress (--id PLACE_ID | --phone PHONE [--country CC] | --domain DOMAIN_OR_URL) --note "who asked, when"
       lodging suppress --remove (--id PLACE_ID | --phone PHONE [--country CC] | --domain DOMAIN_OR_URL)
       lodging suppress --list [--json]
  Adds an entry to (or removes one from) $LODGING_DATA_DIR/suppression-list.txt, or lists the entries with their notes,
  who added them and when. Values are stored in their canonical form: a URL or host as its registrable domain
  (https://www.Hotel.es/x -> hotel.es), a phone in E.164 (+34912345678; a national number needs --country), an id
  as given (a warning when no current snapshot has it). A change applies from the next import of the country.
  --actor NAME   who is recorded as adding it (default the OS user)`;

const FLAG: Record<string, string> = { kind: '--id, --phone or --domain', value: 'the value', note: '--note' };

export async function runSuppressCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      id: { type: 'string' },
      phone: { type: 'string' },
      domain: { type: 'string' },
      note: { type: 'string' },
      remove: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      country: { type: 'string' },
      actor: { type: 'string' },
    },
  });
  const { dataDir } = parseConfig(io.env);
  if (values.list) {
    if (values.remove || values.id !== undefined || values.phone !== undefined || values.domain !== undefined) {
      throw new UsageError('--list takes no entry');
    }
    const listing = await listSuppressions(dataDir);
    if (values.json) {
      const entries = listing.entries.map(({ kind, value, note, line, addedAt, addedBy }) => ({ kind, value, note, line, ...(addedAt ? { addedAt, addedBy } : {}) }));
      io.stdout(`${JSON.stringify({ file: listing.file, entries, errors: listing.errors }, null, 2)}\n`);
    } else {
      io.stdout(`${listing.file}: ${listing.entries.length} entr${listing.entries.length === 1 ? 'y' : 'ies'}\n`);
      for (const e of listing.entries) io.stdout(`  ${e.kind} ${e.value}${e.note ? `  # ${e.note}` : ''}${e.addedAt ? `  (added ${e.addedAt} by ${e.addedBy})` : ''}\n`);
      for (const e of listing.errors) io.stdout(`  line ${e.line}: ${e.message}\n`);
    }
    return 0;
  }
  const given = (['id', 'phone', 'domain'] as const).filter((kind) => values[kind] !== undefined);
  if (given.length !== 1) throw new UsageError('give exactly one of --id, --phone, --domain');
  const kind: SuppressionKind = given[0]!;
  const value = values[kind]!;
  if (values.country !== undefined && !isCountryCode(values.country)) throw new UsageError('--country must be es, gb, fr or pt');
  if (values.country !== undefined && kind !== 'phone') throw new UsageError('--country applies to --phone only');
  const country = values.country === undefined ? null : (values.country as CountryCode);
  try {
    if (values.remove) {
      if (values.note !== undefined) throw new UsageError('--remove takes no --note');
      const { removed, file } = await removeSuppression(dataDir, { kind, value, country });
      if (removed.length === 0) throw new CommandFailure(`not in ${file}: ${kind} ${value.trim()}`);
      for (const e of removed) io.stdout(`removed from ${file}: ${e.kind} ${e.value}${e.note ? `  # ${e.note}` : ''}\n`);
      io.stdout('It takes effect at the next import of the country.\n');
      return 0;
    }
    const result = await addSuppression(dataDir, { kind, value, note: values.note ?? '', country, ...(values.actor ? { by: values.actor } : {}) });
    io.stdout(result.added ? `added to ${result.file}: ${result.line}\n` : `already in ${result.file}: ${kind} ${result.value}\n`);
    for (const warning of result.warnings) io.stderr(`lodging suppress: warning: ${warning}\n`);
    io.stdout('It takes effect at the next import of the country.\n');
    return 0;
  } catch (error) {
    if (error instanceof SuppressionInputError) {
      const flag = error.field === 'value' ? `--${kind}` : FLAG[error.field];
      throw new UsageError(`${flag}: ${error.message}`);
    }
    throw error;
  }
}
