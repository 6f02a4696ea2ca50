// Why a start failed, in one line for the operator: the error start-up throws once everything it opened is closed again.
import { CommandFailure } from '../../platform/cli-io.ts';

/** Start-up failed; everything it had opened is closed again. One line for the operator, the cause for --verbose. */
export class ServerStartError extends CommandFailure {
  constructor(message: string, options: { cause: unknown }) {
    super(message, { ...options, code: 'server-start' });
    this.name = 'ServerStartError';
  }
}

export function startFailure(error: unknown, port: number, host: string | undefined): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  const where = `port ${port}${host ? ` on ${host}` : ''}`;
  if (code === 'EADDRINUSE') return `cannot listen: ${where} is already in use; stop what listens there or choose another port (--port N or PORT)`;
  if (code === 'EACCES') return `cannot listen on ${where}: permission denied; use a port above 1023`;
  if (code === 'EADDRNOTAVAIL') return `cannot listen on ${where}: this machine has no such address; check --host`;
  if (error instanceof CommandFailure) return error.message;
  return `cannot start the server: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
}
