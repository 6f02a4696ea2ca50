// Authentication for /api/v1 (and /mcp): X-API-Key (canonical) or Authorization: Bearer; never the URL.
import type { RequestHandler, Response } from 'express';
import { ApiError } from '../errors.ts';
import type { KeyAuthenticator } from '../keys/authenticate-key.ts';
import { KeyStoreUnavailableError } from '../keys/key-store.ts';
import type { StoredKey } from '../keys/key-store.ts';
import type { Logger } from 'pino';
import { requestLogger } from './request-logger.ts';

export function authenticatedKey(res: Response): StoredKey {
  const key = (res.locals as { apiKey?: StoredKey }).apiKey;
  if (!key) throw new Error('authenticatedKey() used on a route without the api key middleware');
  return key;
}

type Presented = { secret: string } | { failure: string };

/** X-API-Key wins when both are sent: it is the canonical header, Authorization may belong to a gateway. */
function presentedSecret(apiKeyHeader: string | undefined, authorization: string | undefined): Presented {
  if (apiKeyHeader !== undefined) {
    const secret = apiKeyHeader.trim();
    return secret === '' ? { failure: 'The X-API-Key header is empty.' } : { secret };
  }
  if (authorization !== undefined) {
    const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(authorization);
    return match?.[1] ? { secret: match[1] } : { failure: 'The Authorization header must be "Bearer <API_KEY>".' };
  }
  return { failure: 'No API key: send it in the X-API-Key header (or Authorization: Bearer <key>, as MCP clients do).' };
}

export interface ApiKeyAuthOptions {
  authenticator: KeyAuthenticator;
  /** Runs only for failed attempts; answers 429 itself when an address fails too often. */
  failureLimiter: RequestHandler;
  logger: Logger;
}

export function createApiKeyAuth(options: ApiKeyAuthOptions): RequestHandler {
  return async (req, res, next) => {
    const fail = (detail: string) => {
      res.setHeader('WWW-Authenticate', 'Bearer realm="lodging-directory"');
      options.failureLimiter(req, res, (error?: unknown) => next(error ?? new ApiError('unauthorized', detail)));
    };
    const presented = presentedSecret(req.get('x-api-key'), req.get('authorization'));
    if ('failure' in presented) return fail(presented.failure);
    try {
      const check = await options.authenticator.authenticate(presented.secret);
      if (!check.ok) {
        return fail(check.reason === 'malformed' ? 'The API key is malformed.' : 'The API key is unknown or revoked.');
      }
      (res.locals as { apiKey?: StoredKey }).apiKey = check.key;
      next();
    } catch (error) {
      if (error instanceof KeyStoreUnavailableError) {
        requestLogger(res, options.logger).warn({ err: error }, 'key store unavailable');
        next(new ApiError('service-unavailable', 'Keys cannot be checked right now; retry shortly.'));
        return;
      }
      next(error);
    }
  };
}
