// Runs one `lodging` command from a table of lazily loaded command modules: help, usage errors and exit codes.
import { CommandFailure, UsageError, processIo, type CliIo } from './cli-io.ts';

export type Command = (argv: string[], io: CliIo) => Promise<number>;
export interface CommandModule {
  run: Command;
  usage: string;
}
export type CommandTable = Record<string, () => Promise<CommandModule>>;

export async function runCli(commands: CommandTable, help: string, argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${help}\n`);
    return name === undefined ? 2 : 0;
  }
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!load) {
    io.stderr(`lodging: unknown command "${name}"\n\n${help}\n`);
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
    if (error instanceof CommandFailure) {
      io.stderr(`lodging ${name}: ${error.message}\n`);
      return 1;
    }
    io.stderr(`lodging ${name}: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  }
}
