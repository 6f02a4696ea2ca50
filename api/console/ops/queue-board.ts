// The queue dashboard: Bull Board over the import queue on its own Redis connection (loaded only when REDIS_URL is set).
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import type { RequestHandler } from 'express';
import { IMPORT_QUEUE_NAME } from '../../../pipeline/index.ts';
import { closeConnection, createWorkerConnection } from '../../../platform/redis-connection.ts';

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

