// The HTTP server of a start: answers 503 until its app is mounted, listens on the port, and names the address it answers on.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface PendingServer {
  server: Server;
  /** Mounts the app; requests before this are answered 503 rather than left hanging. */
  mount(app: Handler): void;
}

/** The app needs the bound port for its default public URL: the server exists (and listens) before the app does. */
export function createPendingServer(): PendingServer {
  let app: Handler | null = null;
  const server = createServer((req, res) => {
    if (app) return app(req, res);
    res.statusCode = 503;
    res.end();
  });
  return {
    server,
    mount(handler) {
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
