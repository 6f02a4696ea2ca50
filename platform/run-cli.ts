// Runs one `lodging` command from a table of lazily loaded command modules: help, usage errors and exit codes.
import { UsageError, processIo, type CliIo } from './cli-io.ts';
import { AppError } from './errors/app-error.ts';

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
    const exitCode = exitCodeOf(error);
    if (exitCode === 2) {
      io.stderr(`lodging ${name}: ${(error as Error).message}\n\n${command.usage}\n`);
    } else if (error instanceof AppError) {
      io.stderr(`lodging ${name}: ${error.message}\n`);
      if (verbose && error.cause instanceof Error && error.cause.stack) io.stderr(`${error.cause.stack}\n`);
    } else if (verbose) io.stderr(`lodging ${name}: ${(error as Error).stack ?? String(error)}\n`);
    else io.stderr(`lodging ${name}: ${firstLine(error)} (run again with --verbose for details)\n`);
    return exitCode;
  }
}

/**
 * The one mapping of thrown errors to exit codes: 2 a usage mistake (printed with the command's help), 1 any other
 * failure: an expected one (the error root) as one line, anything else with a hint to --verbose. Codes above 2 are
 * returned by commands, never thrown.
 */
export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError || (error as { code?: unknown } | null)?.code?.toString().startsWith('ERR_PARSE_ARGS')) return 2;
  return 1;
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split('\n')[0]!;
}
