// `lodging import --country CC FILE...`: normalise one country's export, check the publication gates, publish or hold, report.
import { parseArgs } from 'node:util';
import { createInProcessRunner } from '../jobs/in-process-runner.ts';
import { type ImportRunner } from '../jobs/runner.ts';
import { recordImportUnknownLabels } from '../labels/unknown-label-store.ts';
import { importWithGates } from '../publish/import-with-gates.ts';
import { openSnapshotStore } from '../distribution/open-snapshot-store.ts';
import { formatPublication } from '../report/format-publication.ts';
import { formatReport } from '../report/format-report.ts';
import { publicationCounts } from '../runs/publish-wording.ts';
import { parseConfig, type Config } from '../../platform/environment.ts';
import { UsageError, type CliIo } from '../../platform/cli-io.ts';
import { parseGateOptions, parseForce } from './publication-options.ts';
import { createProgressDisplay } from './progress-display.ts';
import { formatProgressLine } from './progress-line.ts';

export const IMPORT_USAGE = `usage: lodging import --country CC [--json] [--queue] [--dry-run] [--force --reason "…"] FILE...
  Normalises one country's provider export (JSON Lines, plain or gzip) into a candidate snapshot, checks the
  publication gates against the snapshot serving now, and publishes it (or holds it when a gate fails).
  --country CC               es, gb, fr or pt
  --json                     print the report as JSON on stdout
  --queue                    spread the work over \`lodging worker\` processes through BullMQ (needs REDIS_URL)
  --wait-for-workers S       --queue: fail (publishing nothing) when no worker is connected for S seconds (default 60)
  --dry-run                  the whole import, gates, diff and report, without publishing (candidate held for review)
  --force --reason "…"       publish even when a gate fails; who and why are recorded
  --max-rejected-share X     refuse when more than this share of lines is rejected or unreadable
                             (default LODGING_GATE_MAX_REJECTED_SHARE or 0.5)
  --max-drop X               refuse when the published count falls by more than this share (from 100 published;
                             default LODGING_GATE_MAX_DROP or 0.1)
  --max-field-loss X         refuse when more than this share of the places kept from the served snapshot (same id)
                             lose a field they had (0 to 1; from 100 kept places; new places never refuse;
                             default LODGING_GATE_MAX_FIELD_LOSS or 0.2)
  --progress json            progress as one JSON object per stderr line (what the operator console reads)
  --actor NAME               who is recorded as running it (default the OS user; the console passes its account)
  --name NAME                the name a FILE is recorded and shown by, once per FILE in order (default its own
                             file name; the console passes an upload's original name)
Exit status: 0 published (or dry run passed); 3 refused by a publication gate (nothing published, candidate held);
1 a fatal problem (nothing published); 2 a usage error.`;

export async function runImportCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      country: { type: 'string' },
      json: { type: 'boolean', default: false },
      queue: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      reason: { type: 'string' },
      'max-rejected-share': { type: 'string' },
      'max-drop': { type: 'string' },
      'max-field-loss': { type: 'string' },
      'wait-for-workers': { type: 'string' },
      progress: { type: 'string' },
      actor: { type: 'string' },
      name: { type: 'string', multiple: true },
    },
  });
  if (!values.country) throw new UsageError('--country is required');
  if (positionals.length === 0) throw new UsageError('give at least one export FILE');
  if (values.progress !== undefined && values.progress !== 'json') throw new UsageError('--progress takes json');
  const names = values.name;
  if (names && names.length !== positionals.length) throw new UsageError(`give one --name per FILE (${names.length} names for ${positionals.length} files)`);
  if (names?.some((n) => n.trim() === '' || n.length > 255)) throw new UsageError('--name must be a file name of 1 to 255 characters');
  const config = parseConfig(io.env);
  const thresholds = parseGateOptions(values, config.gates);
  const force = parseForce(values);
  let waitForWorkersMs: number | undefined;
  if (values['wait-for-workers'] !== undefined) {
    const seconds = Number(values['wait-for-workers']);
    if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError('--wait-for-workers must be a number of seconds above 0');
    if (!values.queue) throw new UsageError('--wait-for-workers only applies with --queue');
    waitForWorkersMs = seconds * 1000;
  }
  const runner = await chooseRunner(values.queue ?? false, config);
  const store = await openSnapshotStore(config, 'lodging-import').catch(async (error: unknown) => {
    await runner.close();
    throw error;
  });
  const jsonProgress = values.progress === 'json';
  const display = createProgressDisplay(io, `import ${values.country}`, jsonProgress ? 'json' : 'auto');
  try {
    const result = await importWithGates({
      country: values.country,
      files: positionals,
      dataDir: config.dataDir,
      runner,
      dryRun: values['dry-run'] ?? false,
      force,
      thresholds,
      keep: config.keepSnapshots,
      store,
      onProgress: (progress) => display.update(progress),
      onNotice: (line) => io.stderr(jsonProgress ? formatProgressLine({ event: 'notice', text: line }) : `lodging import: ${line}\n`),
      onStarted: (run) => {
        if (jsonProgress) io.stderr(formatProgressLine({ event: 'started', runId: run.runId }));
      },
      ...(values.actor ? { actor: values.actor } : {}),
      ...(names ? { names } : {}),
      ...(waitForWorkersMs === undefined ? {} : { waitForWorkersMs }),
    });
    display.stop();
    const { report } = result;
    // Kept across runs for `lodging labels review`; the report itself already lists them.
    await recordImportUnknownLabels(config.dataDir, report.import, result.run.candidate?.file ?? null);
    if (values.json) {
      // publishedCount: what this run made the API serve (0 unless published); candidateCount: what its candidate would serve.
      const counts = publicationCounts(report.outcome, result.run.candidate?.publishedCount ?? report.import.byStatus.published);
      const json = { ...report.import, ...counts, outcome: report.outcome, gates: report.gates, forced: report.forced, diff: report.diff, fieldQuality: report.fieldQuality ?? null, reportHtml: result.reportHtml, advice: report.advice ?? [], nextSteps: report.nextSteps };
      io.stdout(`${JSON.stringify(json, null, 2)}\n`);
    } else {
      io.stdout(formatReport(report.import) + formatPublication(report, result.reportHtml));
    }
    if (result.exitCode === 3) io.stderr(`lodging import: refused by a publication gate; nothing was published (run ${report.runId}, report ${result.reportHtml})\n`);
    return result.exitCode;
  } finally {
    display.stop();
    await runner.close();
    // An open NATS connection would keep the process alive after its report.
    await store.close();
  }
}

async function chooseRunner(queue: boolean, config: Config): Promise<ImportRunner> {
  if (!queue) return createInProcessRunner({ caps: config.importCaps, ...(config.threads === undefined ? {} : { threads: config.threads }) });
  if (!config.redisUrl) throw new UsageError('--queue needs REDIS_URL (e.g. redis://127.0.0.1:6379)');
  const { createBullmqRunner } = await import('../jobs/bullmq-runner.ts');
  const { queuePrefixOf } = await import('../jobs/queue-names.ts');
  return createBullmqRunner({ redisUrl: config.redisUrl, queuePrefix: queuePrefixOf(config.redisPrefix), caps: config.importCaps });
}
