// RFC 9457 problem+json responses: the one place that maps API errors (and Express's own) to HTTP. No stack traces.
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { ApiError, InvalidParametersError, MethodNotAllowedError, NotFoundError, ServiceUnavailableError } from '../errors.ts';
import type { ParameterError } from '../errors.ts';
import { maskSecrets } from '../keys/key-secret.ts';
import { PROBLEM_TYPES, problemTypeUri } from './problem-types.ts';
import { redactUrl } from './query-string.ts';
import { requestIdOf, requestLogger } from './request-logger.ts';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  errors?: ParameterError[];
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export function sendProblem(res: Response, publicUrl: string, error: ApiError): void {
  const problem: Problem = {
    type: problemTypeUri(publicUrl, error.code),
    title: error.title,
    status: error.status,
    detail: maskSecrets(error.message),
  };
  if (error instanceof InvalidParametersError) {
    problem.errors = error.errors.map((e) => ({ parameter: maskSecrets(e.parameter), message: maskSecrets(e.message) }));
  }
  if (error instanceof MethodNotAllowedError) res.setHeader('Allow', error.allowed.join(', '));
  if (error instanceof ServiceUnavailableError) res.setHeader('Retry-After', '5');
  res.status(error.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}

/** Express and body-parser errors carry a status (e.g. a malformed %-escape in the path is a 400). */
function fromHttpError(error: unknown): ApiError | null {
  const status = (error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode;
  if (error instanceof URIError || status === 400) {
    // Express decodes path parameters only on routes that have one, and placeId is the only one.
    return new InvalidParametersError([{ parameter: 'placeId', message: 'is not validly URL-encoded' }]);
  }
  if (status === 404) return new NotFoundError('Nothing is published at this address.');
  return null;
}

export function createErrorHandler(publicUrl: string, logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const known = error instanceof ApiError ? error : fromHttpError(error);
    if (known) {
      sendProblem(res, publicUrl, known);
      return;
    }
    requestLogger(res, logger).error({ err: error, url: redactUrl(req.originalUrl) }, 'unhandled error');
    const type = PROBLEM_TYPES.find((t) => t.code === 'internal-error');
    const problem: Problem = {
      type: problemTypeUri(publicUrl, 'internal-error'),
      title: type?.title ?? 'Internal Server Error',
      status: 500,
      detail: `Something went wrong on our side. Quote request id ${requestIdOf(res)} when reporting it.`,
    };
    res.status(500).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
  };
}

export function createNotFoundHandler(): RequestHandler {
  return (_req, _res, next) => next(new NotFoundError('Nothing is published at this address.'));
}
