// `lodging import --country CC FILE...`: normalise and publish one country's export, then report.
import { parseArgs } from 'node:util';
import { createInProcessRunner } from '../jobs/in-process-runner.ts';
import { ImportError, type ImportRunner } from '../jobs/runner.ts';
import { recordImportUnknownLabels } from '../labels/unknown-label-store.ts';
import { formatReport } from '../report/format-report.ts';
import { parseConfig, type Config } from '../../platform/environment.ts';
import { UsageError, type CliIo } from '../../platform/cli-io.ts';
import { createProgressDisplay } from './progress-display.ts';

export const IMPORT_USAGE = `usage: lodging import --country CC [--json] [--queue] FILE...
  Normalises one country's provider export (JSON Lines, plain or gzip) and publishes a new snapshot.
  --country CC   es, gb, fr or pt
  --json         print the report as JSON on stdout
  --queue        spread the work over \`lodging worker\` processes through BullMQ (needs REDIS_URL)
Exit status: 0 when published (bad lines are reported, never fatal); 1 for a fatal problem; 2 for a usage error.`;

export async function runImportCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      country: { type: 'string' },
      json: { type: 'boolean', default: false },
      queue: { type: 'boolean', default: false },
    },
  });
  if (!values.country) throw new UsageError('--country is required');
  if (positionals.length === 0) throw new UsageError('give at least one export FILE');
  const config = parseConfig(io.env);
  const runner = await chooseRunner(values.queue ?? false, config);
  const display = createProgressDisplay(io, `import ${values.country}`);
  try {
    const { report } = await runner.run(
      { country: values.country as never, files: positionals, dataDir: config.dataDir },
      (progress) => display.update(progress),
    );
    display.stop();
    // Kept across runs for `lodging labels review`; the report itself already lists them.
    await recordImportUnknownLabels(config.dataDir, report);
    io.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
    return 0;
  } catch (error) {
    display.stop();
    if (error instanceof ImportError) {
      io.stderr(`lodging import: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await runner.close();
  }
}

async function chooseRunner(queue: boolean, config: Config): Promise<ImportRunner> {
  if (!queue) return createInProcessRunner(config.threads === undefined ? {} : { threads: config.threads });
  if (!config.redisUrl) throw new UsageError('--queue needs REDIS_URL (e.g. redis://127.0.0.1:6379)');
  const { createBullmqRunner } = await import('../jobs/bullmq-runner.ts');
  return createBullmqRunner({ redisUrl: config.redisUrl });
}
