// What a command may touch: its output streams and the environment, passed in so commands stay testable.
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
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** An expected failure (bad configuration, unreadable file, unreachable store): one line, exit code 1, no stack. */
export class CommandFailure extends Error {
  /** cause: the underlying error, whose stack --verbose prints. */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CommandFailure';
  }
}
