// RFC 9457 problem+json responses: the one place that maps API errors (the error root's, and Express's own) to HTTP, through the error-kind table. No stack traces.
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { AppError } from '../../platform/errors/app-error.ts';
import { API_ERROR_KINDS, ApiError, invalidParameter } from '../errors.ts';
import type { ApiErrorKind, ParameterError } from '../errors.ts';
import { maskSecrets } from '../keys/key-secret.ts';
import { problemTypeUri } from './problem-types.ts';
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
  const kind = API_ERROR_KINDS[error.kind];
  const problem: Problem = {
    type: problemTypeUri(publicUrl, error.kind),
    title: kind.title,
    status: kind.status,
    detail: maskSecrets(error.message),
  };
  if (error.errors) {
    problem.errors = error.errors.map((e) => ({ parameter: maskSecrets(e.parameter), message: maskSecrets(e.message) }));
  }
  if (error.allowed) res.setHeader('Allow', error.allowed.join(', '));
  if ('retryAfterS' in kind) res.setHeader('Retry-After', String(kind.retryAfterS));
  res.status(kind.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}

/** The path parameter a route under this path takes, for a 400 that says which one was badly encoded. */
function pathParameterOf(path: string): string {
  if (path.startsWith('/api/v1/places/') || path.startsWith('/places/')) return 'placeId';
  return 'path';
}

/**
 * Errors Express, its router and body parsers raise carry a status and (body parsers) a `type`: each is mapped to
 * what was actually wrong. A malformed %-escape in a path parameter is the router's URIError.
 */
function fromHttpError(error: unknown, req: Request): ApiError | null {
  const err = error as { status?: unknown; statusCode?: unknown; type?: unknown } | null;
  const status = err?.status ?? err?.statusCode;
  const type = typeof err?.type === 'string' ? err.type : '';
  if (error instanceof URIError) return invalidParameter(pathParameterOf(req.path), 'is not validly URL-encoded');
  switch (type) {
    case 'entity.parse.failed':
      return invalidParameter('body', 'is not well-formed (it does not parse as its Content-Type says)');
    case 'entity.verify.failed':
    case 'request.size.invalid':
    case 'request.aborted':
      return invalidParameter('body', 'was not received whole');
    case 'parameters.too.many':
      return invalidParameter('body', 'has too many fields');
    case 'entity.too.large':
      return new ApiError('payload-too-large', 'The request body is larger than this endpoint accepts.');
    case 'encoding.unsupported':
      return new ApiError('unsupported-media-type', 'The request body uses a Content-Encoding this endpoint does not read.');
    case 'charset.unsupported':
      return new ApiError('unsupported-media-type', 'The request body uses a character set this endpoint does not read; send UTF-8.');
    default:
      break;
  }
  if (status === 400) return invalidParameter('request', 'is malformed');
  if (status === 404) return new ApiError('not-found', 'Nothing is published at this address.');
  if (status === 413) return new ApiError('payload-too-large', 'The request body is larger than this endpoint accepts.');
  if (status === 415) return new ApiError('unsupported-media-type', 'The request body uses an encoding this endpoint does not read.');
  return null;
}

/** The API kind of a status an error of the root carries (one not the API's own): none for 5xx, which stays an internal error. */
const KIND_OF_STATUS: ReadonlyMap<number, ApiErrorKind> = new Map([
  [401, 'unauthorized'],
  [404, 'not-found'],
  [413, 'payload-too-large'],
  [415, 'unsupported-media-type'],
  [429, 'rate-limited'],
  [503, 'service-unavailable'],
]);

/** Any other error of the root: a client mistake becomes its kind with the error's public message; a 5xx is not mapped. */
function fromAppError(error: AppError): ApiError | null {
  const kind = KIND_OF_STATUS.get(error.status);
  if (kind) return new ApiError(kind, error.publicMessage);
  if (error.status >= 400 && error.status < 500) return invalidParameter('request', error.publicMessage);
  return null;
}

export function createErrorHandler(publicUrl: string, logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const known = error instanceof ApiError ? error : error instanceof AppError ? fromAppError(error) : fromHttpError(error, req);
    if (known) {
      sendProblem(res, publicUrl, known);
      return;
    }
    requestLogger(res, logger).error({ err: error, url: redactUrl(req.originalUrl) }, 'unhandled error');
    const problem: Problem = {
      type: problemTypeUri(publicUrl, 'internal-error'),
      title: API_ERROR_KINDS['internal-error'].title,
      status: 500,
      detail: `Something went wrong on our side. Quote request id ${requestIdOf(res)} when reporting it.`,
    };
    res.status(500).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
  };
}

export function createNotFoundHandler(): RequestHandler {
  return (_req, _res, next) => next(new ApiError('not-found', 'Nothing is published at this address.'));
}
