// `lodging generate --country CC --count N [--seed S] OUT`: write a realistic, deterministic provider export.
import { parseArgs } from 'node:util';
import { DEFAULT_SEED } from '../generate/generate-listings.ts';
import { writeGeneratedExport } from '../generate/write-generated-export.ts';
import { isCountryCode } from '../../model/place.ts';
import { UsageError, type CliIo } from '../../platform/cli-io.ts';

export const GENERATE_USAGE = `usage: lodging generate --country CC --count N [--seed S] OUT
  Writes N generated provider listings (JSON Lines; gzip when OUT ends in .gz) with the label, phone,
  URL and bad-data mixes of real exports, for trying imports and benchmarks. Same seed, same file.
  --country CC   es, gb, fr or pt
  --count N      listings to write (lines, including the few deliberately bad ones)
  --seed S       an integer seed (default ${DEFAULT_SEED})
Exit status: 0 when written; 1 when the file cannot be written; 2 for a usage error.`;

export async function runGenerateCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      country: { type: 'string' },
      count: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const country = values.country?.toLowerCase();
  if (!country) throw new UsageError('--country is required');
  if (!isCountryCode(country)) throw new UsageError(`unknown country "${values.country}": expected es, gb, fr or pt`);
  if (values.count === undefined) throw new UsageError('--count is required');
  const count = parseInteger(values.count, '--count');
  if (count < 0) throw new UsageError('--count must not be negative');
  const seed = values.seed === undefined ? DEFAULT_SEED : parseInteger(values.seed, '--seed');
  if (positionals.length !== 1) throw new UsageError('give exactly one OUT file');
  const out = positionals[0]!;

  const started = Date.now();
  try {
    const written = await writeGeneratedExport(out, { country, count, seed });
    const seconds = (Date.now() - started) / 1000;
    io.stdout(`${out}: ${written.lines} lines, ${written.bytes} bytes (${country}, seed ${seed}) in ${seconds.toFixed(1)} s\n`);
    return 0;
  } catch (error) {
    io.stderr(`lodging generate: cannot write ${out}: ${(error as Error).message}\n`);
    return 1;
  }
}

function parseInteger(text: string, option: string): number {
  const value = Number(text.replaceAll('_', ''));
  if (!/^-?\d[\d_]*$/.test(text) || !Number.isSafeInteger(value)) throw new UsageError(`${option} must be an integer, not "${text}"`);
  return value;
}
