// Worker-thread side of the in-process runner: normalises the chunks the main thread posts.
import { parentPort } from 'node:worker_threads';
import { processChunk, type ChunkInput } from './process-chunk.ts';

if (!parentPort) throw new Error('normalise-worker must run in a worker thread');
const port = parentPort;

port.on('message', (message: { seq: number; input: ChunkInput }) => {
  try {
    port.postMessage({ seq: message.seq, items: processChunk(message.input) });
  } catch (error) {
    port.postMessage({ seq: message.seq, error: (error as Error).stack ?? String(error) });
  }
});
