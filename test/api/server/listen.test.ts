// The pending server answers 503 until its app is mounted; localUrl names where it answers.
import { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createPendingServer, listen, localUrl } from '../../../api/server/listen.ts';

describe('createPendingServer and listen', () => {
  const pending = createPendingServer();
  afterEach(() => new Promise<void>((resolve) => pending.server.close(() => resolve())));

  it('answers 503 before the app is mounted, the app after', async () => {
    const port = await listen(pending.server, 0, '127.0.0.1');
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(503);
    pending.mount((_req, res) => res.end('ready'));
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ready');
  });
});

describe('listen', () => {
  it('rejects with the listen error when the port is taken', async () => {
    const first = createPendingServer();
    const port = await listen(first.server, 0, '127.0.0.1');
    const second = createPendingServer();
    await expect(listen(second.server, port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await new Promise<void>((resolve) => first.server.close(() => resolve()));
  });
});

describe('localUrl', () => {
  it('names the bound host, 127.0.0.1 for every interface, and brackets an IPv6 address', () => {
    expect(localUrl(undefined, 3000)).toBe('http://127.0.0.1:3000');
    expect(localUrl('0.0.0.0', 3000)).toBe('http://127.0.0.1:3000');
    expect(localUrl('::', 3000)).toBe('http://127.0.0.1:3000');
    expect(localUrl('::1', 8080)).toBe('http://[::1]:8080');
    expect(localUrl('192.168.1.5', 80)).toBe('http://192.168.1.5:80');
  });
});

describe('createPendingServer with an app that names its prototypes', () => {
  it("makes requests and responses that chain to the mounted app's prototypes", async () => {
    const request = { appRequest: true };
    const response = { appResponse: true };
    Object.setPrototypeOf(request, IncomingMessage.prototype);
    Object.setPrototypeOf(response, ServerResponse.prototype);
    const pending = createPendingServer();
    const handler = Object.assign(
      (req: IncomingMessage, res: ServerResponse) =>
        res.end(JSON.stringify([request.isPrototypeOf(req), response.isPrototypeOf(res), req instanceof IncomingMessage, res instanceof ServerResponse])),
      { prototypes: { request, response } },
    );
    pending.mount(handler);
    const port = await listen(pending.server, 0, '127.0.0.1');
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).json()).toEqual([true, true, true, true]);
    await new Promise<void>((resolve) => pending.server.close(() => resolve()));
  });
});
