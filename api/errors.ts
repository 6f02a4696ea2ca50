// The API's typed failures: one class per kind, mapped to HTTP in one place (http/problem-response.ts).

export interface ParameterError {
  /** The parameter's name as the client sent it (query name, or "placeId" for the path). */
  parameter: string;
  /** Says what is wrong, never echoes the value (it may be a secret pasted in the wrong place). */
  message: string;
}

export abstract class ApiError extends Error {
  abstract readonly status: number;
  /** Last segment of the problem type URI: `{docs}/problems/{code}`. */
  abstract readonly code: string;
  abstract readonly title: string;
}

export class InvalidParametersError extends ApiError {
  readonly status = 400;
  readonly code = 'invalid-parameter';
  readonly title = 'Invalid parameter';
  constructor(readonly errors: ParameterError[]) {
    super(errors.map((e) => `${e.parameter}: ${e.message}`).join('; '));
    this.name = 'InvalidParametersError';
  }
}

export class UnauthorizedError extends ApiError {
  readonly status = 401;
  readonly code = 'unauthorized';
  readonly title = 'Unauthorized';
  constructor(message: string) {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

export class NotFoundError extends ApiError {
  readonly status = 404;
  readonly code = 'not-found';
  readonly title = 'Not Found';
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

export class RateLimitedError extends ApiError {
  readonly status = 429;
  readonly code = 'rate-limited';
  readonly title = 'Too Many Requests';
  constructor(message: string) {
    super(message);
    this.name = 'RateLimitedError';
  }
}

export class MethodNotAllowedError extends ApiError {
  readonly status = 405;
  readonly code = 'method-not-allowed';
  readonly title = 'Method Not Allowed';
  constructor(readonly allowed: string[]) {
    super(`This resource supports ${allowed.join(', ')} only.`);
    this.name = 'MethodNotAllowedError';
  }
}

/** A dependency (key store, snapshots) cannot answer right now; the client may retry. */
export class ServiceUnavailableError extends ApiError {
  readonly status = 503;
  readonly code = 'service-unavailable';
  readonly title = 'Service Unavailable';
  constructor(message: string) {
    super(message);
    this.name = 'ServiceUnavailableError';
  }
}

export function invalidParameter(parameter: string, message: string): InvalidParametersError {
  return new InvalidParametersError([{ parameter, message }]);
}
