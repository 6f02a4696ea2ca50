// The one mapping of console failures to pages: body-parser refusals and the error root's client mistakes are 4xx without a stack; the rest 500/503.
import { describe, expect, it } from 'vitest';
import { consoleFailureOf } from '../../../api/console/console-error-page.ts';
import { AccountInputError } from '../../../api/accounts/account-errors.ts';
import { KeyStoreUnavailableError } from '../../../api/keys/key-store.ts';
import { UploadError } from '../../../api/console/ops/receive-upload.ts';
import { CommandFailure } from '../../../platform/cli-io.ts';

/** What body-parser raises (http-errors): a status and a type. */
const parserError = (status: number, type: string) => Object.assign(new Error('raw parser text'), { status, type, expose: true });

describe('consoleFailureOf', () => {
  it.each([
    [parserError(415, 'charset.unsupported'), 415, 'UTF-8'],
    [parserError(415, 'encoding.unsupported'), 415, 'content encoding'],
    [parserError(413, 'entity.too.large'), 413, 'larger'],
    [parserError(413, 'parameters.too.many'), 413, 'more fields'],
    [parserError(400, 'entity.parse.failed'), 400, 'could not be read'],
    [parserError(400, 'request.aborted'), 400, 'could not be read'],
  ])('a body-parser refusal keeps its 4xx status and is not logged (%#)', (error, status, said) => {
    const failure = consoleFailureOf(error);
    expect(failure).toMatchObject({ status, log: null });
    expect(failure.message).toContain(said);
    expect(failure.message).not.toContain('raw parser text');
  });

  it('a client mistake of the error root shows its public message with its status', () => {
    expect(consoleFailureOf(new AccountInputError('role must be one of developer, operator'))).toEqual({
      status: 400,
      title: 'This request cannot be done',
      message: 'role must be one of developer, operator',
      log: null,
    });
    expect(consoleFailureOf(new UploadError(415, 'send a .jsonl file'))).toMatchObject({ status: 415 });
  });

  it('an unavailable store is a logged 503; a failure of ours and an unknown error a logged 500 that says nothing of itself', () => {
    expect(consoleFailureOf(new KeyStoreUnavailableError('redis at 10.0.0.5 refused'))).toMatchObject({ status: 503, log: 'warn' });
    for (const error of [new CommandFailure('cannot write /srv/data/x'), new TypeError('x is undefined'), 'thrown text']) {
      const failure = consoleFailureOf(error);
      expect(failure).toMatchObject({ status: 500, log: 'error', message: 'Try again in a moment.' });
    }
  });

  it('a 5xx status carried by a foreign error is not trusted as a client mistake', () => {
    expect(consoleFailureOf(Object.assign(new Error('x'), { status: 502 }))).toMatchObject({ status: 500 });
  });
});
