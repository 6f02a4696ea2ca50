// Queues page: Bull Board over the import queue, inside the console behind operator sign-in (read-only); without REDIS_URL, how to turn queue mode on.
import type { RequestHandler } from 'express';
import { IMPORT_QUEUE_NAME } from '../../../pipeline/index.ts';
import { html } from '../../../platform/html/index.ts';
import { OPS, operatorOnly, type OpsPlugin, sendOps } from './ops-kit.ts';
import type { QueueBoard } from './queue-board.ts';

/** Bull Board is a script application: its own policy, still no other site, no framing, no inline script. */
const BOARD_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * The dashboard with BullMQ and Bull Board behind a dynamic import: a server without REDIS_URL never loads them (some
 * 10 MB of heap). Created at once (its Redis connection opens at start, as before); a failed load answers the
 * dashboard's requests with the error and is otherwise ignored.
 */
export function loadQueueBoard(...args: Parameters<typeof import('./queue-board.ts').createQueueBoard>): Promise<QueueBoard> {
  const board = import('./queue-board.ts').then(({ createQueueBoard }) => createQueueBoard(...args));
  board.catch(() => undefined);
  return board;
}

export const queuePages = (board: Promise<QueueBoard> | null): OpsPlugin => (router, kit, ops) => {
  const guard = operatorOnly(kit);
  router.get(`/ops/queues`, ...guard, async (req, res) => {
    await sendOps(kit, req, res, {
      title: 'Queues',
      body: ops.redisUrl
        ? html`<p class="lead">Queue mode is on: imports started here run as <code>lodging import --queue</code> and their chunks go to the
<code>lodging worker</code> processes through BullMQ (queue <code>${IMPORT_QUEUE_NAME}</code>).</p>
<p><a class="button" href="${OPS}/queues/board/">Open the queue dashboard</a></p>
<p class="aside">The dashboard (Bull Board) is a script application shown read-only: jobs are started from <a href="${OPS}/imports">Start an import</a>, where every action is checked and recorded.</p>`
        : html`<div class="notice info" role="status">Queue mode is off: imports run in one <code>lodging import</code> process each, with worker threads.</div>
<p>To spread imports over several machines, turn queue mode on:</p>
<ol><li>Run Redis and set <code>REDIS_URL</code> (e.g. <code>REDIS_URL=redis://127.0.0.1:6379</code>) for <code>lodging serve</code> and every worker.</li>
<li>Start one or more workers: <code>REDIS_URL=redis://127.0.0.1:6379 npx lodging worker</code>.</li>
<li>Restart <code>lodging serve</code> with the same <code>REDIS_URL</code>: this page then shows the queue dashboard, and console imports use the queue.</li></ol>`,
    });
  });
  if (board) {
    const csp: RequestHandler = (_req, res, next) => {
      res.setHeader('Content-Security-Policy', BOARD_CSP);
      next();
    };
    const dashboard: RequestHandler = async (req, res, next) => (await board).router(req, res, next);
    router.use(`/ops/queues/board`, ...guard, csp, dashboard);
  } else {
    router.use(`/ops/queues/board`, ...guard, (_req, res) => res.redirect(303, `${OPS}/queues`));
  }
};
