// The one place a console failure becomes a page: its status and a sentence safe to show, rendered inside the console layout.
import type { ErrorRequestHandler } from 'express';
import { AppError } from '../../platform/errors/app-error.ts';
import { redactUrl } from '../http/query-string.ts';
import { requestLogger } from '../http/request-logger.ts';
import type { ConsoleKit } from './console-kit.ts';
import { renderShell } from './console-layout.ts';
import { html } from '../../platform/html/index.ts';

export interface ConsoleFailure {
  status: number;
  title: string;
  message: string;
  /** How the failure is logged: a client mistake is not logged, an unavailable store is a warning, anything else an error. */
  log: 'warn' | 'error' | null;
}

/** What body parsers (and the router) say about a request that cannot be read, by their error `type`. */
const UNREADABLE: ReadonlyMap<string, string> = new Map([
  ['charset.unsupported', 'The form was sent in a character set the console does not read: send it as UTF-8.'],
  ['encoding.unsupported', 'The form was sent with a content encoding the console does not read.'],
  ['entity.too.large', 'The form is larger than the console accepts.'],
  ['parameters.too.many', 'The form has more fields than the console accepts.'],
  ['entity.parse.failed', 'The form could not be read.'],
]);

function httpStatusOf(error: unknown): number | null {
  const err = error as { status?: unknown; statusCode?: unknown } | null;
  const status = err?.status ?? err?.statusCode;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status < 500 ? status : null;
}

/** Pure: the page a failure deserves. A 4xx never shows a stack or an internal message; a 5xx says only that it failed. */
export function consoleFailureOf(error: unknown): ConsoleFailure {
  if (error instanceof AppError) {
    if (error.status === 503) return { status: 503, title: 'The console cannot reach its store right now', message: 'Try again in a moment.', log: 'warn' };
    if (error.status >= 400 && error.status < 500) return { status: error.status, title: 'This request cannot be done', message: error.publicMessage, log: null };
    return { status: 500, title: 'Something went wrong', message: 'Try again in a moment.', log: 'error' };
  }
  const status = httpStatusOf(error);
  if (status !== null) {
    const type = (error as { type?: unknown }).type;
    const said = typeof type === 'string' ? UNREADABLE.get(type) : undefined;
    return { status, title: 'The form could not be read', message: said ?? 'The request could not be read.', log: null };
  }
  if (error instanceof URIError) return { status: 400, title: 'The address could not be read', message: 'The address is not validly URL-encoded.', log: null };
  return { status: 500, title: 'Something went wrong', message: 'Try again in a moment.', log: 'error' };
}

/** The console's error handler: logs what deserves it, then answers the page inside the layout, with navigation. */
export function consoleErrorHandler(kit: ConsoleKit): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const failure = consoleFailureOf(error);
    if (failure.log) requestLogger(res, kit.deps.logger)[failure.log]({ err: error, url: redactUrl(req.originalUrl) }, 'console request failed');
    const session = kit.session(res);
    res.status(failure.status).type('html').send(
      renderShell({
        title: failure.title,
        body: html`<p>${failure.message}</p><p><a href="/console">Go to the console</a></p>`,
        account: session?.account ?? null,
        csrfToken: session?.record.csrfToken ?? null,
        nav: kit.nav,
        notices: [],
        path: req.originalUrl.split('?')[0] ?? '',
      }),
    );
  };
}
