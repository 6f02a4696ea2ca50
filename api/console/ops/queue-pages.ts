// Queues page: Bull Board over the import queue, inside the console behind operator sign-in (read-only); without REDIS_URL, how to turn queue mode on.
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import type { RequestHandler } from 'express';
import { IMPORT_QUEUE_NAME } from '../../../pipeline/index.ts';
import { closeConnection, createWorkerConnection } from '../../../platform/redis-connection.ts';
import { html } from '../../../platform/html/index.ts';
import { OPS, operatorOnly, type OpsPlugin, sendOps } from './ops-kit.ts';

/** Bull Board is a script application: its own policy, still no other site, no framing, no inline script. */
const BOARD_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

export interface QueueBoard {
  router: RequestHandler;
  close(): Promise<void>;
}

/** `queuePrefix`: BullMQ's prefix, queuePrefixOf(LODGING_REDIS_PREFIX) as the importer and the workers use. */
export function createQueueBoard(redisUrl: string, queuePrefix: string, basePath: string, onError: (error: Error) => void): QueueBoard {
  const connection = createWorkerConnection(redisUrl, onError, 'lodging-console-board');
  const queue = new Queue(IMPORT_QUEUE_NAME, { connection, prefix: queuePrefix });
  queue.on('error', () => undefined);
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(basePath);
  // @bull-board/express pins its own copy of @bull-board/api: same shapes, distinct private fields.
  const board = serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'];
  // Read-only: a retry or clean from the board would change state without the console's CSRF token and audit trail.
  createBullBoard({ queues: [new BullMQAdapter(queue, { readOnlyMode: true })], serverAdapter: board, options: { uiConfig: { boardTitle: 'Lodging imports' } } });
  return {
    router: serverAdapter.getRouter() as RequestHandler,
    async close() {
      await queue.close().catch(() => undefined);
      await closeConnection(connection);
    },
  };
}

export const queuePages = (board: QueueBoard | null): OpsPlugin => (router, kit, ops) => {
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
    router.use(`/ops/queues/board`, ...guard, csp, board.router);
  } else {
    router.use(`/ops/queues/board`, ...guard, (_req, res) => res.redirect(303, `${OPS}/queues`));
  }
};
