// The server's request listener: the read API's plainest requests run ahead of Express's router, every other one through the app.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, NextFunction, Request, RequestHandler, Response } from 'express';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Express's application and router cost a share of every request before its first layer runs (the dispatch, the
 * final handler and the restore closures made per request, the path parsed and matched): for a lookup answered from
 * the kept answers, about a tenth of its CPU. A request `isHot` takes gets what the application and the router give a
 * request before their first layer (the req/res links, Express's request and response prototypes, `res.locals`,
 * `baseUrl`, `originalUrl` and `params`) and goes through `chain`; an error goes to `errors`, the app's error handler,
 * as the router would pass it. Any other request goes to the app unchanged. (The router's diagnostics-channel
 * events are not published for these requests.)
 */
export function aheadOfRouter(app: Express, isHot: (req: IncomingMessage) => boolean, chain: RequestHandler, errors: ErrorRequestHandler): RequestListener {
  return (incoming, outgoing) => {
    if (!isHot(incoming)) return void app(incoming, outgoing);
    const req = incoming as Request;
    const res = outgoing as Response;
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    if (!res.locals) res.locals = Object.create(null) as Response['locals'];
    req.baseUrl = '';
    req.originalUrl = req.url;
    req.params = {};
    chain(req, res, (error?: unknown) => {
      // The chain's last step answers or fails: reaching its end without an error is a fault of this service.
      errors(error ?? new Error('a request ahead of the router was not answered'), req, res, lastResort(app, req));
    });
  };
}

/**
 * What Express's final handler does with an error the error handler passed on (it does so only once the headers are
 * sent): prints it outside tests and cuts the connection, since nothing more can be answered.
 */
function lastResort(app: Express, req: Request): NextFunction {
  return (error?: unknown) => {
    if (error && app.get('env') !== 'test') setImmediate(() => console.error(error));
    req.socket.destroy();
  };
}
