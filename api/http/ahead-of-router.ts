// The server's request listener: the read API's plainest requests run ahead of Express's router, every other one through the app.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, NextFunction, Request, RequestHandler, Response } from 'express';

/** Express's request and response prototypes of the app behind a listener. */
export interface AppPrototypes {
  request: object;
  response: object;
}

/**
 * The listener, with the prototypes its app gives requests and responses: a server whose request and response
 * classes chain to them (listen.ts) makes objects that need no prototype set on them per request.
 */
export type RequestListener = ((req: IncomingMessage, res: ServerResponse) => void) & { prototypes?: AppPrototypes };

/**
 * Express's application and router cost a share of every request before its first layer runs (the dispatch, the
 * final handler and the restore closures made per request, the path parsed and matched): for a lookup answered from
 * the kept answers, about a tenth of its CPU. A request `isHot` takes gets what the application and the router give a
 * request before their first layer (the req/res links, Express's request and response prototypes, `res.locals`,
 * `baseUrl`, `originalUrl` and `params`) and goes through `chain`; an error goes to `errors`, the app's error handler,
 * as the router would pass it. Any other request goes to the app unchanged. (The router's diagnostics-channel
 * events are not published for these requests.) A request or response made by a server whose classes already chain
 * to the app's prototypes (listen.ts) keeps its prototype: setting one on each object costs a share of a lookup.
 */
export function aheadOfRouter(app: Express, isHot: (req: IncomingMessage) => boolean, chain: RequestHandler, errors: ErrorRequestHandler): RequestListener {
  const prototypes: AppPrototypes = { request: app.request, response: app.response };
  const listener: RequestListener = (incoming, outgoing) => {
    if (!isHot(incoming)) return void app(incoming, outgoing);
    const req = incoming as Request;
    const res = outgoing as Response;
    req.res = res;
    res.req = req;
    if (!prototypes.request.isPrototypeOf(req)) Object.setPrototypeOf(req, prototypes.request);
    if (!prototypes.response.isPrototypeOf(res)) Object.setPrototypeOf(res, prototypes.response);
    if (!res.locals) res.locals = Object.create(null) as Response['locals'];
    req.baseUrl = '';
    req.originalUrl = req.url;
    req.params = {};
    chain(req, res, (error?: unknown) => {
      // The chain's last step answers or fails: reaching its end without an error is a fault of this service.
      errors(error ?? new Error('a request ahead of the router was not answered'), req, res, lastResort(app, req));
    });
  };
  listener.prototypes = prototypes;
  return listener;
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
