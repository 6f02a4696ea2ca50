// The `lodging` command table: each verb is loaded on demand from the half of the system that owns it.
import type { CliIo } from '../platform/cli-io.ts';
import { runCli, type CommandTable } from '../platform/run-cli.ts';

// Loaded on demand: `lodging import` never pays for Express, BullMQ or the MCP SDK.
const COMMANDS: CommandTable = {
  import: async () => {
    const m = await import('../pipeline/cli/import-command.ts');
    return { run: m.runImportCommand, usage: m.IMPORT_USAGE };
  },
  suppress: async () => {
    const m = await import('../pipeline/cli/suppress-command.ts');
    return { run: m.runSuppressCommand, usage: m.SUPPRESS_USAGE };
  },
  explain: async () => {
    const m = await import('../pipeline/cli/explain-command.ts');
    return { run: m.runExplainCommand, usage: m.EXPLAIN_USAGE };
  },
  fixtures: async () => {
    const m = await import('../pipeline/cli/fixtures-command.ts');
    return { run: m.runFixturesCommand, usage: m.FIXTURES_USAGE };
  },
  generate: async () => {
    const m = await import('../pipeline/cli/generate-command.ts');
    return { run: m.runGenerateCommand, usage: m.GENERATE_USAGE };
  },
  labels: async () => {
    const m = await import('../pipeline/cli/labels-command.ts');
    return { run: m.runLabelsCommand, usage: m.LABELS_USAGE };
  },
  worker: async () => {
    const m = await import('../pipeline/cli/worker-command.ts');
    return { run: m.runWorkerCommand, usage: m.WORKER_USAGE };
  },
  runs: async () => {
    const m = await import('../pipeline/cli/runs-command.ts');
    return { run: m.runRunsCommand, usage: m.RUNS_USAGE };
  },
  snapshots: async () => {
    const m = await import('../pipeline/cli/snapshots-command.ts');
    return { run: m.runSnapshotsCommand, usage: m.SNAPSHOTS_USAGE };
  },
  rollback: async () => {
    const m = await import('../pipeline/cli/rollback-command.ts');
    return { run: m.runRollbackCommand, usage: m.ROLLBACK_USAGE };
  },
  publish: async () => {
    const m = await import('../pipeline/cli/publish-command.ts');
    return { run: m.runPublishCommand, usage: m.PUBLISH_USAGE };
  },
  exports: async () => {
    const m = await import('../pipeline/cli/exports-command.ts');
    return { run: m.runExportsCommand, usage: m.EXPORTS_USAGE };
  },
  'snapshot-keys': async () => {
    const m = await import('../pipeline/cli/snapshot-keys-command.ts');
    return { run: m.runSnapshotKeysCommand, usage: m.SNAPSHOT_KEYS_USAGE };
  },
  report: async () => {
    const m = await import('../pipeline/cli/report-command.ts');
    return { run: m.runReportCommand, usage: m.REPORT_USAGE };
  },
  keys: async () => {
    const m = await import('../api/cli/keys-command.ts');
    return { run: m.runKeysCommand, usage: m.KEYS_USAGE };
  },
  accounts: async () => {
    const m = await import('../api/cli/accounts-command.ts');
    return { run: m.runAccountsCommand, usage: m.ACCOUNTS_USAGE };
  },
  serve: async () => {
    const m = await import('../api/cli/serve-command.ts');
    return { run: (argv, io) => m.runServeCommand(argv, io), usage: m.SERVE_USAGE };
  },
  // The main job on embedded defaults: the pipeline seeds an empty data directory, then the API serves it.
  start: async () => {
    const seed = await import('../pipeline/cli/seed-fixtures.ts');
    const serve = await import('../api/cli/serve-command.ts');
    return {
      usage: `${seed.START_USAGE}\n${serve.SERVE_USAGE.split('\n').slice(1).join('\n')}`,
      run: async (argv, io) => {
        await seed.importFixturesWhenEmpty(io);
        return serve.runServeCommand(argv.includes('--dev-key') ? argv : [...argv, '--dev-key'], io);
      },
    };
  },
};

const HELP = `usage: lodging <command> [options]   (from the project root: npx lodging <command>)

commands:
  start                       import the bundled fixtures when there is no snapshot, then serve (npm start)
  serve [--port N]            the REST API and MCP server
  import --country CC FILE... normalise and publish one country's export (--json, --queue)
  worker                      a BullMQ worker process for \`import --queue\`
  keys create|list|revoke|roll  API keys
  accounts create|list|invite|disable|enable|role  console accounts (invitation links)
  suppress [--remove|--list]  add (or remove, or list) an opt-out or takedown on the suppression list
  explain --country CC FILE:LINE  every rule that fired for one listing
  runs [--country CC]         run history; runs show RUN_ID, runs discard RUN_ID
  snapshots --country CC      kept snapshots of a country, which one is current
  rollback --country CC       an earlier kept snapshot becomes current (--to ID)
  exports build --country CC  write the download files (GeoParquet, JSON Lines gzip) of a served version
  publish RUN_ID              publish a held candidate (gates re-checked; --force --reason)
  report RUN_ID --html FILE   a run's self-contained HTML report
  fixtures [--update]         compare (or regenerate) the reviewer fixtures' golden records
  generate --country CC --count N OUT  a deterministic synthetic export for tests and benchmarks
  labels review|check|holdout unknown labels met by imports (accept one into data/labels/), table checks

Run \`lodging <command> --help\` for a command's options.`;

export function main(argv: string[], io?: CliIo): Promise<number> {
  return runCli(COMMANDS, HELP, argv, io);
}
