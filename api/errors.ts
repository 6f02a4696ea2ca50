// The API's failures: one table of error kinds (status, problem type, title, description), one ApiError carrying a kind; mapped to HTTP in http/problem-response.ts.
import { AppError } from '../platform/errors/app-error.ts';

export interface ParameterError {
  /** The parameter's name as the client sent it (query name, "placeId" for the path, "body" for a request body). */
  parameter: string;
  /** Says what is wrong, never echoes the value (it may be a secret pasted in the wrong place). */
  message: string;
}

export interface ApiErrorKindInfo {
  status: number;
  title: string;
  /** The problem type page's text ({publicUrl}/problems/{kind}). */
  description: string;
  /** Seconds sent as Retry-After with every error of this kind. */
  retryAfterS?: number;
}

/** Every error the API answers with. The key is the problem type's last segment: `{publicUrl}/problems/{kind}`. */
export const API_ERROR_KINDS = {
  'invalid-parameter': {
    status: 400,
    title: 'Invalid parameter',
    description:
      'A query or path parameter (or the request body) is unknown, repeated, empty, badly encoded or breaks its rule. `errors` names each one; fix the request before retrying.',
  },
  unauthorized: {
    status: 401,
    title: 'Unauthorized',
    description:
      'The key is missing, malformed, unknown or revoked. Send it in the X-API-Key header (or Authorization: Bearer). Do not retry with the same key.',
  },
  'not-found': { status: 404, title: 'Not Found', description: 'No current published record or resource has this address.' },
  'version-gone': {
    status: 410,
    title: 'Gone',
    description:
      'The change feed does not keep this snapshot version (it never existed or was pruned). Re-read the country with GET /api/v1/places and start the feed again from the X-Snapshot-Version of its first page.',
  },
  'method-not-allowed': { status: 405, title: 'Method Not Allowed', description: 'The API is read-only: use GET.' },
  'payload-too-large': { status: 413, title: 'Payload Too Large', description: 'The request body is larger than this endpoint accepts.' },
  'unsupported-media-type': {
    status: 415,
    title: 'Unsupported Media Type',
    description: 'The request body uses an encoding or character set this endpoint does not read (use UTF-8, no content encoding).',
  },
  'rate-limited': {
    status: 429,
    title: 'Too Many Requests',
    description: 'The request window of this key (or of failed authentications from this address) is exhausted. Wait Retry-After seconds.',
  },
  'over-budget': {
    status: 503,
    title: 'Service Unavailable',
    description:
      'An extension request (bbox, near or the change feed) would read more rows than one request may. Narrow it: a smaller box or radius, or filters that leave more places in it. The change feed keeps what it read: retry after the Retry-After seconds and it goes on from there.',
    retryAfterS: 1,
  },
  'internal-error': { status: 500, title: 'Internal Server Error', description: 'An unexpected failure. It has been logged with the request id.' },
  'service-unavailable': {
    status: 503,
    title: 'Service Unavailable',
    description: 'A dependency (key store, snapshots) cannot answer right now. Retry after the Retry-After seconds.',
    retryAfterS: 5,
  },
} as const satisfies Record<string, ApiErrorKindInfo>;

export type ApiErrorKind = keyof typeof API_ERROR_KINDS;

export interface ApiErrorDetails {
  /** invalid-parameter: each bad parameter. */
  errors?: ParameterError[];
  /** method-not-allowed: the Allow header. */
  allowed?: string[];
}

export class ApiError extends AppError {
  readonly title: string;
  readonly errors?: ParameterError[];
  readonly allowed?: string[];

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    details: ApiErrorDetails = {},
  ) {
    // The message is already written for the client (it quotes no secret): it is the public one, 5xx included.
    super(message, { code: kind, status: API_ERROR_KINDS[kind].status, publicMessage: message });
    this.name = 'ApiError';
    this.title = API_ERROR_KINDS[kind].title;
    if (details.errors) this.errors = details.errors;
    if (details.allowed) this.allowed = details.allowed;
  }
}

/** An invalid-parameter error: the kind every 400 has, naming each parameter. */
export type InvalidParameters = ApiError & { kind: 'invalid-parameter'; errors: ParameterError[] };

export function invalidParameters(errors: ParameterError[]): InvalidParameters {
  return new ApiError('invalid-parameter', errors.map((e) => `${e.parameter}: ${e.message}`).join('; '), { errors }) as InvalidParameters;
}

export function invalidParameter(parameter: string, message: string): InvalidParameters {
  return invalidParameters([{ parameter, message }]);
}

export function isInvalidParameters(error: unknown): error is InvalidParameters {
  return error instanceof ApiError && error.kind === 'invalid-parameter';
}

export const methodNotAllowed = (allowed: string[]): ApiError =>
  new ApiError('method-not-allowed', `This resource supports ${allowed.join(', ')} only.`, { allowed });
