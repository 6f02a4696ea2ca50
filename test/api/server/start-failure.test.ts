// Why a start failed, in the operator's words: the listen errors named with their fix, others in one line.
import { describe, expect, it } from 'vitest';
import { startFailure } from '../../../api/server/start-failure.ts';
import { CommandFailure } from '../../../platform/cli-io.ts';

const errno = (code: string) => Object.assign(new Error(code), { code });

describe('startFailure', () => {
  it('names the port (and host) a listen error is about, with what to do', () => {
    expect(startFailure(errno('EADDRINUSE'), 3000, undefined)).toBe('cannot listen: port 3000 is already in use; stop what listens there or choose another port (--port N or PORT)');
    expect(startFailure(errno('EACCES'), 80, '0.0.0.0')).toBe('cannot listen on port 80 on 0.0.0.0: permission denied; use a port above 1023');
    expect(startFailure(errno('EADDRNOTAVAIL'), 3000, '10.9.9.9')).toBe('cannot listen on port 3000 on 10.9.9.9: this machine has no such address; check --host');
  });

  it('keeps a command failure’s own message, and the first line of any other error', () => {
    expect(startFailure(new CommandFailure('redis refused the password'), 3000, undefined)).toBe('redis refused the password');
    expect(startFailure(new Error('boom\n  at somewhere'), 3000, undefined)).toBe('cannot start the server: boom');
    expect(startFailure('plain', 3000, undefined)).toBe('cannot start the server: plain');
  });
});
