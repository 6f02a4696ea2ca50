// The stop of a running server: no new connections, in-flight requests finish within the grace, then everything opened is closed.
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Closers } from './closers.ts';

/** Returns close(): the first call stops, later calls return the same promise. */
export function gracefulStop(server: Server, closers: Closers, logger: Logger, graceMs: number): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive sockets go idle as their last response ends; close them as they do, not at their timeout.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const grace = setTimeout(() => server.closeAllConnections(), graceMs);
      await stopped;
      clearInterval(sweep);
      clearTimeout(grace);
      await closers.closeAll();
      logger.info('server stopped');
    })();
    return closing;
  };
}
