// A request ahead of the router gets Express's request and response prototypes: set on arrival, or already there when the server's classes chain to them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { aheadOfRouter, type RequestListener } from '../../../api/http/ahead-of-router.ts';
import { createPendingServer, listen } from '../../../api/server/listen.ts';

/** A listener whose every request runs ahead of the router; the chain records the objects' prototypes and answers with Express's own methods. */
function hotListener(seen: { request?: object; response?: object }[]): RequestListener {
  const app = express();
  return aheadOfRouter(
    app,
    () => true,
    (req, res) => {
      seen.push({ request: Object.getPrototypeOf(req) as object, response: Object.getPrototypeOf(res) as object });
      res.status(201).json({ host: req.get('host') !== undefined, app: req.app === app });
    },
    (error, _req, _res, next) => next(error),
  );
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

async function answerOf(server: Server): Promise<{ status: number; body: unknown }> {
  servers.push(server);
  const port = await listen(server, 0, '127.0.0.1');
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/places/x`);
  return { status: response.status, body: await response.json() };
}

describe('aheadOfRouter', () => {
  it('names its app prototypes on the listener', () => {
    const listener = hotListener([]);
    expect(listener.prototypes?.request).toBeDefined();
    expect(Object.getPrototypeOf(listener.prototypes!.request)).toBe(express.request);
  });

  it("sets Express's prototypes on a plain server's request and response", async () => {
    const seen: { request?: object; response?: object }[] = [];
    const listener = hotListener(seen);
    const server = createServer(listener);
    expect(await answerOf(server)).toEqual({ status: 201, body: { host: true, app: true } });
    expect(seen[0]!.request).toBe(listener.prototypes!.request);
    expect(seen[0]!.response).toBe(listener.prototypes!.response);
  });

  it("keeps the prototypes of a server whose classes chain to the app's, and answers the same", async () => {
    const seen: { request?: object; response?: object }[] = [];
    const listener = hotListener(seen);
    const pending = createPendingServer();
    pending.mount(listener);
    expect(await answerOf(pending.server)).toEqual({ status: 201, body: { host: true, app: true } });
    expect(seen[0]!.request).not.toBe(listener.prototypes!.request);
    expect(Object.getPrototypeOf(seen[0]!.request)).toBe(listener.prototypes!.request);
    expect(Object.getPrototypeOf(seen[0]!.response)).toBe(listener.prototypes!.response);
  });
});
