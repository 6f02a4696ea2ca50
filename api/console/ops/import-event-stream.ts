// The live event stream of one console import (text/event-stream): its job as it changes, at most 4 updates a second, a heartbeat, and the end with what its run came to.
import type { Request, Response } from 'express';
import type { RunRecord } from '../../../pipeline/index.ts';
import type { ImportJob } from './import-job-store.ts';

/** The shortest gap between two updates of a running job, in ms (the end is never held back). */
const MIN_GAP_MS = 250;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

export interface JobEventSource {
  /** Calls the listener at every change of the job; returns the unsubscribe function. */
  subscribe(id: string, listener: (job: ImportJob) => void): () => void;
  /** What the finished job's run came to (null: unknown). */
  runOf(job: ImportJob): Promise<RunRecord | null>;
  /** The job as the page shows it (no server paths). */
  view(job: ImportJob, run: RunRecord | null): unknown;
}

/** The stream's headers: never cached, never buffered by a proxy. */
function openEventStream(res: Response): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no', Connection: 'keep-alive' });
}

/** Sends the job now, then each change (throttled) until it ends or the browser goes; the stream closes after the end. */
export function streamImportEvents(req: Request, res: Response, job: ImportJob, source: JobEventSource): void {
  openEventStream(res);
  let last = 0;
  let timer: NodeJS.Timeout | null = null;
  const write = (current: ImportJob, run: RunRecord | null) => res.write(`event: job\ndata: ${JSON.stringify(source.view(current, run))}\n\n`);
  const send = (current: ImportJob) => {
    timer = null;
    last = Date.now();
    if (current.state === 'running') return void write(current, null);
    // The end: what the run record says it came to, then the stream closes.
    stop();
    void source
      .runOf(current)
      .catch(() => null)
      .then((run) => {
        write(current, run);
        res.end();
      });
  };
  // At most one update per MIN_GAP_MS; the end is always sent.
  const onChange = (current: ImportJob) => {
    if (current.state !== 'running') {
      if (timer) clearTimeout(timer);
      return send(current);
    }
    if (timer) return;
    timer = setTimeout(() => send(current), Math.max(0, MIN_GAP_MS - (Date.now() - last)));
  };
  const unsubscribe = source.subscribe(job.id, onChange);
  const heartbeat = setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS);
  const stop = () => {
    unsubscribe();
    clearInterval(heartbeat);
    if (timer) clearTimeout(timer);
  };
  req.on('close', stop);
  send(job);
}
