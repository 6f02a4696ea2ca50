// The HTTP server of a start: answers 503 until its app is mounted, listens on the port, and names the address it answers on.
import { createServer, IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request listener; with `prototypes`, the requests and responses it is given should chain to them (Express's). */
type Handler = ((req: IncomingMessage, res: ServerResponse) => void) & { prototypes?: { request: object; response: object } };

export interface PendingServer {
  server: Server;
  /** Mounts the app; requests before this are answered 503 rather than left hanging. */
  mount(app: Handler): void;
}

/**
 * The app needs the bound port for its default public URL: the server exists (and listens) before the app does. Its
 * request and response classes are its own, so mounting an Express app can chain their prototypes to the app's
 * request and response prototypes once: each request then starts as Express would make it, instead of having its
 * prototype (and its response's) replaced on arrival, which costs a share of a plain lookup.
 */
export function createPendingServer(): PendingServer {
  let app: Handler | null = null;
  class ServerRequest extends IncomingMessage {}
  class ServerReply extends ServerResponse<ServerRequest> {}
  const server = createServer<typeof ServerRequest, typeof ServerReply>({ IncomingMessage: ServerRequest, ServerResponse: ServerReply }, (req, res) => {
    if (app) return app(req, res);
    res.statusCode = 503;
    res.end();
  });
  return {
    server,
    mount(handler) {
      if (handler.prototypes) {
        Object.setPrototypeOf(ServerRequest.prototype, handler.prototypes.request);
        Object.setPrototypeOf(ServerReply.prototype, handler.prototypes.response);
      }
      app = handler;
    },
  };
}

/** Listens on port (0: any free one) and host; resolves with the bound port, rejects with the listen error. */
export function listen(server: Server, port: number, host: string | undefined): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Where this process answers: the host it was bound to, or 127.0.0.1 when bound to every interface. */
export function localUrl(host: string | undefined, port: number): string {
  const shown = host && host !== '0.0.0.0' && host !== '::' ? host : '127.0.0.1';
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}
