// The event stream of a console import: the job at once, running changes throttled (a burst is one update), the end with its run, then the close.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { streamImportEvents } from '../../../../api/console/ops/import-event-stream.ts';
import type { ImportJob } from '../../../../api/console/ops/import-job-store.ts';
import type { RunRecord } from '../../../../pipeline/index.ts';
import { runningJob } from './support/running-job.ts';

const job = runningJob;

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('streamImportEvents', () => {
  it('sends the job at once, one update for a burst of changes, then the end with what its run came to, and closes', async () => {
    const listeners: ((j: ImportJob) => void)[] = [];
    let unsubscribed = 0;
    const app = express();
    app.get('/events', (req, res) =>
      streamImportEvents(req, res, job(), {
        subscribe: (_id, listener) => {
          listeners.push(listener);
          return () => void unsubscribed++;
        },
        runOf: async (j) => ({ id: j.runId } as unknown as RunRecord),
        view: (j, run) => ({ messages: j.messages, state: j.state, run: run ? (run as unknown as { id: string }).id : null }),
      }),
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/events`);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = response.text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A burst of running changes within the gap: one update at most.
    for (const n of [1, 2, 3]) listeners[0]!(job({ messages: [`m${n}`] }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    listeners[0]!(job({ state: 'published', runId: 'run-7' }));
    const events = (await body).split('\n\n').filter((e) => e.startsWith('event: job'));
    const data = events.map((e) => JSON.parse(e.split('data: ')[1]!) as { messages: string[]; state: string; run: string | null });
    expect(data[0]).toEqual({ messages: [], state: 'running', run: null });
    expect(data.filter((d) => d.state === 'running').length).toBeLessThanOrEqual(2);
    expect(data.at(-1)).toEqual({ messages: [], state: 'published', run: 'run-7' });
    // Unsubscribed at the end (and again, harmlessly, when the request closes).
    expect(unsubscribed).toBeGreaterThan(0);
  });
});
