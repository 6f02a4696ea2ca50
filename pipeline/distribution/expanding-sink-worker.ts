// Worker thread of expanding-sink.ts: expands the brotli chunks posted to it into its file, hashing the expanded bytes on their way.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import { byteLimit, digesting, PastByteLimitError } from './download-transforms.ts';
import type { ExpandJob, FromExpander, ToExpander } from './expanding-sink.ts';

const port = parentPort!;
const { file, maxBytes } = (workerData as { data: ExpandJob }).data;
const send = (message: FromExpander) => port.postMessage(message);

// 1 MiB pieces out: with zlib's 16 KiB, 200 MB took 12,400 callbacks and 3× the time.
const decoder = zlib.createBrotliDecompress({ chunkSize: 1 << 20 });
const hash = createHash('sha256');
const target = fs.createWriteStream(file, { flags: 'r+' });
let undecodable = false;
// zlib's own errors carry an errno; a stream destroyed because the limit or the download stopped does not expand badly.
decoder.on('error', (error: NodeJS.ErrnoException) => (undecodable ||= error.errno !== undefined));

port.on('message', (message: ToExpander) => {
  if (message.kind === 'chunk') decoder.write(message.bytes, () => send({ kind: 'taken', bytes: message.bytes.byteLength }));
  else if (message.kind === 'end') decoder.end();
  else decoder.destroy(new Error('the download stopped'));
});

try {
  await (maxBytes === null ? pipeline(decoder, digesting(hash), target) : pipeline(decoder, byteLimit(maxBytes), digesting(hash), target));
  send({ kind: 'done', sha256: hash.digest('hex') });
} catch (error) {
  const reason = error instanceof PastByteLimitError ? 'past-limit' : undecodable ? 'undecodable' : 'other';
  send({ kind: 'failed', reason, message: error instanceof Error ? error.message : String(error) });
} finally {
  if (!target.closed) await once(target, 'close').catch(() => undefined);
  port.close();
}
