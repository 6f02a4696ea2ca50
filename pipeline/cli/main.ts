// The `lodging` command line: dispatches to one command module per verb.
import { ImportError } from '../jobs/runner.ts';
import { UsageError, processIo, type CliIo } from './cli-io.ts';

type Command = (argv: string[], io: CliIo) => Promise<number>;
interface CommandModule {
  run: Command;
  usage: string;
}

// Loaded on demand: `lodging import` never pays for Express, BullMQ or the MCP SDK.
const COMMANDS: Record<string, () => Promise<CommandModule>> = {
  import: async () => {
    const m = await import('./import-command.ts');
    return { run: m.runImportCommand, usage: m.IMPORT_USAGE };
  },
  suppress: async () => {
    const m = await import('./suppress-command.ts');
    return { run: m.runSuppressCommand, usage: m.SUPPRESS_USAGE };
  },
  explain: async () => {
    const m = await import('./explain-command.ts');
    return { run: m.runExplainCommand, usage: m.EXPLAIN_USAGE };
  },
  fixtures: async () => {
    const m = await import('./fixtures-command.ts');
    return { run: m.runFixturesCommand, usage: m.FIXTURES_USAGE };
  },
  generate: async () => {
    const m = await import('./generate-command.ts');
    return { run: m.runGenerateCommand, usage: m.GENERATE_USAGE };
  },
  keys: async () => {
    const m = await import('./keys-command.ts');
    return { run: m.runKeysCommand, usage: m.KEYS_USAGE };
  },
  serve: async () => {
    const m = await import('./serve-command.ts');
    return { run: (argv, io) => m.runServeCommand(argv, io), usage: m.SERVE_USAGE };
  },
  start: async () => {
    const m = await import('./start-command.ts');
    return { run: m.runStartCommand, usage: m.START_USAGE };
  },
  worker: async () => {
    const m = await import('./worker-command.ts');
    return { run: m.runWorkerCommand, usage: m.WORKER_USAGE };
  },
};

const HELP = `usage: lodging <command> [options]

commands:
  start                       import the bundled fixtures when there is no snapshot, then serve (npm start)
  serve [--port N]            the REST API and MCP server
  import --country CC FILE... normalise and publish one country's export (--json, --queue)
  worker                      a BullMQ worker process for \`import --queue\`
  keys create|list|revoke     API keys
  suppress                    add an opt-out or takedown to the suppression list
  explain FILE:LINE           every rule that fired for one listing
  fixtures [--update]         compare (or regenerate) the reviewer fixtures' golden records
  generate --country CC --count N OUT  a deterministic synthetic export for tests and benchmarks

Run \`lodging <command> --help\` for a command's options.`;

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${HELP}\n`);
    return name === undefined ? 2 : 0;
  }
  const load = COMMANDS[name];
  if (!load) {
    io.stderr(`lodging: unknown command "${name}"\n\n${HELP}\n`);
    return 2;
  }
  const command = await load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`lodging ${name}: ${(error as Error).message}\n\n${command.usage}\n`);
      return 2;
    }
    if (error instanceof ImportError) {
      io.stderr(`lodging ${name}: ${error.message}\n`);
      return 1;
    }
    io.stderr(`lodging ${name}: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}
