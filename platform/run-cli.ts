// Runs one `lodging` command from a table of lazily loaded command modules: help, usage errors and exit codes.
import { CommandFailure, UsageError, processIo, type CliIo } from './cli-io.ts';

export type Command = (argv: string[], io: CliIo) => Promise<number>;
export interface CommandModule {
  run: Command;
  usage: string;
}
export type CommandTable = Record<string, () => Promise<CommandModule>>;

/** A stack trace is for developers: printed only with --verbose (any command) or DEBUG set. */
function wantsStack(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  return argv.includes('--verbose') || (env.DEBUG !== undefined && env.DEBUG !== '' && env.DEBUG !== '0');
}

export async function runCli(commands: CommandTable, help: string, argv: string[], io: CliIo = processIo()): Promise<number> {
  const verbose = wantsStack(argv, io.env);
  const [name, ...rest] = argv.filter((arg) => arg !== '--verbose');
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
      if (verbose && error.cause instanceof Error && error.cause.stack) io.stderr(`${error.cause.stack}\n`);
      return 1;
    }
    if (verbose) io.stderr(`lodging ${name}: ${(error as Error).stack ?? String(error)}\n`);
    else io.stderr(`lodging ${name}: ${firstLine(error)} (run again with --verbose for details)\n`);
    return 1;
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split('\n')[0]!;
}
