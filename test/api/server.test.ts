// startServer/close: in-flight requests finish on shutdown, idle keep-alive connections do not hold it up,
// and an authenticated surface mounted beside REST (as MCP will be) reuses the same auth and per-key window.
import { describe, expect, it } from 'vitest';
import { startTestApi } from './support/test-api.ts';
import { readJson } from './support/shapes.ts';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, then refuses new connections', async () => {
    let release: () => void = () => undefined;
    let reached: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handlerReached = new Promise<void>((resolve) => (reached = resolve));
    const api = await startTestApi({
      exports: {},
      start: {
        mountAuthenticated: (app, context) => {
          app.get('/slow', ...context.guards, async (_req, res) => {
            reached();
            await gate;
            res.json({ done: true });
          });
        },
      },
    });
    const inFlight = readJson(api.get('/slow'));
    await handlerReached;
    const closing = api.server.close();
    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ done: true });
    await closing;
    await expect(fetch(`${api.url}/healthz`)).rejects.toThrow();
    await api.close(); // idempotent
  });

  it('does not wait for idle keep-alive connections', async () => {
    const api = await startTestApi({ exports: {}, start: { shutdownGraceMs: 600_000 } });
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    await api.close(); // would hang for the grace period if idle sockets kept it open
  });
});

describe('mounting another authenticated surface', () => {
  it('shares authentication and the per-key window with REST', async () => {
    const api = await startTestApi({
      exports: {},
      env: { LODGING_RATE_LIMIT: '10' },
      start: {
        mountAuthenticated: (app, context) => {
          app.post('/mcp', ...context.guards, (_req, res) => {
            res.json({ places: context.query.search({ country: 'es', limit: 1 }).places });
          });
        },
      },
    });
    try {
      const post = (headers: Record<string, string>) => readJson(fetch(`${api.url}/mcp`, { method: 'POST', headers }));
      expect((await post({})).status).toBe(401);
      const viaBearer = await post({ Authorization: `Bearer ${api.secret}` });
      expect(viaBearer.status).toBe(200);
      expect(viaBearer.headers.get('ratelimit-remaining')).toBe('9');
      const viaRest = await readJson(api.get('/api/v1/key'));
      expect(viaRest.headers.get('ratelimit-remaining')).toBe('8');
    } finally {
      await api.close();
    }
  });
});

describe('an unexpected failure', () => {
  it('is a 500 problem quoting the request id, without the error message or a stack trace', async () => {
    const api = await startTestApi({
      exports: {},
      start: {
        mountAuthenticated: (app) => {
          app.get('/boom', () => {
            throw new Error('internal detail at /work/main/api/secret.ts:12');
          });
        },
      },
    });
    try {
      const json = await readJson(fetch(`${api.url}/boom`));
      expect(json.status).toBe(500);
      expect(json.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(json.body.detail).toContain(json.headers.get('x-request-id'));
      expect(json.text).not.toContain('internal detail');
      expect(json.text).not.toMatch(/\.ts:\d+/);
    } finally {
      await api.close();
    }
  });
});
