// The `lodging` command line: dispatches to one command module per verb.
import { ImportError } from '../jobs/runner.ts';
import { UsageError, processIo, type CliIo } from './cli-io.ts';
import { IMPORT_USAGE, runImportCommand } from './import-command.ts';
import { SUPPRESS_USAGE, runSuppressCommand } from './suppress-command.ts';
import { EXPLAIN_USAGE, runExplainCommand } from './explain-command.ts';
import { FIXTURES_USAGE, runFixturesCommand } from './fixtures-command.ts';

type Command = (argv: string[], io: CliIo) => Promise<number>;

const COMMANDS: Record<string, { run: () => Promise<Command>; usage: string }> = {
  import: { run: async () => runImportCommand, usage: IMPORT_USAGE },
  suppress: { run: async () => runSuppressCommand, usage: SUPPRESS_USAGE },
  explain: { run: async () => runExplainCommand, usage: EXPLAIN_USAGE },
  fixtures: { run: async () => runFixturesCommand, usage: FIXTURES_USAGE },
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

Run \`lodging <command> --help\` for a command's options.`;

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${HELP}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`lodging: unknown command "${name}"\n\n${HELP}\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`${command.usage}\n`);
    return 0;
  }
  try {
    return await (await command.run())(rest, io);
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
