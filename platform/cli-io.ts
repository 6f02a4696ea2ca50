// What a command may touch: its output streams and the environment, passed in so commands stay testable.
import { AppError } from './errors/app-error.ts';
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** True when stderr is a terminal (progress bar) rather than a pipe or file (plain lines). */
  interactive?: boolean;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    interactive: Boolean(process.stderr.isTTY),
  };
}

/** A usage mistake: printed with the command's help, exit code 2. */
export class UsageError extends AppError {
  constructor(message: string) {
    super(message, { code: 'usage', status: 400 });
    this.name = 'UsageError';
  }
}

/** An expected failure (bad configuration, unreadable file, unreachable store): one line, exit code 1, no stack. */
export class CommandFailure extends AppError {
  /** cause: the underlying error, whose stack --verbose prints; code and status: what a web surface makes of it. */
  constructor(message: string, options: { cause?: unknown; code?: string; status?: number; publicMessage?: string } = {}) {
    super(message, { ...options, code: options.code ?? 'command-failure' });
    this.name = 'CommandFailure';
  }
}
