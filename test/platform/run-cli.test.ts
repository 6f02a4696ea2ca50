// The one mapping of thrown errors to exit codes: 2 for a usage mistake (with the help), 1 for the rest; an error of the root prints one line.
import { describe, expect, it } from 'vitest';
import { CommandFailure, UsageError } from '../../platform/cli-io.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { exitCodeOf, runCli } from '../../platform/run-cli.ts';
import type { CommandTable } from '../../platform/run-cli.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (s: string) => void out.push(s), stderr: (s: string) => void err.push(s), env: {} } };
}

const throwing = (error: unknown): CommandTable => ({
  demo: async () => ({
    usage: 'usage: lodging demo',
    run: async () => {
      throw error;
    },
  }),
});

describe('exitCodeOf', () => {
  it('2 for a usage mistake (ours or node:util parseArgs), 1 for anything else', () => {
    expect(exitCodeOf(new UsageError('--overlap must be now, 24h or 7d'))).toBe(2);
    expect(exitCodeOf(Object.assign(new TypeError('Unknown option'), { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' }))).toBe(2);
    expect(exitCodeOf(new CommandFailure('x'))).toBe(1);
    expect(exitCodeOf(new AppError('x', { code: 'x', status: 404 }))).toBe(1);
    expect(exitCodeOf(new Error('x'))).toBe(1);
    expect(exitCodeOf(null)).toBe(1);
  });
});

describe('runCli', () => {
  it('a usage mistake prints the message and the usage, exit 2', async () => {
    const t = capture();
    expect(await runCli(throwing(new UsageError('--overlap must be now, 24h or 7d')), 'help', ['demo'], t.io)).toBe(2);
    expect(t.err.join('')).toBe('lodging demo: --overlap must be now, 24h or 7d\n\nusage: lodging demo\n');
  });

  it('an error of the root prints its one line, exit 1; an unexpected one points to --verbose', async () => {
    const t = capture();
    expect(await runCli(throwing(new AppError('no such key', { code: 'key-not-found', status: 404 })), 'help', ['demo'], t.io)).toBe(1);
    expect(t.err.join('')).toBe('lodging demo: no such key\n');
    const u = capture();
    expect(await runCli(throwing(new TypeError('boom')), 'help', ['demo'], u.io)).toBe(1);
    expect(u.err.join('')).toBe('lodging demo: TypeError: boom (run again with --verbose for details)\n');
  });
});
