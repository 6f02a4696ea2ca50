// `lodging worker --dashboard PORT`: Bull Board over the import queue, on localhost only (it has no authentication).
import type { Server } from 'node:http';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import express from 'express';
import { closeConnection, createWorkerConnection } from '../../platform/redis-connection.ts';
import { IMPORT_QUEUE_NAME } from '../jobs/queue-names.ts';

export interface QueueDashboard {
  url: string;
  close(): Promise<void>;
}

export async function startQueueDashboard(options: {
  redisUrl: string;
  prefix: string;
  port: number;
  log: (line: string) => void;
}): Promise<QueueDashboard> {
  const connection = createWorkerConnection(options.redisUrl, (error) => options.log(`dashboard redis error: ${error.message}`), 'lodging-dashboard');
  const queue = new Queue(IMPORT_QUEUE_NAME, { connection, prefix: options.prefix });
  queue.on('error', () => undefined);
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath('/');
  // @bull-board/express 9.10.1 pins its own copy of @bull-board/api 9.10.1: same shapes, distinct private fields.
  const board = serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'];
  createBullBoard({ queues: [new BullMQAdapter(queue, { readOnlyMode: true })], serverAdapter: board });
  const app = express();
  app.use('/', serverAdapter.getRouter());
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port, '127.0.0.1', () => resolve(listening));
    listening.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue.close().catch(() => undefined);
      await closeConnection(connection);
    },
  };
}
