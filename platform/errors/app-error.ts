// The one error root: every failure the product expects has a stable code, an HTTP status and a message safe to show.

export interface AppErrorOptions {
  /** Stable, kebab-case: what callers and tests match on (the message may be reworded). */
  code: string;
  /** The HTTP status a web surface answers with (default 500). */
  status?: number;
  /** What a page or problem+json may show; default: the message below 500, a generic sentence from 500 on. */
  publicMessage?: string;
  /** The underlying error, logged (and printed with --verbose), never shown. */
  cause?: unknown;
}

/** Said instead of the message of a 5xx failure, which may name files, hosts or stores. */
export const GENERIC_PUBLIC_MESSAGE = 'Something went wrong on our side.';

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly publicMessage: string;

  constructor(message: string, options: AppErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = options.code;
    this.status = options.status ?? 500;
    this.publicMessage = options.publicMessage ?? (this.status < 500 ? message : GENERIC_PUBLIC_MESSAGE);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
