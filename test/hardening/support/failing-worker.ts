// A normalise worker that fails on cue, for the worker-pool failure tests: a chunk whose first line names a fault triggers it.
import { existsSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { processChunk, type ChunkInput } from '../../../pipeline/jobs/process-chunk.ts';

const port = parentPort!;

port.on('message', (message: { seq: number; input: ChunkInput }) => {
  const text = message.input.lines[0]?.text ?? '';
  const fault = /"fault":"([a-z0-9-]+)"(?:,"marker":"([^"]+)")?/.exec(text);
  if (fault?.[1] === 'exit0') process.exit(0);
  if (fault?.[1] === 'exit0-once' && !existsSync(fault[2]!)) {
    writeFileSync(fault[2]!, 'x');
    process.exit(0);
  }
  if (fault?.[1] === 'crash') {
    setImmediate(() => {
      throw new Error('worker crashed on purpose');
    });
    return;
  }
  port.postMessage({ seq: message.seq, items: processChunk(message.input) });
});
