// The error root: a stable code, an HTTP status (500 by default) and a message safe to show (never a 5xx's own text).
import { describe, expect, it } from 'vitest';
import { CommandFailure, UsageError } from '../../../platform/cli-io.ts';
import { AppError, GENERIC_PUBLIC_MESSAGE, isAppError } from '../../../platform/errors/app-error.ts';

describe('AppError', () => {
  it('a client mistake shows its own message; a failure of ours shows the generic sentence', () => {
    const mistake = new AppError('no such key', { code: 'key-not-found', status: 404 });
    expect([mistake.code, mistake.status, mistake.publicMessage]).toEqual(['key-not-found', 404, 'no such key']);
    const ours = new AppError('store /var/data/keys.db failed', { code: 'store' });
    expect([ours.status, ours.publicMessage]).toEqual([500, GENERIC_PUBLIC_MESSAGE]);
    expect(new AppError('x', { code: 'c', publicMessage: 'shown' }).publicMessage).toBe('shown');
  });

  it('keeps the cause for logs and --verbose', () => {
    const cause = new Error('ECONNREFUSED');
    expect(new AppError('down', { code: 'down', cause }).cause).toBe(cause);
    expect(new AppError('down', { code: 'down' }).cause).toBeUndefined();
  });

  it('the CLI failures derive from it and keep their names and messages', () => {
    const usage = new UsageError('--overlap must be now, 24h or 7d');
    const failure = new CommandFailure('cannot open the store', { cause: new Error('x') });
    expect([usage.name, usage.code, usage.status, usage.message]).toEqual(['UsageError', 'usage', 400, '--overlap must be now, 24h or 7d']);
    expect([failure.name, failure.code, failure.status]).toEqual(['CommandFailure', 'command-failure', 500]);
    expect(isAppError(usage) && isAppError(failure) && !isAppError(new Error('plain'))).toBe(true);
  });
});
